import Glibc

/// Times one operation the way the C peers in `side-by-side/` do, so the two columns of the
/// table are measured alike:
///
/// 1. calibrate: single operations until 10 ms have passed (at most 1,000) estimate the cost
///    of one; a batch is as many operations as fit in 5 ms, between 1 and ``maxBatch``;
/// 2. warm up: at least 3 batches and 50 ms;
/// 3. measure: batches until 201 are done, or ``maxSeconds`` have passed with at least 11 done
///    (or 4 × ``maxSeconds`` whatever the count);
/// 4. report the median of the batches' nanoseconds per operation.
///
/// The operation is handed a start index and a count and loops itself, so no call sits between
/// two operations; it walks the inputs cyclically from the start index.
struct MedianTimer {
    /// The largest batch.
    var maxBatch = 1_000
    /// How long one operation is measured for, at most (see the type's description).
    var maxSeconds = 2.0

    /// The measured result of one operation.
    struct Result {
        var operation: String
        var medianNanoseconds: Double
        var batches: Int
        var batchSize: Int

        /// The line the driver and the C peers print: `operation<TAB>median<TAB>batches<TAB>batch size`.
        var line: String {
            "\(operation)\t\(Self.oneDecimal(medianNanoseconds))\t\(batches)\t\(batchSize)"
        }

        static func oneDecimal(_ value: Double) -> String {
            let tenths = (value * 10).rounded()
            return "\(Int(tenths) / 10).\(Int(tenths) % 10)"
        }
    }

    func measure(_ operation: String, _ run: (_ start: Int, _ count: Int) -> Void) -> Result {
        // 1. Calibrate.
        var index = 0
        var calibrationCount = 0
        let calibrationStart = Self.now()
        while calibrationCount < 1_000 && Self.now() - calibrationStart < 10_000_000 {
            run(index, 1)
            index += 1
            calibrationCount += 1
        }
        let estimate = Double(Self.now() - calibrationStart) / Double(calibrationCount)
        let batchSize = Swift.max(1, Swift.min(maxBatch, Int(5_000_000 / Swift.max(estimate, 1))))

        // 2. Warm up.
        let warmupStart = Self.now()
        var warmups = 0
        while warmups < 3 || Self.now() - warmupStart < 50_000_000 {
            run(index, batchSize)
            index += batchSize
            warmups += 1
        }

        // 3. Measure.
        var perOperation: [Double] = []
        perOperation.reserveCapacity(201)
        let limit = UInt64(maxSeconds * 1e9)
        let measureStart = Self.now()
        while perOperation.count < 201 {
            let start = Self.now()
            run(index, batchSize)
            let end = Self.now()
            index += batchSize
            perOperation.append(Double(end - start) / Double(batchSize))
            let elapsed = end - measureStart
            if perOperation.count >= 11 && elapsed >= limit { break }
            if elapsed >= 4 * limit { break }
        }

        // 4. Median.
        perOperation.sort()
        let middle = perOperation.count / 2
        let median = perOperation.count % 2 == 1 ? perOperation[middle] : (perOperation[middle - 1] + perOperation[middle]) / 2
        return Result(operation: operation, medianNanoseconds: median, batches: perOperation.count, batchSize: batchSize)
    }

    /// CLOCK_MONOTONIC in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Keeps a value alive so the optimizer cannot drop the work that produced it.
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Calls `body` with item indices `start`, `start + 1`, … cyclically over `items` items,
/// `count` times, without a division per step (the C peers walk their inputs the same way).
@inline(__always)
func cycle(_ start: Int, _ count: Int, _ items: Int, _ body: (Int) -> Void) {
    var index = start % items
    for _ in 0..<count {
        body(index)
        index += 1
        if index == items { index = 0 }
    }
}

import Benchmark
import Glibc

/// Times a Swift call and the same call through the C library back to back, so that both see
/// the same machine: one iteration is 1,000 pairs, and which side goes first alternates.
///
/// Per iteration it records, in nanoseconds: the median Swift call (`swiftCall`), the median C
/// call (`cCall`), and the median of the pairs' differences, C minus Swift (`cMinusSwift`).
/// package-benchmark keeps no negative values, so a median difference below zero (the C call
/// was the faster) is recorded as 0 in `cMinusSwift`, its size in `swiftMinusC`, and counted in
/// `cFaster`, which reads 1 for such an iteration and 0 otherwise.
public enum PairedCalls {
    public static let pairs = 1_000
    public static let swiftCall = BenchmarkMetric.custom("swiftCall (ns)", useScalingFactor: false)
    public static let cCall = BenchmarkMetric.custom("cCall (ns)", useScalingFactor: false)
    public static let cMinusSwift = BenchmarkMetric.custom("cMinusSwift (ns)", useScalingFactor: false)
    public static let swiftMinusC = BenchmarkMetric.custom("swiftMinusC (ns)", useScalingFactor: false)
    public static let cFaster = BenchmarkMetric.custom("cFaster", useScalingFactor: false)

    /// Only the custom metrics: the iteration's wall clock is two calls' worth and tells nothing.
    public static var configuration: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [swiftCall, cCall, cMinusSwift, swiftMinusC, cFaster], warmupIterations: 2, scalingFactor: .one,
            maxDuration: .seconds(4), maxIterations: 200)
    }

    public static func measure(_ benchmark: Benchmark, swift: () -> Void, c: () -> Void) {
        var swiftTimes = [Int](repeating: 0, count: pairs)
        var cTimes = [Int](repeating: 0, count: pairs)
        var differences = [Int](repeating: 0, count: pairs)
        for index in 0..<pairs {
            if index % 2 == 0 {
                swiftTimes[index] = time(swift)
                cTimes[index] = time(c)
            } else {
                cTimes[index] = time(c)
                swiftTimes[index] = time(swift)
            }
            differences[index] = cTimes[index] - swiftTimes[index]
        }
        let difference = median(&differences)
        benchmark.measurement(swiftCall, median(&swiftTimes))
        benchmark.measurement(cCall, median(&cTimes))
        benchmark.measurement(cMinusSwift, max(0, difference))
        benchmark.measurement(swiftMinusC, max(0, -difference))
        benchmark.measurement(cFaster, difference < 0 ? 1 : 0)
    }

    private static func time(_ call: () -> Void) -> Int {
        let start = now()
        call()
        return now() - start
    }

    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }

    private static func median(_ values: inout [Int]) -> Int {
        values.sort()
        return values[values.count / 2]
    }
}

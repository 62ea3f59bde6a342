public import Benchmark

/// The configurations every OpenWith suite uses.
///
/// Wall clock and throughput are measured for people to read; only `mallocCountTotal`, which
/// is the same on every run of the same build, is ever compared against thresholds. Every
/// other metric gets empty tolerances, so a slow, shared CI machine never fails a check.
///
/// ```swift
/// Benchmark("extension to type", configuration: OpenWithSuite.lookup()) { benchmark in … }
/// ```
public enum OpenWithSuite {
    /// The metrics measured.
    public static var metrics: [BenchmarkMetric] { [.wallClock, .throughput, .mallocCountTotal] }

    /// In-memory work (lookups, sniffing a buffer): the allocation count may not move by more
    /// than 2 per measured iteration.
    public static func lookup(scaling: BenchmarkScalingFactor = .kilo, maxDuration: Duration = .seconds(1)) -> Benchmark.Configuration {
        configuration(scaling: scaling, maxDuration: maxDuration, allocations: BenchmarkThresholds(absolute: [.p90: 2]))
    }

    /// Work that goes through files or SQLite: the allocation count may drift by 3 % (SQLite
    /// allocates a little differently depending on page cache state).
    public static func io(scaling: BenchmarkScalingFactor = .one, maxDuration: Duration = .seconds(2), maxIterations: Int = 1_000) -> Benchmark.Configuration {
        configuration(
            scaling: scaling, maxDuration: maxDuration, maxIterations: maxIterations,
            allocations: BenchmarkThresholds(relative: [.p90: 3.0]))
    }

    private static func configuration(
        scaling: BenchmarkScalingFactor, maxDuration: Duration, maxIterations: Int = 10_000, allocations: BenchmarkThresholds
    ) -> Benchmark.Configuration {
        let ignored = BenchmarkThresholds(relative: [:], absolute: [:])
        return Benchmark.Configuration(
            metrics: metrics,
            warmupIterations: 3,
            scalingFactor: scaling,
            maxDuration: maxDuration,
            maxIterations: maxIterations,
            thresholds: [.mallocCountTotal: allocations, .wallClock: ignored, .throughput: ignored]
        )
    }
}

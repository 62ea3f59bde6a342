import Glibc

/// Seconds on the monotonic clock, for time limits that must not move with the wall clock.
enum MonotonicTime {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

import Glibc

/// Wall-clock time in seconds since 1970, as the catalog stores it.
enum Clock {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

import Glibc

/// Wall-clock time in seconds since 1970, the unit the catalog stores times in.
public enum WallClock {
    /// The current time.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

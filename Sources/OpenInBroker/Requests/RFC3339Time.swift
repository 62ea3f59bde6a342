import Glibc

/// Times as RFC 3339 text in UTC, with milliseconds: `2026-11-24T21:03:55.250Z`.
public enum RFC3339Time {
    /// The RFC 3339 form of a time given in seconds since 1970 (UTC); a time that is not finite
    /// or outside years 0–9999 is written as the epoch's nearest bound.
    public static func format(secondsSince1970 seconds: Double) -> String {
        let bounded = seconds.isFinite ? min(max(seconds, -62_167_219_200), 253_402_300_799.999) : 0
        var whole = bounded.rounded(.down)
        var milliseconds = Int(((bounded - whole) * 1000).rounded())
        if milliseconds >= 1000 {
            whole += 1
            milliseconds -= 1000
        }
        var time = time_t(whole)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "1970-01-01T00:00:00.000Z" }
        func digits(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-" + digits(parts.tm_mday, 2) + "T"
            + digits(parts.tm_hour, 2) + ":" + digits(parts.tm_min, 2) + ":" + digits(parts.tm_sec, 2) + "."
            + digits(Int32(milliseconds), 3) + "Z"
    }
}

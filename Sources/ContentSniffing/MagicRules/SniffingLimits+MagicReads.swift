extension SniffingLimits {
    /// How far into a file the magic rules may read, in bytes (64 KiB): the resolver reads a
    /// second window of the file, never past this offset, when a rule that looks past the
    /// 4 KiB prefix could still decide (ISO 9660's `CD001` at 32769, a Sega Master System
    /// header at 32752). Checks that reach further (a few console ROM signatures at 91 KiB
    /// and more) are not read and do not match.
    public static let maxMagicReadOffset = 64 * 1024
}

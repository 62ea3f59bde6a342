/// What every name a general glob matches must have, checked before the glob itself: a length,
/// the bytes of its literal parts, and its longest literal run (`.so.` of `*.so.[0-9]*`). A
/// plain value with no references, so the globs a name is tried against are mostly refused
/// without touching the patterns.
struct GlobPrefilter: Sendable {
    /// The fewest and the most bytes a matching name has (one per byte, `?` and bracket
    /// expression; no most when the glob has a `*`).
    let minimumLength: Int
    let maximumLength: Int
    /// The ``ByteSet`` of the glob's literal bytes: a matching name holds every one of them.
    let requiredBytes: UInt32
    /// Up to eight bytes of the pattern's longest literal run (folded for a case-insensitive
    /// pattern), packed first byte highest, and how many; none when the pattern has no run.
    let run: UInt64
    let runLength: Int
    let foldsCase: Bool

    /// A summary of which bytes a name holds, in 32 bits: the bit of each byte's low five
    /// bits. Both cases of a letter share a bit, and so do bytes 32 apart (`.`
    /// and `n`), so a glob's bit missing from a name's set proves its byte absent, and a bit
    /// present proves nothing. Cheap to take: one `or` of a shifted bit per byte.
    enum ByteSet {
        @inline(__always)
        static func bit(_ byte: UInt8) -> UInt32 { 1 << UInt32(byte & 31) }

        @inline(__always)
        static func of(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
            var set: UInt32 = 0
            for byte in name { set |= bit(byte) }
            return set
        }
    }

    /// A prefilter from the glob's lengths, the ``ByteSet`` of its literal bytes and its longest
    /// literal run.
    init(minimumLength: Int, maximumLength: Int, requiredBytes: UInt32, requiredRun: ArraySlice<UInt8>, foldsCase: Bool) {
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.requiredBytes = requiredBytes
        self.foldsCase = foldsCase
        let bytes = requiredRun.prefix(8)
        run = bytes.reduce(0) { $0 << 8 | UInt64($1) }
        runLength = bytes.count
    }

    /// Whether a name could match by its length alone.
    @inline(__always)
    func admitsLength(_ count: Int) -> Bool { count >= minimumLength && count <= maximumLength }

    /// Whether `name`, whose ``ByteSet`` is `byteSet`, could match: of a fitting length, with
    /// every literal byte of the glob, and the literal run somewhere.
    @inline(__always)
    func admits(_ name: UnsafeBufferPointer<UInt8>, byteSet: UInt32) -> Bool {
        guard admitsLength(name.count), requiredBytes & ~byteSet == 0 else { return false }
        guard runLength > 0 else { return true }
        // The last bytes read, packed as `run` is. A window holding fewer bytes than the run
        // can equal it only when the run starts with a 0 byte: a false admission, which costs
        // the full match and nothing else.
        var window: UInt64 = 0
        let mask: UInt64 = runLength == 8 ? ~0 : (1 << UInt64(8 * runLength)) &- 1
        if foldsCase {
            for byte in name {
                window = window << 8 | UInt64(ASCIICaseFolding.fold(byte))
                if window & mask == run { return true }
            }
        } else {
            for byte in name {
                window = window << 8 | UInt64(byte)
                if window & mask == run { return true }
            }
        }
        return false
    }
}

import ContentSniffing
import OpenWithTestSupport
import Testing

/// Compiled terminfo entries are placed by their header and names section, in both the legacy
/// and the extended-number format, without libmagic (whose Apple DiskCopy rule claims some of
/// them); a header whose names or sizes do not hold is not an entry.
@Suite("Compiled terminfo entries by their header and names")
struct TerminfoSignatureTests {
    let sniffer = SignatureSniffer()
    let resolver = TypeResolver()
    static let terminfo = "org.gnu.ncurses.terminfo"
    static let terminfoWide = "org.gnu.ncurses.terminfo2"

    /// An entry as `tic` writes it: the header, names, booleans (padded to an even offset),
    /// numbers, string offsets and the string table.
    static func entry(
        magic: Int = 0o432, names: String = "xterm-test|xterm for tests", booleans: Int = 3, numbers: [Int] = [80, 24],
        strings: [String] = ["\u{1B}[H", "\u{1B}[2J"], namesLength: Int? = nil
    ) -> [UInt8] {
        let wide = magic == 0o1036
        let nameBytes = Array(names.utf8) + [0]
        var table = [UInt8]()
        var offsets = [Int]()
        for string in strings {
            offsets.append(table.count)
            table += Array(string.utf8) + [0]
        }
        var bytes = ByteFixtures.le16(magic) + ByteFixtures.le16(namesLength ?? nameBytes.count) + ByteFixtures.le16(booleans)
            + ByteFixtures.le16(numbers.count) + ByteFixtures.le16(strings.count) + ByteFixtures.le16(table.count)
        bytes += nameBytes + [UInt8](repeating: 1, count: booleans)
        if bytes.count % 2 == 1 { bytes.append(0) }
        for number in numbers { bytes += wide ? ByteFixtures.le32(number) : ByteFixtures.le16(number) }
        for offset in offsets { bytes += ByteFixtures.le16(offset) }
        return bytes + table
    }

    func identifier(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { sniffer.sniff(prefix: $0) }.map { $0.identifier.rawValue }
    }

    @Test("legacy and extended-number entries, whole or seen through a prefix")
    func entries() {
        #expect(identifier(Self.entry()) == Self.terminfo)
        #expect(identifier(Self.entry(booleans: 4)) == Self.terminfo)
        #expect(identifier(Self.entry(magic: 0o1036, numbers: [80, 24, 0x1_0000])) == Self.terminfoWide)
        // A prefix of a longer entry: the sizes cannot be checked against the file's end.
        let long = Self.entry(strings: (0..<1000).map { "\u{1B}[\($0)m" })
        let prefix = Array(long.prefix(SniffingLimits().prefixLength))
        #expect(long.count > prefix.count)
        #expect(prefix.withUnsafeBytes { sniffer.sniff(prefix: $0) }?.identifier.rawValue == Self.terminfo)
    }

    @Test("an entry resolves as terminfo without libmagic; the extended one is a kind of it")
    func resolution() throws {
        let legacy = resolver.resolve(bytes: Self.entry(), name: "xterm-test")
        #expect(legacy.type.identifier.rawValue == Self.terminfo)
        #expect(legacy.type.preferredMIMEType == "application/x-terminfo")
        #expect(!legacy.evidence.contains { $0.source == .libmagic })
        let wide = resolver.resolve(bytes: Self.entry(magic: 0o1036), name: nil)
        #expect(wide.type.identifier.rawValue == Self.terminfoWide)
        #expect(wide.type.conforms(to: legacy.type))
    }

    @Test("not an entry: names without their NUL or not printable, a negative count, sections past the end")
    func refusals() {
        #expect(identifier(Self.entry(namesLength: 5)) != Self.terminfo)
        #expect(identifier(Self.entry(names: "xterm\u{7}bell")) != Self.terminfo)
        #expect(identifier(Self.entry(namesLength: 1)) != Self.terminfo)
        var negative = Self.entry()
        negative[5] = 0x80  // booleans: 0x8003, negative as ncurses reads it
        #expect(identifier(negative) != Self.terminfo)
        // Cut short: the whole file ends before the string table does.
        #expect(identifier(Array(Self.entry().dropLast(3))) != Self.terminfo)
        // The magic alone, then zeros.
        #expect(identifier([0x1A, 0x01] + ByteFixtures.zeros(40)) != Self.terminfo)
    }
}

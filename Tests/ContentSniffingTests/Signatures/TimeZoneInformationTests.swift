import ContentSniffing
import Testing

/// TZif (RFC 8536) is recognised by its whole header, not by `TZif` alone, and a file with
/// leap-second records is told apart, wherever its header keeps them.
@Suite("TZif time zone information: the header's checks and leap seconds")
struct TimeZoneInformationTests {
    let sniffer = SignatureSniffer()

    func identifier(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { sniffer.sniff(prefix: $0) }.map { $0.identifier.rawValue }
    }

    @Test("TZif followed by anything but a valid header is not time zone information")
    func brokenHeaders() {
        let valid = SignatureCases.tzif(version: "2", leaps: 0, types: 1)
        #expect(identifier(valid) == "org.iana.mime.application.tzif")
        var reserved = valid
        reserved[10] = 1  // the fifteen reserved bytes must be zero
        #expect(identifier(reserved)?.contains("tzif") != true)
        var version = valid
        version[4] = UInt8(ascii: "9")
        #expect(identifier(version)?.contains("tzif") != true)
        // No local time type: typecnt must not be zero.
        let noTypes = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 39)
        #expect(identifier(noTypes)?.contains("tzif") != true)
        // An indicator count that is neither zero nor the type count.
        var indicators = valid
        indicators[23] = 5
        #expect(identifier(indicators)?.contains("tzif") != true)
        // Cut inside the counts.
        #expect(identifier(Array(valid.prefix(30)))?.contains("tzif") != true)
    }

    @Test("a version 2 file whose second header lies past the prefix is judged by its first")
    func secondHeaderOutOfReach() {
        // A version 1 block of 1,000 transitions (5,000 bytes) puts the second header past 4 KiB.
        var bytes = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
        for count in [1, 1, 0, 1000, 1, 4] { bytes += SignatureCases.be32(count) }
        bytes += [UInt8](repeating: 0, count: 4096)
        #expect(identifier(bytes) == "org.iana.mime.application.tzif")
    }
}

import ContentSniffing
import Testing

@Suite("PathBytes: file names that are not UTF-8 survive a String")
struct PathBytesTests {
    @Test("Bytes → string → bytes is exact", arguments: [
        Array("/tmp/plain.txt".utf8),
        Array("/tmp/caf\u{E9}.txt".utf8),
        [0x2F, 0x61, 0xFF, 0xFE, 0x2E, 0x74],
        [0xC3, 0x28, 0xE2, 0x82, 0xF0, 0x9F, 0x98],
        // U+10FF80 and U+10FFFF written as valid UTF-8: kept apart from raw bytes.
        [0xF4, 0x8F, 0xBE, 0x80, 0x2F, 0xF4, 0x8F, 0xBF, 0xBF, 0x80],
    ] as [[UInt8]])
    func roundTrip(bytes: [UInt8]) {
        let text = PathBytes.string(from: bytes)
        #expect(PathBytes.bytes(of: text) == bytes)
        let viaC = PathBytes.withCString(text) { pointer in
            Array(UnsafeBufferPointer(start: pointer, count: bytes.count + 1)).map { UInt8(bitPattern: $0) }
        }
        #expect(viaC == bytes + [0])
    }

    @Test("Valid UTF-8 is unchanged")
    func utf8Unchanged() {
        #expect(PathBytes.string(from: Array("/tmp/caf\u{E9}.txt".utf8)) == "/tmp/caf\u{E9}.txt")
        #expect(!PathBytes.string(from: [0x61, 0xFF]).contains("\u{FFFD}"))
    }
}

import Testing

@testable import UniformTypes

/// Tag tables are read in place from a graph image and checked on use, not on opening: a lookup
/// in a damaged or hostile table answers nothing for what the damage touched, never reads out of
/// bounds and never loops.
@Suite("Tag tables: lookups checked on use")
struct TagTableTests {
    /// The bytes of a table in the image layout: flag, mask, key-length bits, then the cell
    /// (four words a slot), key-offset and key-byte arrays.
    static func image(mask: Int, lengths: UInt64, cells: [Int32], keyOffsets: [Int32], keys: [UInt8]) -> [UInt8] {
        var writer = GraphImageWriter()
        writer.writeWord(1)
        writer.writeWord(UInt64(mask))
        writer.writeWord(lengths)
        writer.writeArray(cells)
        writer.writeArray(keyOffsets)
        writer.writeArray(keys)
        return writer.bytes
    }

    /// `count` slots that all hold the same cell: entry + 1, key start, key end, value.
    static func cells(_ count: Int, _ cell: [Int32]) -> [Int32] { (0..<count).flatMap { _ in cell } }

    /// The table in `bytes` (nil when its shape is refused), and what `body` asks of it.
    static func reading<Result>(_ bytes: [UInt8], valueLimit: Int, _ body: (TagTable?) -> Result) -> Result {
        bytes.withUnsafeBytes { raw in
            var reader = GraphImageReader(raw)
            return body(TagTable(reading: &reader, valueLimit: valueLimit))
        }
    }

    @Test("a written table answers its keys in any case and nothing else")
    func roundTrip() throws {
        var writer = GraphImageWriter()
        let entries: [(key: [UInt8], value: Int32)] = [(Array("png".utf8), 0), (Array("jpeg".utf8), 1), (Array("tar.gz".utf8), 2)]
        TagTable.write(entries, foldsCase: true, to: &writer)
        let answers = Self.reading(writer.bytes, valueLimit: 3) { table in
            ["PNG", "jpeg", "Tar.GZ", "gif", "", "pngx"].map { table?.value(for: $0) }
        }
        #expect(answers == [0, 1, 2, nil, nil, nil])
    }

    @Test("keys told apart only by bit 5 of a byte that is not a letter, in either table kind")
    func bitFiveNeighbours() throws {
        // Hashing folds a byte by setting its bit 5, so each pair shares a hash: `_` and DEL,
        // `@` and `` ` ``, `[` and `{`, a control byte and a space, a UTF-8 lead byte and its
        // neighbour. Only the compare may tell them apart.
        let pairs: [([UInt8], [UInt8])] = [
            (Array("x-a_b".utf8), Array("x-a\u{7f}b".utf8)),
            (Array("user@host.example".utf8), Array("user`host.example".utf8)),
            (Array("[x]".utf8), Array("{x]".utf8)),
            (Array("tab\u{0}key".utf8), Array("tab key".utf8)),
            ([0xC3, 0xA9, 0x2E, 0x74, 0x78, 0x74], [0xE3, 0xA9, 0x2E, 0x74, 0x78, 0x74]),
            (Array("application/vnd.a_very_long_name_past_sixteen_bytes".utf8), Array("application/vnd.a\u{7f}very_long_name_past_sixteen_bytes".utf8)),
        ]
        for foldsCase in [true, false] {
            var writer = GraphImageWriter()
            let keys = pairs.flatMap { [$0.0, $0.1] }
            TagTable.write(keys.enumerated().map { (key: $0.element, value: Int32($0.offset)) }, foldsCase: foldsCase, to: &writer)
            let answers = Self.reading(writer.bytes, valueLimit: keys.count) { table in
                keys.map { key in key.withUnsafeBufferPointer { table?.value(for: $0) } }
            }
            #expect(answers == keys.indices.map { Int32($0) }, "foldsCase: \(foldsCase)")
        }
    }

    @Test("upper-case letters fold in a folding table and only there, at every key length")
    func caseAtEveryLength() throws {
        // Keys of 0 to 40 bytes, so every short-word and whole-word path is taken; each has an
        // upper-case letter at a different place.
        let keys: [String] = (0...40).map { length in
            String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(($0 * 7 + length) % 26))) })
        }
        let upper: [String] = keys.map { key in
            guard !key.isEmpty else { return key }
            var bytes = Array(key.utf8)
            bytes[bytes.count / 2] -= 0x20
            return String(decoding: bytes, as: UTF8.self)
        }
        for foldsCase in [true, false] {
            var writer = GraphImageWriter()
            TagTable.write(keys.enumerated().map { (key: Array($0.element.utf8), value: Int32($0.offset)) }, foldsCase: foldsCase, to: &writer)
            let (exact, folded) = Self.reading(writer.bytes, valueLimit: keys.count) { table in
                (keys.map { table?.value(for: $0) }, upper.map { table?.value(for: $0) })
            }
            #expect(exact == keys.indices.map { Int32($0) })
            // The empty key has no letter to change: it is found either way.
            #expect(folded == keys.indices.map { foldsCase || $0 == 0 ? Int32($0) : nil }, "foldsCase: \(foldsCase)")
        }
    }

    @Test("a table with every slot taken still ends a lookup of a missing key")
    func fullTable() {
        // Eight slots all holding "png": no probe ever reaches an empty slot.
        let bytes = Self.image(
            mask: 7, lengths: TagTable.lengthBit(3), cells: Self.cells(8, [1, 0, 3, 0]), keyOffsets: [0, 3], keys: Array("png".utf8))
        let answers = Self.reading(bytes, valueLimit: 1) { table in [table?.value(for: "png"), table?.value(for: "gif")] }
        #expect(answers == [0, nil])
    }

    @Test("cells that point outside the table are no entries", arguments: [
        // A cell naming a negative entry.
        ([Int32]([-5, 0, 3, 0]), [Int32]([0, 3])),
        // A key running past the key bytes.
        ([Int32]([1, 0, 300, 0]), [Int32]([0, 300])),
        // A key starting before them.
        ([Int32]([1, -4, 3, 0]), [Int32]([-4, 3])),
        // A value at the limit, and a negative one.
        ([Int32]([1, 0, 3, 1]), [Int32]([0, 3])),
        ([Int32]([1, 0, 3, -1]), [Int32]([0, 3])),
    ])
    func outOfBounds(cell: [Int32], keyOffsets: [Int32]) throws {
        let bytes = Self.image(mask: 7, lengths: ~0, cells: Self.cells(8, cell), keyOffsets: keyOffsets, keys: Array("png".utf8))
        let answers = Self.reading(bytes, valueLimit: 1) { table in
            table.map { [$0.value(for: "png"), $0.value(for: "gif"), $0.value(for: "")] }
        }
        #expect(answers == [nil, nil, nil])
        let key = Self.reading(bytes, valueLimit: 1) { table in table.map { Array($0.key(at: 0)) } }
        #expect(key == (keyOffsets == [0, 3] ? Array("png".utf8) : []))
        #expect(Self.reading(bytes, valueLimit: 1) { $0.map { Array($0.key(at: 5)) } } == [])
    }

    @Test("a table whose sections do not fit together is refused when opened", arguments: [
        (7, 9, 2),  // mask 7 with nine slots
        (7, 8, 8),  // as many entries as slots: no slot can be empty
        (6, 7, 1),  // a slot count that is not a power of two
    ])
    func refusedShapes(mask: Int, slotCount: Int, entries: Int) {
        let bytes = Self.image(
            mask: mask, lengths: ~0, cells: Self.cells(slotCount, [0, 0, 0, 0]), keyOffsets: [Int32](repeating: 0, count: entries + 1),
            keys: [])
        #expect(Self.reading(bytes, valueLimit: 100) { $0 == nil })
    }
}

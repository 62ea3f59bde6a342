import Testing

@testable import UniformTypes

/// The graph image's container: a directory of words and array counts, then the arrays'
/// elements, read back in the order written and never past the end.
@Suite("Graph image reader: the directory, then the elements")
struct GraphImageReaderTests {
    static func written() -> [UInt8] {
        var writer = GraphImageWriter()
        writer.writeWord(7)
        writer.writeArray([UInt8]([1, 2, 3]))
        writer.writeWord(9)
        writer.writeArray([Int32]([-1, 5]))
        writer.writeArray([UInt64]())
        writer.writeStrings([Array("ab".utf8), [], Array("xyz".utf8)])
        writer.patchWord(atIndex: 2, 10)
        return writer.bytes
    }

    @Test("words and arrays read back in order, the words first in the image")
    func roundTrip() {
        let bytes = Self.written()
        // The directory's length, 7 directory words (2 words, 5 counts), then 8 + 8 + 0 + 16 + 8
        // element bytes.
        #expect(bytes.count == 8 + 7 * 8 + 40)
        #expect(Array(bytes[0..<8]) == [7, 0, 0, 0, 0, 0, 0, 0])
        #expect(Array(bytes[64..<67]) == [1, 2, 3])
        bytes.withUnsafeBytes { raw in
            var reader = GraphImageReader(raw)
            #expect(reader.readWord() == 7)
            #expect(reader.readArray(of: UInt8.self).map(Array.init) == [1, 2, 3])
            #expect(reader.readWord() == 10)
            #expect(reader.readArray(of: Int32.self).map(Array.init) == [-1, 5])
            #expect(reader.readArray(of: UInt64.self)?.count == 0)
            let strings = reader.readStrings()
            #expect(strings.map { strings in (0..<strings.count).map { Array(strings[$0]) } } == [Array("ab".utf8), [], Array("xyz".utf8)])
            #expect(reader.isAtEnd)
            #expect(reader.readWord() == nil)
        }
    }

    @Test("a directory longer than the image, or elements past its end, read as nothing")
    func bounds() {
        var bytes = Self.written()
        bytes[0] = 200  // more directory words than the image holds
        bytes.withUnsafeBytes { raw in
            var reader = GraphImageReader(raw)
            #expect(reader.readWord() == nil)
            #expect(reader.readArray(of: UInt8.self) == nil)
            #expect(!reader.isAtEnd)
        }
        let truncated = Array(Self.written().dropLast(8))
        truncated.withUnsafeBytes { raw in
            var reader = GraphImageReader(raw)
            #expect(reader.readWord() == 7)
            #expect(reader.readArray(of: UInt8.self) != nil)
            #expect(reader.readWord() == 10)
            #expect(reader.readArray(of: Int32.self) != nil)
            #expect(reader.readArray(of: UInt64.self) != nil)
            #expect(reader.readStrings() == nil)  // its bytes were cut off
        }
        [UInt8](repeating: 0, count: 7).withUnsafeBytes { raw in
            var reader = GraphImageReader(raw)
            #expect(reader.readWord() == nil)
        }
    }

    @Test("a string whose offsets leave its bytes reads as empty")
    func damagedStrings() {
        var writer = GraphImageWriter()
        writer.writeArray([Int32]([0, 2, 99, 1]))
        writer.writeArray(Array("abc".utf8))
        let bytes = writer.bytes
        bytes.withUnsafeBytes { raw in
            var reader = GraphImageReader(raw)
            guard let strings = reader.readStrings() else {
                Issue.record("strings not read")
                return
            }
            #expect(Array(strings[0]) == Array("ab".utf8))
            #expect(strings[1].isEmpty)  // ends past the bytes
            #expect(strings[2].isEmpty)  // ends before it starts
        }
    }
}

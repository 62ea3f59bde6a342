/// Builds small PDF files for tests, written here byte by byte: PDF 1.5 files whose objects sit
/// in an object stream and whose cross-reference section is a stream (`FlateDecode` with the PNG
/// "up" predictor, as most writers produce), or PDF 1.4 files with a classic table.
///
/// The `FlateDecode` data is made here without a compressor: the object stream as one DEFLATE
/// block of fixed Huffman literals (so no object is readable as plain text), the
/// cross-reference stream as stored blocks.
///
/// ```swift
/// let pdf = PDFBuilder(pageCount: 3, title: "Report").crossReferenceStreamFile()
/// ```
public struct PDFBuilder {
    /// The number of leaf pages.
    public var pageCount: Int
    /// The Info dictionary's title (written as UTF-16BE hex with a byte order mark), if any.
    public var title: String?
    /// The page tree root's `/MediaBox`, inherited by pages without one.
    public var rootMediaBox: [Double]
    /// The first page's own `/MediaBox`, if any.
    public var firstPageMediaBox: [Double]?

    /// A builder.
    public init(pageCount: Int, title: String? = nil, rootMediaBox: [Double] = [0, 0, 612, 792], firstPageMediaBox: [Double]? = nil) {
        self.pageCount = pageCount
        self.title = title
        self.rootMediaBox = rootMediaBox
        self.firstPageMediaBox = firstPageMediaBox
    }

    /// The object bodies: 1 catalog, 2 page tree root, 3 an intermediate page-tree node, 4 Info,
    /// then one object per page from 5.
    func objects() -> [String] {
        func box(_ values: [Double]) -> String { "[" + values.map { $0.rounded() == $0 ? String(Int($0)) : String($0) }.joined(separator: " ") + "]" }
        let pageNumbers = (0..<pageCount).map { 5 + $0 }
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Count \(pageCount) /MediaBox \(box(rootMediaBox)) /Kids [3 0 R] >>",
            "<< /Type /Pages /Parent 2 0 R /Count \(pageCount) /Kids [" + pageNumbers.map { "\($0) 0 R" }.joined(separator: " ") + "] >>",
            title.map { "<< /Title <FEFF" + $0.utf16.map { hex16($0) }.joined() + "> /Producer (tests) >>" } ?? "<< /Producer (tests) >>",
        ]
        for index in 0..<pageCount {
            let own = index == 0 ? firstPageMediaBox.map { " /MediaBox \(box($0))" } ?? "" : ""
            objects.append("<< /Type /Page /Parent 3 0 R\(own) >>")
        }
        return objects
    }

    /// A PDF 1.5 file: every object in one object stream, a cross-reference stream, no table.
    public func crossReferenceStreamFile() -> [UInt8] {
        let bodies = objects()
        var header = ""
        var content = ""
        for (index, body) in bodies.enumerated() {
            header += "\(index + 1) \(content.utf8.count) "
            content += body + "\n"
        }
        let objectStreamData = Array((header + "\n").utf8) + Array(content.utf8)
        let first = (header + "\n").utf8.count
        let objectStreamNumber = bodies.count + 1
        let crossReferenceNumber = bodies.count + 2
        var file = Array("%PDF-1.5\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        let objectStreamOffset = file.count
        let packed = PDFBuilder.zlibFixedHuffman(objectStreamData)
        file += Array("\(objectStreamNumber) 0 obj\n<< /Type /ObjStm /N \(bodies.count) /First \(first) /Filter /FlateDecode /Length \(packed.count) >>\nstream\n".utf8)
        file += packed + Array("\nendstream\nendobj\n".utf8)
        let crossReferenceOffset = file.count
        // Entries: type (1 byte), field 2 (4 bytes), field 3 (2 bytes); object 0 is free.
        var rows: [[UInt8]] = [[0, 0, 0, 0, 0, 0xFF, 0xFF]]
        for index in 0..<bodies.count { rows.append([2] + be(objectStreamNumber, 4) + be(index, 2)) }
        rows.append([1] + be(objectStreamOffset, 4) + [0, 0])
        rows.append([1] + be(crossReferenceOffset, 4) + [0, 0])
        // PNG "up" predictor: each row is the byte-wise difference from the previous row.
        var predicted: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: 7)
        for row in rows {
            predicted.append(2)
            for index in 0..<7 { predicted.append(row[index] &- previous[index]) }
            previous = row
        }
        let stream = PDFBuilder.zlibStored(predicted)
        file += Array(
            """
            \(crossReferenceNumber) 0 obj
            << /Type /XRef /Size \(rows.count) /W [1 4 2] /Root 1 0 R /Info 4 0 R /Filter /FlateDecode \
            /DecodeParms << /Predictor 12 /Columns 7 >> /Length \(stream.count) >>
            stream

            """.utf8)
        file += stream + Array("\nendstream\nendobj\nstartxref\n\(crossReferenceOffset)\n%%EOF\n".utf8)
        return file
    }

    /// A PDF 1.4 file: plain objects and a classic cross-reference table.
    public func tableFile() -> [UInt8] {
        var file = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, body) in objects().enumerated() {
            offsets.append(file.count)
            file += Array("\(index + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let tableOffset = file.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R /Info 4 0 R >>\nstartxref\n\(tableOffset)\n%%EOF\n"
        return file + Array(table.utf8)
    }

    /// A zlib stream (RFC 1950) of stored DEFLATE blocks holding `data`.
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let adler = b << 16 | a
        return out + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    }

    /// A zlib stream (RFC 1950) of one DEFLATE block with fixed Huffman codes, every byte a
    /// literal (RFC 1951 §3.2.6): the bytes are not readable in the result.
    public static func zlibFixedHuffman(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var current: UInt32 = 0
        var count = 0
        func put(_ value: UInt32, bits: Int) {  // header fields, least significant bit first
            for bit in 0..<bits { push(value >> UInt32(bit) & 1) }
        }
        func code(_ value: UInt32, bits: Int) {  // Huffman codes, most significant bit first
            for bit in (0..<bits).reversed() { push(value >> UInt32(bit) & 1) }
        }
        func push(_ bit: UInt32) {
            current |= bit << UInt32(count)
            count += 1
            if count == 8 {
                out.append(UInt8(current))
                current = 0
                count = 0
            }
        }
        put(1, bits: 1)
        put(1, bits: 2)
        for byte in data {
            if byte < 144 { code(0x30 + UInt32(byte), bits: 8) } else { code(0x190 + UInt32(byte) - 144, bits: 9) }
        }
        code(0, bits: 7)
        if count > 0 { out.append(UInt8(current)) }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let adler = b << 16 | a
        return out + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    }

    private func be(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8((value >> (8 * (count - 1 - $0))) & 0xFF) } }

    private func hex16(_ unit: UInt16) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(unit >> 12)], digits[Int(unit >> 8 & 15)], digits[Int(unit >> 4 & 15)], digits[Int(unit & 15)]])
    }
}

extension DocumentPreview {
    /// The version, page count, first page size and title of a PDF.
    ///
    /// Policy: the version comes from the `%PDF-x.y` header (within the first 1024 bytes). The
    /// structure is then read as a viewer reads it (``PDFDocumentReader``): `startxref`, the
    /// cross-reference tables or PDF 1.5 cross-reference streams (`/Prev`, `/XRefStm`), objects
    /// at their offsets or inside `FlateDecode` object streams. From it: the page count is the
    /// `/Count` of the catalog's page tree root; the page size is the first page's `/MediaBox`
    /// (inherited from its ancestors), in points; the title is the Info dictionary's `/Title`
    /// (the trailer's, or the cross-reference stream's `/Info`), unless the file is encrypted.
    /// When the structure cannot be followed (broken offsets, a file larger than the budget
    /// whose objects lie beyond it), the head and the tail of the file are scanned as plain
    /// text instead: the largest `/Count` of a `/Type /Pages` dictionary, and the `/Title` of
    /// the object the last `/Info n g R` names. Strings are read literal or hexadecimal,
    /// UTF-16BE with a byte order mark, UTF-8 with a mark, otherwise PDFDocEncoding
    /// approximated by ISO-8859-1. All reads share the preview's byte budget.
    public struct PDF: Sendable, Hashable, Codable {
        /// The header's version, e.g. `1.7`.
        public var version: String?
        /// The number of pages, when the page tree is readable.
        public var pageCount: Int?
        /// The document title from the Info dictionary.
        public var title: String?
        /// Whether the trailer names an `/Encrypt` dictionary.
        public var encrypted: Bool
        /// The first page's width in points (1/72 inch), from its `/MediaBox`.
        public var pageWidth: Double?
        /// The first page's height in points, from its `/MediaBox`.
        public var pageHeight: Double?

        /// Creates PDF facts.
        public init(version: String?, pageCount: Int?, title: String?, encrypted: Bool, pageWidth: Double? = nil, pageHeight: Double? = nil) {
            self.version = version
            self.pageCount = pageCount
            self.title = title
            self.encrypted = encrypted
            self.pageWidth = pageWidth
            self.pageHeight = pageHeight
        }

        static let maximumDictionaryScan = 64 * 1024
        /// The most bytes examined in total while looking for page-tree dictionaries, so that
        /// thousands of unbalanced `<<` cannot make the scan quadratic.
        static let maximumScanWork = 4 * 1024 * 1024

        static func read(from source: PreviewSource, limits: Limits, notes: inout [String]) throws(HandOverError)
            -> PDF?
        {
            let whole: PreviewBytes? = source.size <= Int64(source.remainingBudget) ? try source.head(Int(source.size)) : nil
            let head: PreviewBytes
            if let whole { head = whole } else { head = try source.head(1024 + 16) }
            guard let start = head.firstIndex(of: Array("%PDF-".utf8), to: 1024 + 5) else {
                notes.append("no %PDF- header in the first 1024 bytes")
                return nil
            }
            var version = ""
            var index = start + 5
            while let byte = head[index],
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "."),
                version.count < 8
            {
                version.unicodeScalars.append(Unicode.Scalar(byte))
                index += 1
            }
            let reader = PDFDocumentReader(source: source, whole: whole?.bytes, steps: limits.maximumSteps * 16)
            let structure = try reader.facts()
            var pdf = PDF(
                version: version.isEmpty ? nil : version, pageCount: structure?.pageCount, title: structure?.title,
                encrypted: structure?.encrypted ?? false, pageWidth: structure?.pageWidth, pageHeight: structure?.pageHeight)
            // An /Encrypt anywhere in a file read whole counts, as the scan counts it.
            if let whole, whole.firstIndex(of: Array("/Encrypt".utf8)) != nil { pdf.encrypted = true }
            if pdf.encrypted { pdf.title = nil }
            if pdf.pageCount == nil || (pdf.title == nil && !pdf.encrypted) {
                try scanPlainText(source, whole: whole, into: &pdf, limits: limits, notes: &notes)
            }
            if pdf.encrypted { notes.append("encrypted: the title is not read") }
            return pdf
        }

        /// The fallback: scans the head and the tail (the whole file when it was read) as plain
        /// text for what the structure did not give.
        static func scanPlainText(
            _ source: PreviewSource, whole: PreviewBytes?, into pdf: inout PDF, limits: Limits, notes: inout [String]
        ) throws(HandOverError) {
            var buffers: [PreviewBytes]
            if let whole {
                buffers = [whole]
            } else {
                let half = max(1, source.remainingBudget / 2)
                buffers = [try source.head(half)]
                let tailLength = min(source.size - Int64(buffers[0].count), Int64(source.remainingBudget))
                if tailLength > 0 {
                    let tail = try source.read(at: source.size - tailLength, count: Int(tailLength))
                    if !tail.isEmpty { buffers.append(tail) }
                }
            }
            if pdf.pageCount == nil {
                var work = maximumScanWork
                for buffer in buffers {
                    if let count = pagesCount(in: buffer, limits: limits, work: &work) {
                        pdf.pageCount = max(pdf.pageCount ?? 0, count)
                    }
                }
                if pdf.pageCount == nil { notes.append("the page tree is not readable") }
            }
            if buffers.contains(where: { $0.firstIndex(of: Array("/Encrypt".utf8)) != nil }) { pdf.encrypted = true }
            if pdf.title == nil, !pdf.encrypted, let reference = infoReference(in: buffers) {
                for buffer in buffers.reversed() {
                    if let found = titleOfObject(reference, in: buffer) {
                        pdf.title = found
                        break
                    }
                }
            }
        }

        // MARK: Page count

        static func pagesCount(in buffer: PreviewBytes, limits: Limits, work: inout Int) -> Int? {
            var best: Int?
            var from = 0
            var steps = 0
            let typeKey = Array("/Type".utf8)
            // Each search moves forward, so the loop is bounded by the buffer; the costlier
            // dictionary scans are capped by `maximumSteps`.
            while steps < limits.maximumSteps, work > 0, let found = buffer.firstIndex(of: typeKey, from: from) {
                from = found + typeKey.count
                let cursor = skipWhitespace(buffer, from)
                guard buffer.has("/Pages", at: cursor), !isRegular(buffer[cursor + 6]) else { continue }
                steps += 1
                guard let dictionary = enclosingDictionary(buffer, around: found, work: &work),
                    let count = integerValue(of: "/Count", in: buffer, range: dictionary, work: &work)
                else { continue }
                if count >= 0 && count <= 10_000_000 { best = max(best ?? 0, count) }
            }
            return best
        }

        /// The `<<` … `>>` range of the dictionary that directly contains `position`.
        static func enclosingDictionary(_ buffer: PreviewBytes, around position: Int, work: inout Int) -> Range<Int>? {
            var depth = 0
            var index = position - 1
            var start: Int?
            let lowest = max(0, position - maximumDictionaryScan)
            while index >= lowest + 1 && work > 0 {
                work -= 1
                if buffer[index - 1] == UInt8(ascii: ">") && buffer[index] == UInt8(ascii: ">") {
                    depth += 1
                    index -= 2
                    continue
                }
                if buffer[index - 1] == UInt8(ascii: "<") && buffer[index] == UInt8(ascii: "<") {
                    if depth == 0 {
                        start = index - 1
                        break
                    }
                    depth -= 1
                    index -= 2
                    continue
                }
                index -= 1
            }
            guard let start else { return nil }
            depth = 0
            index = start
            let highest = min(buffer.count, start + maximumDictionaryScan)
            while index + 1 < highest && work > 0 {
                work -= 1
                if buffer[index] == UInt8(ascii: "<") && buffer[index + 1] == UInt8(ascii: "<") {
                    depth += 1
                    index += 2
                    continue
                }
                if buffer[index] == UInt8(ascii: ">") && buffer[index + 1] == UInt8(ascii: ">") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return start..<index }
                    continue
                }
                index += 1
            }
            return nil
        }

        /// The integer after `key` at nesting depth 1 of the dictionary in `range`.
        static func integerValue(of key: String, in buffer: PreviewBytes, range: Range<Int>, work: inout Int) -> Int? {
            let pattern = Array(key.utf8)
            var depth = 0
            var index = range.lowerBound
            while index < range.upperBound && work > 0 {
                work -= 1
                if buffer[index] == UInt8(ascii: "<") && buffer[index + 1] == UInt8(ascii: "<") {
                    depth += 1
                    index += 2
                    continue
                }
                if buffer[index] == UInt8(ascii: ">") && buffer[index + 1] == UInt8(ascii: ">") {
                    depth -= 1
                    index += 2
                    continue
                }
                if depth == 1 && buffer.has(pattern, at: index) && !isRegular(buffer[index + pattern.count]) {
                    return integer(buffer, at: skipWhitespace(buffer, index + pattern.count))?.value
                }
                index += 1
            }
            return nil
        }

        // MARK: Title

        static func infoReference(in buffers: [PreviewBytes]) -> (number: Int, generation: Int)? {
            let key = Array("/Info".utf8)
            for buffer in buffers.reversed() {
                var position = buffer.count
                while let found = buffer.lastIndex(of: key, before: position - 1) {
                    position = found
                    var cursor = skipWhitespace(buffer, found + key.count)
                    guard let number = integer(buffer, at: cursor) else { continue }
                    cursor = skipWhitespace(buffer, number.end)
                    guard let generation = integer(buffer, at: cursor) else { continue }
                    cursor = skipWhitespace(buffer, generation.end)
                    if buffer[cursor] == UInt8(ascii: "R") { return (number.value, generation.value) }
                    if found == 0 { break }
                }
            }
            return nil
        }

        static func titleOfObject(_ reference: (number: Int, generation: Int), in buffer: PreviewBytes) -> String? {
            let header = Array("\(reference.number) \(reference.generation) obj".utf8)
            var from = 0
            while let found = buffer.firstIndex(of: header, from: from) {
                from = found + 1
                if found > 0, let before = buffer[found - 1], isRegular(before) { continue }
                let end =
                    buffer.firstIndex(of: Array("endobj".utf8), from: found, to: found + maximumDictionaryScan)
                    ?? min(buffer.count, found + maximumDictionaryScan)
                guard let key = buffer.firstIndex(of: Array("/Title".utf8), from: found, to: end) else { return nil }
                let cursor = skipWhitespace(buffer, key + 6)
                guard let bytes = string(buffer, at: cursor, end: end) else { return nil }
                return decodeTextString(bytes)
            }
            return nil
        }

        /// A literal `( … )` or hexadecimal `< … >` string's bytes.
        static func string(_ buffer: PreviewBytes, at start: Int, end: Int) -> [UInt8]? {
            if buffer[start] == UInt8(ascii: "(") {
                return PDFSyntax.literalString(buffer.bytes, from: start + 1, end: end, limit: 4096, keepsPrefix: true)?.bytes
            }
            if buffer[start] == UInt8(ascii: "<") && buffer[start + 1] != UInt8(ascii: "<") {
                var digits: [UInt8] = []
                var index = start + 1
                while index < end, let byte = buffer[index], byte != UInt8(ascii: ">") {
                    if let value = PercentDecoding.hexValue(byte) { digits.append(value) }
                    index += 1
                    if digits.count > 8192 { break }
                }
                if digits.count % 2 == 1 { digits.append(0) }
                return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
            }
            return nil
        }

        static func decodeTextString(_ bytes: [UInt8]) -> String {
            var text: String
            if bytes.starts(with: [0xFE, 0xFF]) {
                var units: [UInt16] = []
                var index = 2
                while index + 1 < bytes.count {
                    units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                    index += 2
                }
                text = String(decoding: units, as: UTF16.self)
            } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
            } else {
                text = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
            }
            text = PreviewText.sanitized(text)
            return String(text.prefix(1000))
        }

        // MARK: Lexing

        static func isWhitespace(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
        }

        /// A PDF "regular" character: not whitespace, not a delimiter.
        static func isRegular(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return !isWhitespace(byte) && !"()<>[]{}/%".utf8.contains(byte)
        }

        static func skipWhitespace(_ buffer: PreviewBytes, _ start: Int) -> Int {
            var index = start
            while isWhitespace(buffer[index]) { index += 1 }
            return index
        }

        static func integer(_ buffer: PreviewBytes, at start: Int) -> (value: Int, end: Int)? {
            var index = start
            var value = 0
            while let byte = buffer[index], (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
                if index - start > 10 { return nil }
            }
            return index > start ? (value, index) : nil
        }
    }
}

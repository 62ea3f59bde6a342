extension DocumentPreview {
    /// The beginning of a text file.
    ///
    /// Policy: at most ``Limits/maximumTextBytes`` are read. The encoding is taken from a byte
    /// order mark (UTF-8, UTF-16LE, UTF-16BE), else `us-ascii` or `utf-8` when the bytes are
    /// valid as such (a sequence cut by the read limit is ignored), else `iso-8859-1`. Bytes
    /// holding NUL without a UTF-16 mark are not text: the reader declines. Lines end at LF,
    /// CR LF or CR.
    public struct Text: Sendable, Hashable, Codable {
        /// `utf-8`, `us-ascii`, `utf-16le`, `utf-16be` or `iso-8859-1`.
        public var encoding: String
        /// Whether the file starts with a byte order mark.
        public var hasByteOrderMark: Bool
        /// The first lines, each at most ``Limits/maximumLineLength`` characters, without line ends.
        public var lines: [String]
        /// How many lines the bytes that were read hold (a final line without a line end counts).
        public var lineCount: Int
        /// Whether the file has more than what ``lines`` shows (more bytes, more lines, or a cut line).
        public var truncated: Bool

        /// Creates a text preview.
        public init(encoding: String, hasByteOrderMark: Bool, lines: [String], lineCount: Int, truncated: Bool) {
            self.encoding = encoding
            self.hasByteOrderMark = hasByteOrderMark
            self.lines = lines
            self.lineCount = lineCount
            self.truncated = truncated
        }

        static func read(from source: PreviewSource, limits: Limits, notes: inout [String]) throws(HandOverError)
            -> Text?
        {
            let head = try source.head(limits.maximumTextBytes)
            let readAll = Int64(head.count) >= source.size
            var bytes = head.bytes[...]
            var encoding: String
            var hasBOM = true
            var decoded: String
            if head.has([0xEF, 0xBB, 0xBF]) {
                encoding = "utf-8"
                bytes = bytes.dropFirst(3)
                decoded = decodeUTF8(bytes, complete: readAll)
            } else if head.has([0xFF, 0xFE]) {
                encoding = "utf-16le"
                decoded = decodeUTF16(bytes.dropFirst(2), bigEndian: false)
            } else if head.has([0xFE, 0xFF]) {
                encoding = "utf-16be"
                decoded = decodeUTF16(bytes.dropFirst(2), bigEndian: true)
            } else {
                hasBOM = false
                if bytes.contains(0) {
                    notes.append("the content holds NUL bytes: not text")
                    return nil
                }
                let trimmed = readAll ? bytes : trimIncompleteUTF8(bytes)
                if trimmed.allSatisfy({ $0 < 0x80 }) {
                    encoding = "us-ascii"
                    decoded = String(decoding: trimmed, as: UTF8.self)
                } else if let valid = String(validating: Array(trimmed), as: UTF8.self) {
                    encoding = "utf-8"
                    decoded = valid
                } else {
                    encoding = "iso-8859-1"
                    decoded = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
                }
            }
            var all = splitLines(decoded)
            // A line cut by the read limit is still a line of what was read.
            let lineCount = all.count
            var truncated = !readAll || all.count > limits.maximumLines
            all = Array(all.prefix(limits.maximumLines))
            let lines = all.map { line -> String in
                if line.count > limits.maximumLineLength {
                    truncated = true
                    return PreviewText.sanitized(String(line.prefix(limits.maximumLineLength)))
                }
                return PreviewText.sanitized(line)
            }
            return Text(
                encoding: encoding, hasByteOrderMark: hasBOM, lines: lines, lineCount: lineCount, truncated: truncated)
        }

        static func decodeUTF8(_ bytes: ArraySlice<UInt8>, complete: Bool) -> String {
            String(decoding: complete ? bytes : trimIncompleteUTF8(bytes), as: UTF8.self)
        }

        static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = bytes.startIndex
            while index + 1 < bytes.endIndex {
                let first = UInt16(bytes[index])
                let second = UInt16(bytes[index + 1])
                units.append(bigEndian ? first << 8 | second : second << 8 | first)
                index += 2
            }
            // A high surrogate cut by the read limit is dropped rather than shown as U+FFFD.
            if let last = units.last, (0xD800...0xDBFF).contains(last) { units.removeLast() }
            return String(decoding: units, as: UTF16.self)
        }

        /// Drops a UTF-8 sequence cut at the end of the buffer.
        static func trimIncompleteUTF8(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            var end = bytes.endIndex
            var continuation = 0
            while end > bytes.startIndex && continuation < 3 && bytes[end - 1] & 0xC0 == 0x80 {
                end -= 1
                continuation += 1
            }
            guard end > bytes.startIndex else { return bytes }
            let lead = bytes[end - 1]
            let needed: Int
            switch lead {
            case 0xC0...0xDF: needed = 1
            case 0xE0...0xEF: needed = 2
            case 0xF0...0xF7: needed = 3
            default: return bytes
            }
            return continuation < needed ? bytes[..<(end - 1)] : bytes
        }

        static func splitLines(_ text: String) -> [String] {
            var lines: [String] = []
            var current = String.UnicodeScalarView()
            var previousWasCR = false
            for scalar in text.unicodeScalars {
                if scalar == "\n" {
                    if previousWasCR {
                        previousWasCR = false
                        continue
                    }
                    lines.append(String(current))
                    current = String.UnicodeScalarView()
                } else if scalar == "\r" {
                    lines.append(String(current))
                    current = String.UnicodeScalarView()
                    previousWasCR = true
                    continue
                } else {
                    current.append(scalar)
                }
                previousWasCR = false
            }
            if !current.isEmpty { lines.append(String(current)) }
            return lines
        }
    }
}

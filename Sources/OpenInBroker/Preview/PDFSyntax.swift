/// A bounded reader of PDF object syntax (ISO 32000-1 §7.2–7.3) over bytes in memory.
///
/// Bounds, so hostile bytes cost no more than ordinary ones: nesting deeper than
/// ``maximumDepth`` ends the value, every value parsed spends one of ``steps`` (shared by the
/// whole preview), strings and names stop growing at ``maximumStringLength``. Malformed syntax
/// yields `nil`, never a trap; every index is checked against the bytes.
struct PDFSyntax {
    static let maximumDepth = 32
    static let maximumStringLength = 64 * 1024

    let bytes: [UInt8]
    var index: Int
    /// Values that may still be parsed.
    var steps: Int

    init(_ bytes: [UInt8], at index: Int = 0, steps: Int) {
        self.bytes = bytes
        self.index = index
        self.steps = steps
    }

    /// The byte at `offset`, or `nil` past the end.
    func byte(_ offset: Int) -> UInt8? { offset >= 0 && offset < bytes.count ? bytes[offset] : nil }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    static func isDelimiter(_ byte: UInt8) -> Bool { "()<>[]{}/%".utf8.contains(byte) }

    static func isRegular(_ byte: UInt8) -> Bool { !isWhitespace(byte) && !isDelimiter(byte) }

    /// Skips whitespace and comments.
    mutating func skipSpace() {
        while let current = byte(index) {
            if PDFSyntax.isWhitespace(current) {
                index += 1
            } else if current == UInt8(ascii: "%") {
                while let next = byte(index), next != 0x0A, next != 0x0D { index += 1 }
            } else {
                return
            }
        }
    }

    /// Whether `keyword` follows (after whitespace), as a whole token; consumes it when it does.
    mutating func keyword(_ keyword: String) -> Bool {
        skipSpace()
        let word = Array(keyword.utf8)
        guard index + word.count <= bytes.count, bytes[index..<index + word.count].elementsEqual(word) else { return false }
        if let after = byte(index + word.count), PDFSyntax.isRegular(after) { return false }
        index += word.count
        return true
    }

    /// A whole non-negative integer token, or `nil` (the position is kept when there is none).
    mutating func unsignedInteger() -> Int? {
        skipSpace()
        var value = 0
        var cursor = index
        while let digit = byte(cursor), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
            value = value &* 10 &+ Int(digit - UInt8(ascii: "0"))
            cursor += 1
            if cursor - index > 15 { return nil }
        }
        if cursor == index { return nil }
        if let after = byte(cursor), PDFSyntax.isRegular(after) { return nil }
        index = cursor
        return value
    }

    /// The header of an indirect object, `n g obj`, returning its number and generation.
    mutating func objectHeader() -> (number: Int, generation: Int)? {
        guard let number = unsignedInteger(), let generation = unsignedInteger(), keyword("obj") else { return nil }
        return (number, generation)
    }

    /// The next value, or `nil` when the syntax is broken or a bound is reached.
    mutating func value(depth: Int = 0) -> PDFValue? {
        guard depth < PDFSyntax.maximumDepth, steps > 0 else { return nil }
        steps -= 1
        skipSpace()
        guard let first = byte(index) else { return nil }
        switch first {
        case UInt8(ascii: "/"):
            index += 1
            return .name(name())
        case UInt8(ascii: "("):
            index += 1
            return literalString().map(PDFValue.string)
        case UInt8(ascii: "<"):
            if byte(index + 1) == UInt8(ascii: "<") {
                index += 2
                return dictionary(depth: depth)
            }
            index += 1
            return hexString().map(PDFValue.string)
        case UInt8(ascii: "["):
            index += 1
            var items: [PDFValue] = []
            while true {
                skipSpace()
                guard let next = byte(index) else { return nil }
                if next == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
            }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return numberOrReference()
        default:
            if keyword("true") { return .bool(true) }
            if keyword("false") { return .bool(false) }
            if keyword("null") { return .null }
            return nil
        }
    }

    private mutating func dictionary(depth: Int) -> PDFValue? {
        var entries: [String: PDFValue] = [:]
        while true {
            skipSpace()
            guard let next = byte(index) else { return nil }
            if next == UInt8(ascii: ">") {
                guard byte(index + 1) == UInt8(ascii: ">") else { return nil }
                index += 2
                return .dictionary(entries)
            }
            guard next == UInt8(ascii: "/") else { return nil }
            index += 1
            let key = name()
            guard let item = value(depth: depth + 1) else { return nil }
            if entries[key] == nil { entries[key] = item }
        }
    }

    /// A name's characters after its `/`, with `#xx` decoded.
    private mutating func name() -> String {
        var raw: [UInt8] = []
        while let current = byte(index), PDFSyntax.isRegular(current) {
            index += 1
            if current == UInt8(ascii: "#"), let high = byte(index).flatMap(PercentDecoding.hexValue),
                let low = byte(index + 1).flatMap(PercentDecoding.hexValue)
            {
                raw.append(high << 4 | low)
                index += 2
            } else {
                raw.append(current)
            }
            if raw.count > 127 { break }
        }
        return String(decoding: raw, as: UTF8.self)
    }

    private mutating func literalString() -> [UInt8]? {
        guard let (string, next) = PDFSyntax.literalString(
            bytes, from: index, end: bytes.count, limit: PDFSyntax.maximumStringLength, keepsPrefix: false)
        else { return nil }
        index = next
        return string
    }

    /// The literal string whose body starts at `start` (just past its `(`): its bytes, with the
    /// escapes of ISO 32000-1 §7.3.4.2 decoded and balanced parentheses kept, and the index just
    /// past its closing `)`. The body is read below `end`; `nil` when it does not close there.
    /// Once more than `limit` bytes have been read it stops: `nil`, or with `keepsPrefix` the
    /// bytes so far.
    static func literalString(_ bytes: [UInt8], from start: Int, end: Int, limit: Int, keepsPrefix: Bool) -> (bytes: [UInt8], next: Int)? {
        func byte(_ offset: Int) -> UInt8? { offset >= 0 && offset < bytes.count ? bytes[offset] : nil }
        var out: [UInt8] = []
        var depth = 1
        var index = start
        while index < end, let current = byte(index) {
            index += 1
            switch current {
            case UInt8(ascii: "\\"):
                guard let next = byte(index) else { return nil }
                index += 1
                switch next {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(next - UInt8(ascii: "0"))
                    var digits = 1
                    while digits < 3, let more = byte(index), more >= UInt8(ascii: "0"), more <= UInt8(ascii: "7") {
                        value = value * 8 + Int(more - UInt8(ascii: "0"))
                        index += 1
                        digits += 1
                    }
                    out.append(UInt8(value & 0xFF))
                case 0x0D:
                    if byte(index) == 0x0A { index += 1 }
                case 0x0A: break
                default: out.append(next)
                }
            case UInt8(ascii: "("):
                depth += 1
                out.append(current)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return (out, index) }
                out.append(current)
            default:
                out.append(current)
            }
            if out.count > limit { return keepsPrefix ? (out, index) : nil }
        }
        return nil
    }

    private mutating func hexString() -> [UInt8]? {
        var digits: [UInt8] = []
        while let current = byte(index) {
            index += 1
            if current == UInt8(ascii: ">") {
                if digits.count % 2 == 1 { digits.append(0) }
                return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
            }
            if let value = PercentDecoding.hexValue(current) {
                digits.append(value)
            } else if !PDFSyntax.isWhitespace(current) {
                return nil
            }
            if digits.count > 2 * PDFSyntax.maximumStringLength { return nil }
        }
        return nil
    }

    /// A number; an unsigned integer followed by another and `R` is a reference.
    private mutating func numberOrReference() -> PDFValue? {
        let start = index
        if let number = unsignedInteger() {
            let afterNumber = index
            if let generation = unsignedInteger(), keyword("R") { return .reference(number: number, generation: generation) }
            index = afterNumber
            return .integer(number)
        }
        index = start
        var text = ""
        while let current = byte(index), PDFSyntax.isRegular(current), text.utf8.count < 32 {
            text.unicodeScalars.append(Unicode.Scalar(current))
            index += 1
        }
        if let whole = Int(text) { return .integer(whole) }
        if text.hasPrefix("-.") || text.hasPrefix("+.") { text.insert("0", at: text.index(after: text.startIndex)) }
        if text.hasPrefix(".") { text = "0" + text }
        guard let real = Double(text), real.isFinite else { return nil }
        return .real(real)
    }
}

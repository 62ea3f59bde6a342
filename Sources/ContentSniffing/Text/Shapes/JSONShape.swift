/// JSON and NDJSON by structure: an object or array at the start, valid up to where the text
/// window ends. A bare scalar (`42`, `"text"`, `true`) is not taken for JSON.
///
/// The scanner checks the grammar (strings with their escapes, numbers, literals, nesting up
/// to 128 levels) without building anything. A window that ends inside the value is accepted
/// as JSON unless the window is the whole file. Several objects, each starting on a new line,
/// are NDJSON.
struct JSONShape {
    private let t: UnsafeRawBufferPointer
    private var offset: Int

    /// How a value's scan ended.
    private enum Outcome {
        case complete, truncated, invalid
    }

    private init(_ t: UnsafeRawBufferPointer, at offset: Int) {
        self.t = t
        self.offset = offset
    }

    /// Recognises JSON or NDJSON in `t`, which starts (after whitespace) with `{` or `[`.
    static func sniff(_ t: UnsafeRawBufferPointer, isWholeFile: Bool) -> SignatureMatch? {
        var scanner = JSONShape(t, at: 0)
        scanner.skipWhitespace()
        guard let first = t.byte(at: scanner.offset), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
        var values = 0
        var allObjects = true
        while true {
            switch scanner.container() {
            case .invalid:
                return nil
            case .truncated:
                guard !isWholeFile else { return nil }
                return values >= 1 && allObjects
                    ? SignatureMatch(KnownType.ndjson, .weak, "lines of JSON objects")
                    : values == 0 ? SignatureMatch(KnownType.json, .weak, "JSON structure valid to the end of the window") : nil
            case .complete:
                values += 1
            }
            let newline = scanner.skipWhitespace()
            guard let next = t.byte(at: scanner.offset) else {
                if values == 1 { return SignatureMatch(KnownType.json, .weak, "complete JSON value") }
                return allObjects ? SignatureMatch(KnownType.ndjson, .weak, "lines of JSON objects") : nil
            }
            // Another value must start on a new line: NDJSON.
            guard newline, next == UInt8(ascii: "{") || next == UInt8(ascii: "[") else { return nil }
            if next != UInt8(ascii: "{") || first != UInt8(ascii: "{") { allObjects = false }
        }
    }

    /// Skips whitespace; returns whether a line feed was among it.
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        var newline = false
        while offset < t.count {
            switch t[offset] {
            case 0x0A: newline = true
            case 0x20, 0x09, 0x0D: break
            default: return newline
            }
            offset += 1
        }
        return newline
    }

    /// Scans one object or array starting at `offset`.
    private mutating func container() -> Outcome {
        enum Expect { case value, valueOrClose, key, keyOrClose, colon, commaOrClose }
        var objects: (UInt64, UInt64) = (0, 0)  // bit n: level n is an object
        var depth = 0
        var expect = Expect.value

        func isObject(_ level: Int) -> Bool {
            level < 64 ? objects.0 >> level & 1 == 1 : objects.1 >> (level - 64) & 1 == 1
        }

        while true {
            skipWhitespace()
            guard offset < t.count else { return .truncated }
            let byte = t[offset]
            var closedValue = false
            switch expect {
            case .value, .valueOrClose:
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard depth < 128 else { return .invalid }
                    let object = byte == UInt8(ascii: "{")
                    if depth < 64 {
                        objects.0 = object ? objects.0 | 1 << depth : objects.0 & ~(1 << depth)
                    } else {
                        objects.1 = object ? objects.1 | 1 << (depth - 64) : objects.1 & ~(1 << (depth - 64))
                    }
                    depth += 1
                    offset += 1
                    expect = object ? .keyOrClose : .valueOrClose
                case UInt8(ascii: "]") where expect == .valueOrClose:
                    depth -= 1
                    offset += 1
                    closedValue = true
                default:
                    guard depth > 0 else { return .invalid }  // a bare scalar is not JSON
                    let outcome = scalar()
                    guard outcome == .complete else { return outcome }
                    closedValue = true
                }
            case .key, .keyOrClose:
                if byte == UInt8(ascii: "}"), expect == .keyOrClose {
                    depth -= 1
                    offset += 1
                    closedValue = true
                } else {
                    guard byte == UInt8(ascii: "\"") else { return .invalid }
                    let outcome = string()
                    guard outcome == .complete else { return outcome }
                    expect = .colon
                }
            case .colon:
                guard byte == UInt8(ascii: ":") else { return .invalid }
                offset += 1
                expect = .value
            case .commaOrClose:
                let object = isObject(depth - 1)
                if byte == UInt8(ascii: ",") {
                    offset += 1
                    expect = object ? .key : .value
                } else if byte == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    depth -= 1
                    offset += 1
                    closedValue = true
                } else {
                    return .invalid
                }
            }
            if closedValue {
                if depth == 0 { return .complete }
                expect = .commaOrClose
            }
        }
    }

    /// A string, number or literal at `offset`.
    private mutating func scalar() -> Outcome {
        switch t[offset] {
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return .invalid
        }
    }

    private mutating func literal(_ text: StaticString) -> Outcome {
        let length = text.utf8CodeUnitCount
        for index in 0..<length {
            guard offset + index < t.count else { return .truncated }
            guard t[offset + index] == text.utf8Start[index] else { return .invalid }
        }
        offset += length
        return .complete
    }

    private mutating func string() -> Outcome {
        offset += 1  // opening quote
        while offset < t.count {
            let byte = t[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return .complete
            case UInt8(ascii: "\\"):
                guard offset + 1 < t.count else { return .truncated }
                switch t[offset + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    offset += 2
                case UInt8(ascii: "u"):
                    for index in 2..<6 {
                        guard offset + index < t.count else { return .truncated }
                        guard ASCII.isHexDigit(t[offset + index]) else { return .invalid }
                    }
                    offset += 6
                default:
                    return .invalid
                }
            case 0..<0x20:
                return .invalid
            default:
                offset += 1
            }
        }
        return .truncated
    }

    private mutating func number() -> Outcome {
        if t[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < t.count else { return .truncated }
        if t[offset] == UInt8(ascii: "0") {
            offset += 1
        } else {
            guard digits() > 0 else { return offset < t.count ? .invalid : .truncated }
        }
        if offset < t.count, t[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { return offset < t.count ? .invalid : .truncated }
        }
        if offset < t.count, t[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < t.count, t[offset] == UInt8(ascii: "+") || t[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { return offset < t.count ? .invalid : .truncated }
        }
        guard offset < t.count else { return .truncated }
        switch t[offset] {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): return .complete
        default: return .invalid
        }
    }

    private mutating func digits() -> Int {
        let start = offset
        while offset < t.count, ASCII.isDigit(t[offset]) { offset += 1 }
        return offset - start
    }
}

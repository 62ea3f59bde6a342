import UniformTypes

/// Reads the text form of the magic rules (`Catalog/magic-rules.txt`, whose header documents
/// it) into compiled rules, checks and a byte pool.
///
/// ```
/// [50:image/x-sun-raster] org.freedesktop.mime.image.x-sun-raster smi
/// >big32 0 =0x59a66a95
/// ```
///
/// Regex values are compiled here (``MagicRegexCompiler``); a pattern outside the subset is a
/// malformed line. Nesting is limited to ``maximumDepth`` levels, so evaluation recursion is
/// bounded whatever the text.
///
/// A line that cannot be read drops its whole rule (a rule with a missing alternative would
/// answer wrongly) and is reported in ``problems`` with its line number; the other rules are
/// kept. The generated table has no problems, which a test checks.
struct MagicRuleTextParser {
    /// The rules read, in text order.
    private(set) var rules: [MagicRule] = []
    /// Every rule's checks, in pre-order (see ``MagicCheck``).
    private(set) var checks: [MagicCheck] = []
    /// Patterns and masks of the checks.
    private(set) var pool: [UInt8] = []
    /// The compiled regexes of the regex checks.
    private(set) var regexes: [MagicRegex] = []
    /// `line N: reason` for each line that was rejected.
    private(set) var problems: [String] = []

    /// One `<match>` line as read, before compiling.
    private struct PendingCheck {
        var depth: Int
        var kind: MagicCheck.Kind = .bytes
        var start: Int
        var end: Int
        var value: [UInt8]
        var mask: [UInt8]?
        var regex: MagicRegex?
        /// For ``MagicCheck/Kind/least``: how many nested checks must match.
        var least = 0
    }

    /// The deepest nesting accepted (the generated table nests at most 5 levels).
    static let maximumDepth = 32

    /// The rule whose lines are being read.
    private struct PendingRule {
        var priority: Int
        var mimeType: String
        var identifier: TypeIdentifier
        var checks: [PendingCheck] = []
        var isValid = true
    }

    private var pending: PendingRule?

    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")

    /// Parses UTF-8 text.
    init(_ text: UnsafeBufferPointer<UInt8>) {
        var number = 0
        for line in text.split(separator: Self.newline, omittingEmptySubsequences: false) {
            number += 1
            read(line, number: number)
        }
        finishRule()
    }

    private mutating func read(_ line: Slice<UnsafeBufferPointer<UInt8>>, number: Int) {
        guard let first = line.first else {
            finishRule()
            return
        }
        switch first {
        case UInt8(ascii: "#"):
            return
        case UInt8(ascii: "["):
            finishRule()
            if let rule = Self.header(line) {
                pending = rule
            } else {
                problems.append("line \(number): malformed rule header")
                pending = PendingRule(priority: 0, mimeType: "", identifier: "", isValid: false)
            }
        case UInt8(ascii: ">"):
            guard pending != nil else {
                problems.append("line \(number): a match outside a rule")
                return
            }
            guard pending?.isValid == true else { return }
            switch Self.check(line) {
            case .success(let check):
                let previousDepth = pending?.checks.last?.depth ?? 0
                if check.depth > previousDepth + 1 {
                    reject("line \(number): nested two levels deeper than the line before")
                } else if check.depth > Self.maximumDepth {
                    reject("line \(number): nested more than \(Self.maximumDepth) levels deep")
                } else {
                    pending?.checks.append(check)
                }
            case .failure(let reason):
                reject("line \(number): \(reason.text)")
            }
        default:
            problems.append("line \(number): neither a rule header, a match nor a comment")
            if pending != nil { pending?.isValid = false }
        }
    }

    private mutating func reject(_ problem: String) {
        problems.append(problem)
        pending?.isValid = false
    }

    /// Compiles the pending rule, if it is valid and has checks.
    private mutating func finishRule() {
        guard let rule = pending else { return }
        pending = nil
        guard rule.isValid else { return }
        guard !rule.checks.isEmpty else {
            problems.append("rule \(rule.mimeType): no matches")
            return
        }
        let firstCheck = checks.count
        // Open checks by depth, waiting for their subtree end.
        var open: [(index: Int, depth: Int)] = []
        for pending in rule.checks {
            while let last = open.last, last.depth >= pending.depth {
                checks[last.index].subtreeEnd = Int32(checks.count)
                open.removeLast()
            }
            open.append((checks.count, pending.depth))
            checks.append(compile(pending))
        }
        for entry in open { checks[entry.index].subtreeEnd = Int32(checks.count) }
        rules.append(MagicRule(priority: rule.priority, mimeType: rule.mimeType, identifier: rule.identifier, checks: firstCheck..<checks.count))
    }

    private mutating func compile(_ check: PendingCheck) -> MagicCheck {
        if let regex = check.regex {
            regexes.append(regex)
            return MagicCheck(
                kind: .regex, start: Int32(check.start), span: Int32(check.end - check.start + 1), patternStart: Int32(regexes.count - 1),
                length: Int32(check.value.count), isMasked: false, subtreeEnd: 0)
        }
        if check.kind == .least {
            return MagicCheck(kind: .least, start: 0, span: 1, patternStart: 0, length: Int32(check.least), isMasked: false, subtreeEnd: 0)
        }
        let patternStart = pool.count
        var mask = check.mask
        if let bits = mask, bits.allSatisfy({ $0 == 0xFF }) { mask = nil }
        if let mask {
            pool.append(contentsOf: zip(check.value, mask).map { $0 & $1 })
            pool.append(contentsOf: mask)
        } else {
            pool.append(contentsOf: check.value)
        }
        return MagicCheck(
            kind: check.kind, start: Int32(check.start), span: Int32(check.end - check.start + 1), patternStart: Int32(patternStart),
            length: Int32(check.value.count), isMasked: mask != nil, subtreeEnd: 0)
    }

    // MARK: Lines

    /// `[PRIORITY:MIME-TYPE] IDENTIFIER [SOURCES]` (the sources are for readers).
    private static func header(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> PendingRule? {
        guard let close = line.firstIndex(of: UInt8(ascii: "]")),
            let colon = line[..<close].firstIndex(of: UInt8(ascii: ":")),
            let priority = decimal(line[(line.startIndex + 1)..<colon]), priority <= 100
        else { return nil }
        let mime = line[(colon + 1)..<close]
        let rest = line[(close + 1)...]
        guard !mime.isEmpty, rest.first == Self.space else { return nil }
        let fields = rest.dropFirst().split(separator: Self.space, omittingEmptySubsequences: false)
        guard fields.count <= 2, let identifier = fields.first, !identifier.isEmpty, !mime.contains(Self.space) else { return nil }
        return PendingRule(
            priority: priority, mimeType: String(decoding: mime, as: UTF8.self),
            identifier: TypeIdentifier(String(decoding: identifier, as: UTF8.self)))
    }

    /// Why a match line was rejected.
    private struct Rejection: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    /// `>…>TYPE OFFSET =VALUE [&MASK] ["TEXT"]` or `>…>least N`.
    private static func check(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Result<PendingCheck, Rejection> {
        let depth = line.prefix { $0 == UInt8(ascii: ">") }.count
        let fields = line.dropFirst(depth).split(separator: Self.space, maxSplits: 4, omittingEmptySubsequences: true)
        if fields.count == 2, fields[0].elementsEqual("least".utf8) {
            guard let count = decimal(fields[1]), count >= 1 else { return .failure(Rejection("malformed least count")) }
            return .success(PendingCheck(depth: depth, kind: .least, start: 0, end: 0, value: [], least: count))
        }
        guard fields.count >= 3 else { return .failure(Rejection("fewer than three fields")) }
        let kind = String(decoding: fields[0], as: UTF8.self)
        guard let offsets = offsetRange(fields[1]) else { return .failure(Rejection("malformed offset")) }
        guard fields[2].first == UInt8(ascii: "=") else { return .failure(Rejection("the value does not start with '='")) }
        var maskField: Slice<UnsafeBufferPointer<UInt8>>?
        var trailing = fields.dropFirst(3)
        if let next = trailing.first, next.first == UInt8(ascii: "&") {
            maskField = next.dropFirst()
            trailing = trailing.dropFirst()
        }
        if let comment = trailing.first, comment.first != UInt8(ascii: "\"") {
            return .failure(Rejection("unexpected text after the value"))
        }
        let valueField = fields[2].dropFirst()
        var value: [UInt8]
        var mask: [UInt8]?
        var checkKind = MagicCheck.Kind.bytes
        var regex: MagicRegex?
        if kind == "regex" {
            guard maskField == nil, let bytes = hexBytes(valueField), !bytes.isEmpty else { return .failure(Rejection("malformed regex value")) }
            switch MagicRegexCompiler.compile(bytes) {
            case .success(let compiled): regex = compiled
            case .failure(let refusal): return .failure(Rejection("regex not compiled: \(refusal.reason)"))
            }
            value = bytes
        } else if kind == "string" || kind == "stringignorecase" || kind == "unicodeLE" {
            guard var bytes = hexBytes(valueField), !bytes.isEmpty else { return .failure(Rejection("malformed string value")) }
            if kind == "stringignorecase" {
                checkKind = .caseInsensitive
                bytes = bytes.map(ASCII.lowercased)
            }
            value = bytes
            if let maskField {
                guard var bits = hexBytes(maskField), bits.count <= value.count else {
                    return .failure(Rejection("malformed mask, or longer than the value"))
                }
                // A short mask leaves the remaining bytes out of the comparison, as
                // update-mime-database does.
                bits += [UInt8](repeating: 0, count: value.count - bits.count)
                mask = bits
            }
        } else if let width = numberWidth(kind) {
            guard let number = hexNumber(valueField, width: width.bytes) else { return .failure(Rejection("malformed \(kind) value")) }
            value = numberBytes(number, width: width)
            if let maskField {
                guard let bits = hexNumber(maskField, width: width.bytes) else { return .failure(Rejection("malformed \(kind) mask")) }
                mask = numberBytes(bits, width: width)
            }
        } else {
            return .failure(Rejection("unknown match type \(kind)"))
        }
        return .success(
            PendingCheck(depth: depth, kind: checkKind, start: offsets.start, end: offsets.end, value: value, mask: mask, regex: regex))
    }

    /// Byte width and order of a number type.
    private enum ByteOrder { case big, little }

    private static func numberWidth(_ kind: String) -> (bytes: Int, order: ByteOrder)? {
        #if _endian(big)
        let host = ByteOrder.big
        #else
        let host = ByteOrder.little
        #endif
        switch kind {
        case "byte": return (1, .big)
        case "big16": return (2, .big)
        case "big32": return (4, .big)
        case "little16": return (2, .little)
        case "little32": return (4, .little)
        case "host16": return (2, host)
        case "host32": return (4, host)
        default: return nil
        }
    }

    private static func numberBytes(_ number: UInt64, width: (bytes: Int, order: ByteOrder)) -> [UInt8] {
        (0..<width.bytes).map { index in
            let shift = width.order == .big ? (width.bytes - 1 - index) * 8 : index * 8
            return UInt8(truncatingIfNeeded: number >> UInt64(shift))
        }
    }

    // MARK: Fields

    /// `START` or `START:END`, decimal, `START <= END <= Int32.max`.
    private static func offsetRange(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> (start: Int, end: Int)? {
        if let colon = field.firstIndex(of: UInt8(ascii: ":")) {
            guard let start = decimal(field[..<colon]), let end = decimal(field[(colon + 1)...]), start <= end else { return nil }
            return (start, end)
        }
        guard let start = decimal(field) else { return nil }
        return (start, start)
    }

    /// A non-empty decimal number no larger than `Int32.max`.
    private static func decimal(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard !digits.isEmpty, digits.count <= 10 else { return nil }
        var value = 0
        for byte in digits {
            guard ASCII.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value <= Int(Int32.max) ? value : nil
    }

    /// `0x` and one to `2 × width` hex digits.
    private static func hexNumber(_ field: Slice<UnsafeBufferPointer<UInt8>>, width: Int) -> UInt64? {
        guard field.count > 2, field.first == UInt8(ascii: "0"), field.dropFirst().first == UInt8(ascii: "x") else { return nil }
        let digits = field.dropFirst(2)
        guard digits.count <= 2 * width else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// An even number of hex digits as bytes.
    private static func hexBytes(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8]? {
        guard field.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count / 2)
        var index = field.startIndex
        while index < field.endIndex {
            guard let high = hexDigit(field[index]), let low = hexDigit(field[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

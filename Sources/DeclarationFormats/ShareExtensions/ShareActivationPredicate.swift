/// The predicate form of an activation rule, read for what it states about types and counts.
///
/// Policy: the string (at most 16 KiB) is `TRUEPREDICATE`, or it is scanned, not evaluated:
/// every `UTI-CONFORMS-TO "type"` term (in either quote) adds a type the items may conform to, and
/// the first `@count` comparison with an integer (`==`, `<=`, `<`, `>=`, `>`) bounds the number of
/// items (Xcode's template counts the attachments there). A predicate with no such term is refused:
/// its meaning cannot be known without evaluating it, and an extension should not be offered on a guess.
///
/// ```swift
/// let rule = try ShareActivationPredicate.rule(#"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count <= 3).@count == 1"#, source: "Info.plist", key: "NSExtensionActivationRule")
/// rule.acceptedTypes   // ["public.image"]
/// rule.maxAttachments  // 3
/// ```
public enum ShareActivationPredicate {
    /// The longest predicate read.
    public static let maximumLength = 16 << 10

    /// The rule a predicate string states.
    ///
    /// - Throws: ``CatalogFormatError/Code/malformedActivationRule`` naming `source` and `key`.
    public static func rule(_ text: String, source: String, key: String) throws(CatalogFormatError) -> ShareActivationRule {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumLength else {
            throw ShareExtensionDeclaration.refusal(source, key, "the predicate is \(bytes.count) bytes long (at most \(maximumLength))")
        }
        let trimmed = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        if trimmed.count == 1 && trimmed[0].uppercased() == "TRUEPREDICATE" { return ShareActivationRule(form: .anything) }
        var rule = ShareActivationRule(form: .predicate)
        rule.acceptedTypes = try types(in: bytes, source: source, key: key)
        guard !rule.acceptedTypes.isEmpty else {
            throw ShareExtensionDeclaration.refusal(source, key, "the predicate names no type with UTI-CONFORMS-TO \"type\"; no other predicate is understood")
        }
        if let (operation, number) = firstCountComparison(in: bytes) {
            switch operation {
            case "==", "=": (rule.maxAttachments, rule.minAttachments) = (number, number)
            case "<=": rule.maxAttachments = number
            case "<": rule.maxAttachments = max(number - 1, 0)
            case ">=": rule.minAttachments = number
            default: rule.minAttachments = number + 1
            }
            if rule.maxAttachments == 0 { throw ShareExtensionDeclaration.refusal(source, key, "the predicate's @count \(operation) \(number) accepts no item") }
        }
        return rule
    }

    /// The quoted types after each `UTI-CONFORMS-TO`, in order, without repeats.
    static func types(in bytes: [UInt8], source: String, key: String) throws(CatalogFormatError) -> [String] {
        let keyword = Array("UTI-CONFORMS-TO".utf8)
        var found: [String] = []
        var index = 0
        while index + keyword.count <= bytes.count {
            guard matches(keyword, in: bytes, at: index) else { index += 1; continue }
            index += keyword.count
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
            guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
                throw ShareExtensionDeclaration.refusal(source, key, "UTI-CONFORMS-TO is not followed by a quoted type identifier")
            }
            let quote = bytes[index]
            let start = index + 1
            var end = start
            while end < bytes.count, bytes[end] != quote { end += 1 }
            guard end < bytes.count else { throw ShareExtensionDeclaration.refusal(source, key, "a quoted type after UTI-CONFORMS-TO is not closed") }
            let type = String(decoding: bytes[start..<end], as: UTF8.self)
            guard isTypeIdentifier(bytes[start..<end]) else {
                throw ShareExtensionDeclaration.refusal(source, key, "'\(type)' after UTI-CONFORMS-TO is not a type identifier")
            }
            if !found.contains(type) { found.append(type) }
            index = end + 1
        }
        return found
    }

    /// The operator and integer of the first `@count` comparison, if any.
    static func firstCountComparison(in bytes: [UInt8]) -> (String, Int)? {
        let keyword = Array("@count".utf8)
        var index = 0
        while index + keyword.count <= bytes.count {
            guard matches(keyword, in: bytes, at: index) else { index += 1; continue }
            var cursor = index + keyword.count
            while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 || bytes[cursor] == 0x0A { cursor += 1 }
            var operation = ""
            while cursor < bytes.count, operation.count < 2, [0x3C, 0x3D, 0x3E].contains(bytes[cursor]) {
                operation.unicodeScalars.append(Unicode.Scalar(bytes[cursor]))
                cursor += 1
            }
            while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 || bytes[cursor] == 0x0A { cursor += 1 }
            var number = 0
            var digits = 0
            while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39, digits < 9 {
                number = number * 10 + Int(bytes[cursor] - 0x30)
                digits += 1
                cursor += 1
            }
            if digits > 0, ["==", "=", "<=", "<", ">=", ">"].contains(operation) { return (operation, number) }
            index = cursor
        }
        return nil
    }

    static func matches(_ keyword: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        for offset in 0..<keyword.count {
            let byte = bytes[index + offset]
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            let wanted = keyword[offset] >= 0x41 && keyword[offset] <= 0x5A ? keyword[offset] | 0x20 : keyword[offset]
            if lower != wanted { return false }
        }
        return true
    }

    /// A reverse-DNS type identifier: 1–255 letters, digits, `.`, `-` and `_`, not starting with `.`.
    static func isTypeIdentifier(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, first != 0x2E, bytes.count <= 255 else { return false }
        return bytes.allSatisfy { byte in
            (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2D || byte == 0x5F
        }
    }
}

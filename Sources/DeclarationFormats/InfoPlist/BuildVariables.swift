/// Build-time variables left in checked-in `Info.plist` files: Xcode's `$(NAME)`, `$(NAME:modifier)`
/// and `${NAME}`, and CMake's `@NAME@` (`configure_file`).
///
/// Source trees hold `Info.plist` templates (`<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>`) that the
/// build resolves. Parsers keep such values raw; the importer asks ``containsUnresolved(_:)`` to warn,
/// or substitutes known values with `substitute(in:values:)`.
///
/// ```swift
/// BuildVariables.references(in: "$(PRODUCT_NAME) ${EXECUTABLE_NAME}") // ["$(PRODUCT_NAME)", "${EXECUTABLE_NAME}"]
/// BuildVariables.substitute(in: "$(PRODUCT_NAME:lower).app", values: ["PRODUCT_NAME": "Foo"]) // "foo.app"
/// ```
public enum BuildVariables {
    /// One reference found in a string.
    public struct Reference: Sendable, Equatable {
        /// The reference as written, such as `"$(PRODUCT_NAME:rfc1034identifier)"`.
        public var text: String
        /// The variable's name, such as `"PRODUCT_NAME"`.
        public var name: String
        /// The Xcode modifiers after `:` (`["rfc1034identifier"]`), empty for `${…}` and `@…@`.
        public var modifiers: [String]
        /// Where the reference sits in the string's UTF-8 bytes.
        public var utf8Range: Range<Int>
    }

    /// Whether `string` holds at least one build-variable reference.
    public static func containsUnresolved(_ string: String) -> Bool {
        guard string.utf8.contains(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "@") }) else { return false }
        return !scan(string).isEmpty
    }

    /// The references in `string`, as written, in order.
    public static func references(in string: String) -> [String] {
        scan(string).map(\.text)
    }

    /// The references in `string` with their names, modifiers and positions.
    public static func scan(_ string: String) -> [Reference] {
        let bytes = Array(string.utf8)
        var found: [Reference] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "$"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "(") || bytes[index + 1] == UInt8(ascii: "{")
            {
                let close = bytes[index + 1] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
                let nameStart = index + 2
                var cursor = nameStart
                while cursor < bytes.count, isNameByte(bytes[cursor], first: cursor == nameStart) { cursor += 1 }
                let nameEnd = cursor
                var modifiers: [String] = []
                if nameEnd > nameStart, close == UInt8(ascii: ")"), cursor < bytes.count,
                    bytes[cursor] == UInt8(ascii: ":")
                {
                    cursor += 1
                    while cursor < bytes.count, isModifierByte(bytes[cursor]) { cursor += 1 }
                    let text = String(decoding: bytes[(nameEnd + 1)..<min(cursor, bytes.count)], as: UTF8.self)
                    modifiers = text.split(separator: ":").map(String.init)
                }
                if nameEnd > nameStart, cursor < bytes.count, bytes[cursor] == close {
                    found.append(
                        Reference(
                            text: String(decoding: bytes[index...cursor], as: UTF8.self),
                            name: String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self),
                            modifiers: modifiers, utf8Range: index..<(cursor + 1)))
                    index = cursor + 1
                    continue
                }
            } else if byte == UInt8(ascii: "@") {
                let nameStart = index + 1
                var cursor = nameStart
                while cursor < bytes.count, isNameByte(bytes[cursor], first: cursor == nameStart) { cursor += 1 }
                if cursor > nameStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "@") {
                    found.append(
                        Reference(
                            text: String(decoding: bytes[index...cursor], as: UTF8.self),
                            name: String(decoding: bytes[nameStart..<cursor], as: UTF8.self),
                            modifiers: [], utf8Range: index..<(cursor + 1)))
                    index = cursor + 1
                    continue
                }
            }
            index += 1
        }
        return found
    }

    /// Replaces the references whose variable is in `values`, applying the Xcode modifiers `lower`,
    /// `upper`, `rfc1034identifier` and `c99extidentifier`; references to unknown variables or with
    /// other modifiers stay as written.
    public static func substitute(in string: String, values: [String: String]) -> String {
        let references = scan(string)
        guard !references.isEmpty else { return string }
        let bytes = Array(string.utf8)
        var output: [UInt8] = []
        var copied = 0
        for reference in references {
            guard var value = values[reference.name], let resolved = apply(reference.modifiers, to: &value) else {
                continue
            }
            output.append(contentsOf: bytes[copied..<reference.utf8Range.lowerBound])
            output.append(contentsOf: resolved.utf8)
            copied = reference.utf8Range.upperBound
        }
        output.append(contentsOf: bytes[copied...])
        return String(decoding: output, as: UTF8.self)
    }

    /// Substitutes in every string of a property list (not in dictionary keys).
    public static func substitute(in value: PropertyListValue, values: [String: String]) -> PropertyListValue {
        switch value {
        case .string(let string):
            return .string(substitute(in: string, values: values))
        case .array(let elements):
            return .array(elements.map { substitute(in: $0, values: values) })
        case .dictionary(let dictionary):
            return .dictionary(
                PropertyListDictionary(dictionary.map { ($0.key, substitute(in: $0.value, values: values)) }))
        default:
            return value
        }
    }

    /// Every distinct reference in the strings of a property list (values only), sorted.
    public static func references(in value: PropertyListValue) -> [String] {
        var found = Set<String>()
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .string(let string): found.formUnion(references(in: string))
            case .array(let elements): pending.append(contentsOf: elements)
            case .dictionary(let dictionary): pending.append(contentsOf: dictionary.values)
            default: break
            }
        }
        return found.sorted()
    }

    private static func apply(_ modifiers: [String], to value: inout String) -> String? {
        for modifier in modifiers {
            switch modifier {
            case "lower": value = value.lowercased()
            case "upper": value = value.uppercased()
            case "rfc1034identifier":
                value = String(
                    value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
            case "c99extidentifier":
                value = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
            default: return nil
            }
        }
        return value
    }

    /// Bytes allowed in Xcode modifiers (`rfc1034identifier`, `default=x`, `suffix:…`); stopping at
    /// anything else keeps a scan of hostile text linear.
    private static func isModifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "="),
            UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ","):
            true
        default: false
        }
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
        default: false
        }
    }
}

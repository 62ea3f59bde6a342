/// A PDF object as the preview reads it (ISO 32000-1 §7.3): the eight basic kinds plus an
/// indirect reference. Names are kept without their `/` and with `#xx` escapes decoded.
enum PDFValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case string([UInt8])
    case name(String)
    case array([PDFValue])
    case dictionary([String: PDFValue])
    case reference(number: Int, generation: Int)

    /// The value of `key` when this is a dictionary.
    subscript(key: String) -> PDFValue? {
        if case .dictionary(let entries) = self { return entries[key] }
        return nil
    }

    /// An integer, or a real that holds a whole number.
    var integer: Int? {
        switch self {
        case .integer(let value): value
        case .real(let value) where value.rounded() == value && abs(value) < 1e15: Int(value)
        default: nil
        }
    }

    /// Any number, as a `Double`.
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    var name: String? {
        if case .name(let value) = self { return value }
        return nil
    }

    var array: [PDFValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var dictionary: [String: PDFValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    var reference: (number: Int, generation: Int)? {
        if case .reference(let number, let generation) = self { return (number, generation) }
        return nil
    }
}

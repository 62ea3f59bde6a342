/// How much a signature says about a file.
///
/// A resolver weighs content evidence by strength: a strong signature may overrule a file's
/// name, a weak one only fills in when the name says nothing.
///
/// ```swift
/// if match.strength >= .strong { /* trust the content over the name */ }
/// ```
public enum SignatureStrength: Int, Sendable, Comparable, CustomStringConvertible {
    /// A heuristic: text versus binary, the shape of CSV, MPEG audio frame sync without an ID3
    /// tag, "looks like JSON". Right most of the time, but it can occur by accident.
    case weak
    /// A magic number or a structural proof that cannot occur in text by accident: the PNG
    /// header, a ZIP whose entries name an Office document, an ELF header.
    case strong

    /// Orders `weak` before `strong`.
    public static func < (lhs: SignatureStrength, rhs: SignatureStrength) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// `weak` or `strong`.
    public var description: String {
        switch self {
        case .weak: "weak"
        case .strong: "strong"
        }
    }
}

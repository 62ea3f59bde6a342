/// How sure a resolution is.
///
/// - `certain`: structural proof in the content that agrees with the name, or a file-system kind.
/// - `high`: a strong signature alone, or a name and content that agree, or a declared type.
/// - `medium`: a name alone (content unknown, unread or uninformative), or a weak content
///   heuristic alone, or libmagic alone.
/// - `low`: an ambiguous name that content could not settle, or a fallback.
public enum ResolutionConfidence: Int, Sendable, Comparable, Codable, CustomStringConvertible {
    case low = 0
    case medium = 1
    case high = 2
    case certain = 3

    public static func < (lhs: ResolutionConfidence, rhs: ResolutionConfidence) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        case .certain: "certain"
        }
    }
}

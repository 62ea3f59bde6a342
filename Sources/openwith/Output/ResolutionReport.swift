import ContentSniffing
import UniformTypes

/// The JSON form of a file's resolution (`openwith type`).
struct ResolutionReport: Encodable {
    struct Evidence: Encodable {
        let source: String
        let identifier: String
        let detail: String
        let agrees: Bool
    }

    struct Conflict: Encodable {
        let claimed: String
        let claimedBy: String
        let content: String
        let winner: String
        let reason: String
    }

    let path: String
    let identifier: String
    /// The MIME type, bare (`text/plain`, never `text/plain;charset=utf-8`).
    let mimeType: String
    /// The character set of text whose type names one (`utf-8`), absent otherwise.
    let charset: String?
    let description: String
    let confidence: String
    let size: Int64
    let ambiguousName: Bool
    /// The dynamic type of an extension no declared type owns, kept beside the type (absent otherwise).
    let nameType: String?
    let evidence: [Evidence]
    let conflict: Conflict?

    init(path: String, resolution: Resolution) {
        self.path = path
        identifier = resolution.identifier.rawValue
        mimeType = resolution.mimeType
        charset = resolution.charset
        description = resolution.typeDescription
        confidence = resolution.confidence.description
        size = resolution.size
        ambiguousName = resolution.nameWasAmbiguous
        nameType = resolution.nameType?.identifier.rawValue
        evidence = resolution.evidence.map {
            Evidence(source: $0.source.rawValue, identifier: $0.identifier.rawValue, detail: $0.detail, agrees: $0.agrees)
        }
        conflict = resolution.conflict.map {
            Conflict(
                claimed: $0.claimed.rawValue, claimedBy: $0.claimedBy.rawValue, content: $0.content.rawValue,
                winner: $0.winner.rawValue, reason: $0.reason)
        }
    }

    /// The one-line human rendering, plus evidence lines when `verbose`.
    func text(verbose: Bool) -> String {
        var line = "\(path): \(identifier) (\(mimeType)) — \(description)"
        if let conflict { line += "  [mismatch: \(conflict.claimedBy) says \(conflict.claimed)]" }
        guard verbose else { return line }
        var lines = [line, "  confidence: \(confidence)"]
        for item in evidence {
            lines.append("  \(item.agrees ? "+" : "-") \(item.source): \(item.identifier) — \(item.detail)")
        }
        if let conflict { lines.append("  conflict: \(conflict.reason); \(conflict.winner) wins") }
        if let nameType { lines.append("  name type: \(nameType) — an extension no declared type owns, matched by apps that claim it") }
        return lines.joined(separator: "\n")
    }
}

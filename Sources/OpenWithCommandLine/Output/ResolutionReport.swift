package import ContentSniffing
import UniformTypes

/// The JSON form of a file's resolution (`openwith type`).
package struct ResolutionReport: Encodable {
    package struct Evidence: Encodable {
        package let source: String
        package let identifier: String
        package let detail: String
        package let agrees: Bool
    }

    package struct Conflict: Encodable {
        package let claimed: String
        package let claimedBy: String
        package let content: String
        package let winner: String
        package let reason: String
    }

    package let path: String
    package let identifier: String
    /// The MIME type, bare (`text/plain`, never `text/plain;charset=utf-8`).
    package let mimeType: String
    /// The character set of text whose type names one (`utf-8`), absent otherwise.
    package let charset: String?
    package let description: String
    package let confidence: String
    package let size: Int64
    package let ambiguousName: Bool
    /// The dynamic type of an extension no declared type owns, kept beside the type (absent otherwise).
    package let nameType: String?
    package let evidence: [Evidence]
    package let conflict: Conflict?

    package init(path: String, resolution: Resolution) {
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

    /// The one-line human rendering, plus evidence lines when `verbose`. The path is shown with
    /// its control characters escaped (``TerminalOutput/field(_:)``), a line break in a file
    /// name included, so that each file's answer stays on one line.
    package func text(verbose: Bool) -> String {
        var line = "\(TerminalOutput.field(path)): \(identifier) (\(mimeType)) — \(description)"
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

import UniformTypes

/// The JSON form of a type (`openwith types show`, `types lookup`, `types list`).
struct TypeReport: Encodable {
    struct Glob: Encodable {
        let pattern: String
        let weight: Int
        let caseSensitive: Bool
    }

    let identifier: String
    let description: String
    let declared: Bool
    let dynamic: Bool
    let isPublic: Bool
    let conformsTo: [String]
    let supertypes: [String]
    let extensions: [String]
    let mimeTypes: [String]
    let globs: [Glob]
    let preferredExtension: String?
    let preferredMIMEType: String?
    let tier: String?
    let origin: String?
    let icon: String?

    init(_ type: UniformType) {
        identifier = type.identifier.rawValue
        description = type.localizedDescription
        declared = type.isDeclared
        dynamic = type.isDynamic
        isPublic = type.isPublic
        conformsTo = type.parents.map(\.identifier.rawValue)
        supertypes = type.supertypes.map(\.identifier.rawValue)
        extensions = type.tags[.filenameExtension] ?? []
        mimeTypes = type.tags[.mimeType] ?? []
        globs = (type.declaration?.filenamePatterns ?? []).map {
            Glob(pattern: $0.pattern, weight: $0.weight, caseSensitive: $0.isCaseSensitive)
        }
        preferredExtension = type.preferredFilenameExtension
        preferredMIMEType = type.preferredMIMEType
        tier = type.declaration?.tier.description
        origin = type.declaration?.origin
        icon = type.declaration?.iconName
    }

    /// A multi-line human rendering.
    var text: String {
        var lines = ["\(identifier) — \(description)"]
        if dynamic { lines.append("  dynamic type (no declaration claims its tag)") }
        if !declared && !dynamic { lines.append("  not declared") }
        if !conformsTo.isEmpty { lines.append("  conforms to: \(conformsTo.joined(separator: ", "))") }
        if !supertypes.isEmpty { lines.append("  supertypes:  \(supertypes.joined(separator: ", "))") }
        if !extensions.isEmpty { lines.append("  extensions:  \(extensions.joined(separator: ", "))") }
        if !mimeTypes.isEmpty { lines.append("  MIME types:  \(mimeTypes.joined(separator: ", "))") }
        if !globs.isEmpty {
            let rendered = globs.map { "\($0.pattern)" + ($0.weight == 50 ? "" : " (\($0.weight))") + ($0.caseSensitive ? " (case-sensitive)" : "") }
            lines.append("  globs:       \(rendered.joined(separator: ", "))")
        }
        if let tier { lines.append("  declared by: \(origin ?? "") (\(tier))") }
        return lines.joined(separator: "\n")
    }
}

import DeclarationFormats
import UniformTypes

/// An activation rule compiled against a type graph for ranking: limits as integers (`-1`: not
/// stated), the accepted types as graph types with their specificity, so that weighing a set
/// allocates nothing.
struct CompiledShareRule: Sendable {
    let acceptsAnything: Bool
    let maxFiles: Int
    let maxImages: Int
    let maxMovies: Int
    let maxText: Int
    let maxWebURLs: Int
    let maxAttachments: Int
    let minAttachments: Int
    /// Whether any per-kind limit is stated: only then are items counted by kind.
    let countsByKind: Bool
    let acceptedTypes: [UniformType]
    /// How many supertypes each accepted type has: a deeper type is a more specific match.
    let acceptedSpecificity: [Int]

    init(_ rule: ShareActivationRule, graph: TypeGraph) {
        acceptsAnything = rule.acceptsAnything
        maxFiles = rule.maxFiles ?? -1
        maxImages = rule.maxImages ?? -1
        maxMovies = rule.maxMovies ?? -1
        maxText = rule.maxText ?? -1
        maxWebURLs = rule.maxWebURLs ?? -1
        maxAttachments = rule.maxAttachments ?? -1
        minAttachments = rule.minAttachments
        countsByKind = [rule.maxFiles, rule.maxImages, rule.maxMovies, rule.maxText, rule.maxWebURLs].contains { $0 != nil }
        var types: [UniformType] = []
        for name in rule.acceptedTypes {
            if name.contains("/") {
                if let type = graph.type(mimeType: name) { types.append(type) }
            } else {
                types.append(graph.identity(TypeIdentifier(name)))
            }
        }
        acceptedTypes = types
        acceptedSpecificity = types.map { $0.supertypes.count }
    }

    /// The limit of a category (`-1`: not stated).
    func limit(of category: ShareItemSet.Category) -> Int {
        switch category {
        case .file: maxFiles
        case .image: maxImages
        case .movie: maxMovies
        case .text: maxText
        case .webURL: maxWebURLs
        }
    }
}

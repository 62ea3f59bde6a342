import DocumentCatalog
import OpenWithCommandLine
import UniformTypes

/// The declared type an unknown type identifier most likely meant, for error hints:
/// `public.pgn` → `public.png`, `png` → `public.png`, `image/png` → `public.png`, `.txt` →
/// `public.plain-text`.
///
/// Policy: a MIME type (it has a `/`) or an extension (it starts with a dot, or is a word without
/// dots that some type claims as one) names the type preferred for that tag; anything else gets ``AppIDSuggestion``'s rules over the declared
/// identifiers (the same id but for case, the last component, one or two edits away; only a
/// single nearest answer counts).
enum TypeSuggestion {
    /// The suggestion for `text` in `graph`, or `nil`.
    static func best(for text: String, in graph: TypeGraph) -> String? {
        if text.contains("/") { return graph.types(mimeType: text).first?.identifier.rawValue }
        if text.hasPrefix("."), text.count > 1 { return graph.types(filenameExtension: String(text.dropFirst())).first?.identifier.rawValue }
        if !text.contains("."), let type = graph.types(filenameExtension: text).first { return type.identifier.rawValue }
        return AppIDSuggestion.best(for: text, among: graph.declaredTypes.map(\.identifier.rawValue))
    }

    /// The type `text` names in `graph`, or the failure for it with the type it most likely meant.
    static func type(_ text: String, in graph: TypeGraph, option: String? = nil) throws(CommandFailure) -> UniformType {
        do { return try graph.type(withIdentifier: text) } catch {
            throw CommandFailure(error, option: option, suggestion: best(for: text, in: graph))
        }
    }
}

public import DocumentCatalog
public import UniformTypes

/// What a default is set for or asked about, as a person types it: a type identifier
/// (`public.png`), an extension (`.png` or `ext:png`), a MIME type (`image/png`), a URL scheme
/// (`mailto:` or `scheme:mailto`), or one file.
///
/// Extensions and MIME types are turned into the type the graph gives them, so a default set for
/// `.jpeg` is the default of `public.jpeg` and applies to `.jpg` files too. Schemes are folded to
/// lower case. A file is keyed by its absolute, normalised path (``PathNormalization``).
///
/// ```swift
/// let target = try DefaultTarget(parsing: ".png", graph: graph)   // scope .type, key public.png
/// ```
public struct DefaultTarget: Sendable, Equatable {
    /// What kind of default this is.
    public var scope: DefaultScope
    /// The type identifier, the scheme (lower case) or the absolute path.
    public var key: String

    /// A target of the given scope and key, taken as they are.
    public init(scope: DefaultScope, key: String) {
        self.scope = scope
        self.key = key
    }

    /// Parses a target as typed.
    ///
    /// - Parameters:
    ///   - text: the target as typed.
    ///   - isFile: `text` is a file path (a per-file default), not a type.
    ///   - graph: the graph that names types, extensions and MIME types.
    /// - Throws: ``HandOverError/Code/invalidTarget`` naming the text when it is none of these;
    ///   ``HandOverError/Code/invalidPath`` for a file path that cannot be made absolute.
    public init(parsing text: String, isFile: Bool = false, graph: TypeGraph) throws(HandOverError) {
        if isFile {
            self.init(scope: .file, key: try PathNormalization.absolute(text))
            return
        }
        if text.hasPrefix("scheme:") {
            self.init(scope: .scheme, key: String(text.dropFirst(7)).lowercased())
            return
        }
        if text.hasSuffix(":"), !text.contains("/") {
            self.init(scope: .scheme, key: String(text.dropLast()).lowercased())
            return
        }
        let type: UniformType?
        if text.hasPrefix(".") || text.hasPrefix("ext:") {
            type = graph.type(filenameExtension: text.hasPrefix(".") ? String(text.dropFirst()) : String(text.dropFirst(4)))
        } else if text.contains("/") {
            type = graph.type(mimeType: text)
        } else {
            type = try? graph.type(withIdentifier: text)
        }
        guard let type else {
            throw HandOverError(.invalidTarget, reason: "'\(text)' is not a type identifier, extension, MIME type or scheme", value: text)
        }
        self.init(scope: .type, key: type.identifier.rawValue)
    }
}

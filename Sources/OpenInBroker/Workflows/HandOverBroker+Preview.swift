public import ContentSniffing
public import DocumentCatalog
public import UniformTypes

/// The options menu of a document: its preview, the apps it can be opened in, and the actions
/// available, as one structured answer (the `UIDocumentInteractionController` options menu).
public struct DocumentOptions: Sendable {
    /// The document's resolution.
    public var resolution: Resolution
    /// Its preview.
    public var preview: DocumentPreview
    /// The open-in candidates, default first.
    public var handlers: HandlerList
    /// The actions offered: `preview`, `open-in`, `copy`.
    public var actions: [String]
}

extension HandOverBroker {
    /// The preview kind for a type: text, image, PDF, archive, audio/video, or other.
    public func previewKind(for type: UniformType, in graph: TypeGraph) -> PreviewKind {
        func conforms(_ identifier: TypeIdentifier) -> Bool { type.conforms(to: graph.identity(identifier)) }
        if conforms(.pdf) { return .pdf }
        if conforms(.image) { return .image }
        if conforms(.audiovisualContent) { return .audiovisual }
        if conforms(.archive) || conforms(.zip) || conforms(.tarArchive) { return .archive }
        if conforms(.text) { return .text }
        return .other
    }

    /// A preview of a document that needs no handler app (bounded reads).
    public func preview(path: String) throws(HandOverError) -> (Resolution, DocumentPreview) {
        let graph = try snapshot().graph
        let resolution = try resolve(path, in: graph)
        return (resolution, try preview(path: path, resolution: resolution, graph: graph))
    }

    /// The options menu: preview + open-in candidates + copy, from one snapshot.
    public func options(path: String, role: RequestedRole = .any) throws(HandOverError) -> DocumentOptions {
        let lookup = try lookup()
        let answer = try lookup.handlers(forFileAt: path, role: role)
        // A per-file default is part of the menu: a path that cannot be made absolute is refused.
        if answer.absolutePath == nil { _ = try PathNormalization.absolute(path) }
        let preview = try preview(path: path, resolution: answer.resolution, graph: lookup.snapshot.graph)
        var actions = ["preview"]
        if !answer.handlers.candidates.isEmpty { actions.append("open-in") }
        actions.append("copy")
        return DocumentOptions(resolution: answer.resolution, preview: preview, handlers: answer.handlers, actions: actions)
    }

    private func preview(path: String, resolution: Resolution, graph: TypeGraph) throws(HandOverError) -> DocumentPreview {
        try DocumentPreview.read(path: path, kind: previewKind(for: resolution.type, in: graph))
    }
}

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
        if conforms("com.adobe.pdf") { return .pdf }
        if conforms("public.image") { return .image }
        if conforms("public.audiovisual-content") { return .audiovisual }
        if conforms("public.archive") || conforms("public.zip-archive") || conforms("public.tar-archive") { return .archive }
        if conforms("public.text") { return .text }
        return .other
    }

    /// A preview of a document that needs no handler app (bounded reads).
    public func preview(path: String) throws(HandOverError) -> (Resolution, DocumentPreview) {
        let resolution = try resolve(path)
        let kind = previewKind(for: resolution.type, in: try snapshot().graph)
        return (resolution, try DocumentPreview.read(path: path, kind: kind))
    }

    /// The options menu: preview + open-in candidates + copy.
    public func options(path: String, role: RequestedRole = .any) throws(HandOverError) -> DocumentOptions {
        let (resolution, preview) = try preview(path: path)
        let snapshot = try snapshot()
        let handlers = HandlerRanking(snapshot: snapshot, desktops: desktops).handlers(for: resolution.type, role: role, path: try PathNormalization.absolute(path))
        var actions = ["preview"]
        if !handlers.candidates.isEmpty { actions.append("open-in") }
        actions.append("copy")
        return DocumentOptions(resolution: resolution, preview: preview, handlers: handlers, actions: actions)
    }
}

import UniformTypes

extension PasteboardSync {
    /// The MIME target a type is offered under: UTF-8 text as `text/plain;charset=utf-8`, other
    /// types under their preferred MIME type; `nil` for a type without one.
    func target(for identifier: TypeIdentifier) -> String? {
        if identifier == "public.utf8-plain-text" { return "text/plain;charset=utf-8" }
        return graph.identity(identifier).preferredMIMEType
    }

    /// The type a clipboard target names: `UTF8_STRING` and UTF-8 `text/plain` are UTF-8 text,
    /// other MIME types are looked up without their parameters; X11 atoms name none.
    func type(forTarget target: String) -> UniformType? {
        if target == "UTF8_STRING" { return graph.identity("public.utf8-plain-text") }
        guard target.contains("/") else { return nil }
        let lowered = String(target.lowercased().filter { $0 != " " })
        let essence = lowered.split(separator: ";", maxSplits: 1).first.map(String.init) ?? lowered
        if essence == "text/plain", lowered.contains("charset=utf-8") { return graph.identity("public.utf8-plain-text") }
        return graph.type(mimeType: essence)
    }
}

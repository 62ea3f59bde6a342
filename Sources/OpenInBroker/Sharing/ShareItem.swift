public import UniformTypes

/// One item of a share: a file, a piece of text or a web URL.
///
/// ```swift
/// let items: [ShareItem] = [.file("/tmp/photo.png"), .webURL("https://example.com/a"), .text("Look")]
/// ```
public enum ShareItem: Sendable, Equatable, Hashable {
    /// A file, by path.
    case file(String)
    /// A piece of text (typed `public.plain-text`).
    case text(String)
    /// An `http` or `https` URL (typed `public.url`).
    case webURL(String)

    /// What the item is called in reasons: the file's name, the URL, or the text's first 40
    /// characters quoted; control characters are shown as `\u{…}`, so a reason stays one line.
    public var label: String {
        let raw: String
        switch self {
        case .file(let path): raw = path.split(separator: "/").last.map(String.init) ?? path
        case .webURL(let url): raw = url
        case .text(let text): raw = "\"" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "\""
        }
        guard raw.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return raw }
        var shown = ""
        for scalar in raw.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { shown += "\\u{\(String(scalar.value, radix: 16))}" } else { shown.unicodeScalars.append(scalar) }
        }
        return shown
    }
}

/// A share item with its type, as the share sheet weighs it.
///
/// ```swift
/// let item = ResolvedShareItem(item: .file("/tmp/photo.png"), type: graph.identity("public.png"))
/// ```
public struct ResolvedShareItem: Sendable, Equatable {
    /// The item.
    public var item: ShareItem
    /// Its type: the file's resolved type, `public.plain-text` for text, `public.url` for a URL.
    public var type: UniformType

    /// Creates a resolved item.
    public init(item: ShareItem, type: UniformType) {
        self.item = item
        self.type = type
    }
}

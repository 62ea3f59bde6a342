public import UniformTypes

/// The machine's thumbnailers, and the one that takes a given type.
///
/// Policy:
/// - thumbnailers are the `*.thumbnailer` files of `$XDG_DATA_HOME/thumbnailers` (default
///   `~/.local/share`) and of each `$XDG_DATA_DIRS` folder's `thumbnailers` (default
///   `/usr/local/share:/usr/share`); a file name seen in an earlier folder hides the same name
///   later, as desktop ids do; entries that are not usable or whose programs are missing are
///   left out (``ThumbnailerEntry``);
/// - the thumbnailer for a file is chosen by type conformance: each `MimeType` names types of
///   the graph, and the entry whose type is nearest to the file's own type wins (the type
///   itself, then its supertypes nearest first); a pattern such as `image/*` matches a type one
///   of whose MIME types has that prefix, after every exact MIME type; ties go to the earlier
///   folder, then to the file name.
public struct ThumbnailerDirectory: Sendable {
    /// The usable thumbnailers, in folder order then by name.
    public let entries: [ThumbnailerEntry]

    /// The folders searched, most important first.
    public static func folders(environment: [String: String]) -> [String] {
        let home = environment["HOME"] ?? ""
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (home + "/.local/share")
        let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return ([dataHome] + dataDirs).map { $0 + "/thumbnailers" }
    }

    /// Reads the thumbnailers of the folders the environment names (at most 64 KiB per file,
    /// 1,000 files per folder).
    public init(environment: [String: String]) {
        let searchPath = environment["PATH"] ?? "/usr/bin:/bin"
        var seen: Set<String> = []
        var entries: [ThumbnailerEntry] = []
        for folder in ThumbnailerDirectory.folders(environment: environment) {
            for name in FolderListing.names(folder).prefix(1000) where name.hasSuffix(".thumbnailer") {
                guard seen.insert(name).inserted else { continue }
                let path = folder + "/" + name
                guard let bytes = try? BoundedFileRead.read(path, limit: 64 * 1024, what: "the thumbnailer file"),
                    let text = String(validating: bytes, as: UTF8.self),
                    let entry = ThumbnailerEntry.parse(text, name: name, path: path), entry.isAvailable(searchPath: searchPath)
                else { continue }
                entries.append(entry)
            }
        }
        self.entries = entries
    }

    /// Thumbnailers given directly (tests, embedding apps).
    public init(entries: [ThumbnailerEntry]) {
        self.entries = entries
    }

    /// The thumbnailer nearest to `type`, with the MIME type it matched, or `nil`.
    public func thumbnailer(for type: UniformType, in graph: TypeGraph) -> (entry: ThumbnailerEntry, mimeType: String)? {
        let chain = [type] + type.supertypes
        var best: (rank: Int, entry: ThumbnailerEntry, mimeType: String)?
        for entry in entries {
            for mimeType in entry.mimeTypes {
                guard let rank = rank(of: mimeType, in: chain, graph: graph) else { continue }
                if best == nil || rank < best!.rank { best = (rank, entry, mimeType) }
            }
        }
        return best.map { ($0.entry, $0.mimeType) }
    }

    /// How near `mimeType` is to the chain's first type: its position in the chain, patterns
    /// after every exact match.
    private func rank(of mimeType: String, in chain: [UniformType], graph: TypeGraph) -> Int? {
        if mimeType.hasSuffix("/*") {
            let prefix = String(mimeType.dropLast())
            let position = chain.firstIndex { type in (type.tags[.mimeType] ?? []).contains { $0.lowercased().hasPrefix(prefix) } }
            return position.map { chain.count + $0 }
        }
        var nearest: Int?
        for named in graph.types(mimeType: mimeType) {
            if let position = chain.firstIndex(of: named), position < (nearest ?? Int.max) { nearest = position }
        }
        return nearest
    }
}

/// One place on the machine whose changes the catalog follows: an `applications/` folder (or one
/// of its subfolders), a `mimeapps.list` file, or a shared-mime-info `mime/packages/` folder.
///
/// A file location may not exist yet: it counts as changed when it appears. To be told of its
/// changes by the kernel (inotify), watch ``folderToWatch``, its folder: the tools that write a
/// `mimeapps.list` replace it by renaming a new file over it.
public struct WatchedLocation: Sendable, Hashable, CustomStringConvertible {
    /// What the location holds, and so which part of the catalog it feeds.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A folder of desktop entries: `$XDG_DATA_HOME/applications`, each
        /// `$XDG_DATA_DIRS/applications`, and every subfolder of them.
        case applications
        /// One `mimeapps.list` file, in the specification's precedence order.
        case mimeAppsList
        /// A folder of shared-mime-info packages: `$XDG_DATA_HOME/mime/packages` and each
        /// `$XDG_DATA_DIRS/mime/packages`.
        case mimePackages
    }

    /// The folder or file.
    public var path: String
    /// What it holds.
    public var kind: Kind

    /// Creates a location.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// Whether the location is a folder (every kind but ``Kind/mimeAppsList``).
    public var isFolder: Bool { kind != .mimeAppsList }

    /// The folder to watch for changes of this location: the folder itself, or the folder a
    /// file is (or will be) in.
    public var folderToWatch: String {
        guard !isFolder, let slash = path.lastIndex(of: "/") else { return path }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The kind and the path, in words.
    public var description: String { "\(kind.rawValue) \(path)" }
}

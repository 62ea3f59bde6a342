/// A folder the change stream watches, and which of its entries matter.
///
/// Policy: the folders are the ones the catalog is made from, as the system import reads them
/// (``Workspace/watchedLocations``): the catalog file's own folder, every `applications/` folder
/// of `$XDG_DATA_HOME` and `$XDG_DATA_DIRS` (desktop entries, and the `mimeapps.list` files kept
/// there), the `mimeapps.list` folders of `$XDG_CONFIG_HOME` and `$XDG_CONFIG_DIRS`, and every
/// `mime/packages/` folder. Only the entries that feed the catalog count: a `.desktop` file or a
/// subfolder of `applications/`, a `*mimeapps.list` file, a `.xml` package, the catalog file and
/// its write-ahead log. A folder that does not exist yet is watched for from its nearest existing
/// parent, and watched itself once it appears.
public struct WatchedLocation: Sendable, Hashable {
    /// What a watched folder holds.
    public enum Kind: String, Sendable, Hashable {
        /// The catalog's folder; only the catalog file and its write-ahead log count.
        case catalog
        /// An `applications/` folder: desktop entries, their subfolders, `mimeapps.list`.
        case applications
        /// A configuration folder: `mimeapps.list` and `$desktop-mimeapps.list`.
        case mimeAppsList
        /// A `mime/packages/` folder: shared-mime-info packages.
        case mimePackages
    }

    /// The folder, absolute.
    public var folder: String
    /// What it holds.
    public var kind: Kind
    /// For ``Kind/catalog``, the catalog file's name.
    public var fileName: String?

    /// Creates a location.
    public init(folder: String, kind: Kind, fileName: String? = nil) {
        self.folder = folder
        self.kind = kind
        self.fileName = fileName
    }

    /// Whether a change to the entry `name` of the folder (a folder itself when `isFolder`)
    /// can change the catalog.
    public func concerns(name: String, isFolder: Bool) -> Bool {
        switch kind {
        case .catalog: return name == fileName || fileName.map { name == $0 + "-wal" } == true
        case .applications: return isFolder || name.hasSuffix(".desktop") || name.hasSuffix("mimeapps.list")
        case .mimeAppsList: return name.hasSuffix("mimeapps.list")
        case .mimePackages: return name.hasSuffix(".xml")
        }
    }
}

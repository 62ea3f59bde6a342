import DocumentCatalog

/// A folder the change stream's watcher watches, and which of its entries count.
///
/// Policy: a target stands for the catalog file (its folder; only the file and its write-ahead
/// log count) or for one of the catalog's ``WatchedLocation``s (``CatalogFreshness``): an
/// `applications/` folder (a `.desktop` file, a subfolder, a `mimeapps.list`), the folder of a
/// `mimeapps.list` file (that file's name), or a `mime/packages/` folder (a `.xml` package).
struct WatchTarget: Sendable, Hashable {
    enum Filter: Sendable, Hashable {
        case catalog(fileName: String)
        case applications
        case file(name: String)
        case packages
    }

    /// The folder watched.
    var folder: String
    /// Which entries count.
    var filter: Filter
    /// What is reported when it changes: the location's path, or the catalog file.
    var reported: String

    /// The targets of a catalog file and the catalog's watched locations.
    static func targets(catalogPath: String, locations: [WatchedLocation]) -> [WatchTarget] {
        let (folder, name) = split(catalogPath)
        var targets = [WatchTarget(folder: folder, filter: .catalog(fileName: name), reported: catalogPath)]
        for location in locations {
            let target: WatchTarget
            switch location.kind {
            case .applications: target = WatchTarget(folder: location.path, filter: .applications, reported: location.path)
            case .mimeAppsList: target = WatchTarget(folder: location.folderToWatch, filter: .file(name: split(location.path).1), reported: location.path)
            case .mimePackages: target = WatchTarget(folder: location.path, filter: .packages, reported: location.path)
            }
            if !targets.contains(target) { targets.append(target) }
        }
        return targets
    }

    /// Whether the catalog file (not a location of the machine) is what this target watches.
    var isCatalog: Bool { if case .catalog = filter { true } else { false } }

    /// Whether a change to the entry `name` of the folder (a folder itself when `isFolder`)
    /// counts.
    func concerns(name: String, isFolder: Bool) -> Bool {
        switch filter {
        case .catalog(let fileName): return name == fileName || name == fileName + "-wal"
        case .applications: return isFolder || name.hasSuffix(".desktop") || name.hasSuffix("mimeapps.list")
        case .file(let fileName): return name == fileName
        case .packages: return name.hasSuffix(".xml")
        }
    }

    /// A path's folder and last component.
    private static func split(_ path: String) -> (String, String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        let folder = slash == path.utf8.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.utf8.index(after: slash)...]))
    }
}

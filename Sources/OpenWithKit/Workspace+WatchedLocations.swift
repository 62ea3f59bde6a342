import DeclarationFormats
import DocumentCatalog

extension Workspace {
    /// The folders the change stream watches, in the order the system import reads them, each
    /// once (see ``WatchedLocation`` for the policy): the catalog's folder first, then the
    /// `applications/` folders, the `mimeapps.list` folders and the `mime/packages/` folders.
    public var watchedLocations: [WatchedLocation] {
        let path = catalog.location.path
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { $0 == path.utf8.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.utf8.index(after: $0)...]) } ?? path
        var locations = [WatchedLocation(folder: folder, kind: .catalog, fileName: name)]
        let data = XDGDirectories(environment: environment).dataSearchPath
        func add(_ folder: String, _ kind: WatchedLocation.Kind) {
            if !locations.contains(where: { $0.folder == folder && $0.kind != .catalog }) {
                locations.append(WatchedLocation(folder: folder, kind: kind))
            }
        }
        for base in data { add(base + "/applications", .applications) }
        for file in MimeAppsListLocations(environment: environment).files {
            guard let cut = file.utf8.lastIndex(of: UInt8(ascii: "/")) else { continue }
            add(cut == file.utf8.startIndex ? "/" : String(file[..<cut]), .mimeAppsList)
        }
        for base in data { add(base + "/mime/packages", .mimePackages) }
        return locations
    }
}

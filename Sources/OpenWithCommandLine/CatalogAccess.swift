import ContentSniffing
package import DocumentCatalog
import Glibc
package import UniformTypes

/// The catalog a command works on: an explicit path, else the environment's.
package struct CatalogAccess {
    /// The catalog file `--catalog` names, if it names one.
    package let explicitPath: String?

    /// The catalog `--catalog PATH` names, else (`nil`) the environment's.
    package init(explicitPath: String?) {
        self.explicitPath = explicitPath
    }

    /// Where the catalog is: the explicit path, else `$OPENWITH_CATALOG`, else the XDG default.
    package var location: CatalogLocation { CatalogLocation.resolve(explicitPath: explicitPath, variable: ProcessEnvironment.value) }

    /// The location, checked: a catalog named with `--catalog` must be in a folder that exists.
    ///
    /// Policy: `--catalog /typo/dir/x.sqlite` is refused rather than made, with its folders; the
    /// catalog there is created only when its folder exists. The default location (and
    /// `$OPENWITH_CATALOG`) is created with its folders on first use.
    package func checkedLocation() throws(CommandFailure) -> CatalogLocation {
        let location = self.location
        guard let explicitPath else { return location }
        let folder = explicitPath.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(explicitPath[..<$0]) } ?? "."
        var status = stat()
        let found = PathBytes.withCString(folder.isEmpty ? "/" : folder) { stat($0, &status) } == 0
        if !found || (status.st_mode & S_IFMT) != S_IFDIR {
            throw CommandFailure(
                status: .catalogError, message: "--catalog: \(explicitPath): the folder \(folder) \(found ? "is not a folder" : "does not exist")",
                hint: "create the folder first, or leave out --catalog to use the default catalog")
        }
        return location
    }

    /// Opens the catalog, creating it (and importing the machine's apps) on first use, and
    /// brings it up to date with the machine's apps and defaults.
    package func open() throws -> DocumentCatalog {
        let catalog = try DocumentCatalog(location: checkedLocation())
        try catalog.followMachine(environment: ProcessEnvironment.current)
        return catalog
    }

    /// The current snapshot of the catalog.
    package func snapshot() throws -> CatalogSnapshot {
        // The stored snapshot answers without opening the database when it and the machine's
        // watched folders are current; else the catalog follows the machine first.
        try DocumentCatalog.currentSnapshot(location: try checkedLocation(), variable: ProcessEnvironment.value, environment: { ProcessEnvironment.current })
    }

    /// The type graph of the current snapshot, without the rest of it when the stored one is
    /// current (nothing but the variables the freshness check names is read from the environment).
    package func graph() throws -> TypeGraph {
        try DocumentCatalog.currentGraph(location: try checkedLocation(), variable: ProcessEnvironment.value, environment: { ProcessEnvironment.current })
    }
}

import ArgumentParser
import ContentSniffing
import DocumentCatalog
import Glibc
import UniformTypes

/// The `--catalog` option every command that reads the catalog shares.
struct CatalogOptions: ParsableArguments {
    @Option(name: .customLong("catalog"), help: "The catalog file (default: $OPENWITH_CATALOG, else $XDG_DATA_HOME/openwith/catalog.sqlite).")
    var path: String?

    /// The catalog these options choose.
    var access: CatalogAccess { CatalogAccess(explicitPath: path) }
    /// The catalog location the options and the environment choose.
    var location: CatalogLocation { access.location }
    /// Opens the catalog, creating it (and importing the machine's apps) on first use, and
    /// brings it up to date with the machine's apps and defaults.
    func open() throws -> DocumentCatalog { try access.open() }
    /// The current snapshot of the catalog.
    func snapshot() throws -> CatalogSnapshot { try access.snapshot() }
    /// The type graph to answer with: system types plus the types registered apps declare.
    func graph() throws -> TypeGraph { try access.graph() }
}

/// The catalog a command works on: an explicit path, else the environment's.
struct CatalogAccess {
    let explicitPath: String?

    var location: CatalogLocation { CatalogLocation.resolve(explicitPath: explicitPath, variable: ProcessEnvironment.value) }

    /// The location, checked: a catalog named with `--catalog` must be in a folder that exists.
    ///
    /// Policy: `--catalog /typo/dir/x.sqlite` is refused rather than made, with its folders; the
    /// catalog there is created only when its folder exists. The default location (and
    /// `$OPENWITH_CATALOG`) is created with its folders on first use.
    func checkedLocation() throws(CommandFailure) -> CatalogLocation {
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

    func open() throws -> DocumentCatalog {
        let catalog = try DocumentCatalog(location: checkedLocation())
        try catalog.followMachine(environment: ProcessEnvironment.current)
        return catalog
    }

    func snapshot() throws -> CatalogSnapshot {
        // The stored snapshot answers without opening the database when it and the machine's
        // watched folders are current; else the catalog follows the machine first.
        try DocumentCatalog.currentSnapshot(location: try checkedLocation(), variable: ProcessEnvironment.value, environment: { ProcessEnvironment.current })
    }

    /// The type graph of the current snapshot, without the rest of it when the stored one is
    /// current (nothing but the variables the freshness check names is read from the environment).
    func graph() throws -> TypeGraph {
        try DocumentCatalog.currentGraph(location: try checkedLocation(), variable: ProcessEnvironment.value, environment: { ProcessEnvironment.current })
    }
}

/// The process environment.
enum ProcessEnvironment {
    /// Every variable (for the system import, which reads many XDG variables).
    static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                result[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    /// One variable's value.
    static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// The locale of messages and app names: the first set of `LC_ALL`, `LC_MESSAGES`, `LANG`.
    static var messagesLocale: String? {
        ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap(value).first { !$0.isEmpty }
    }

    /// The desktops of `XDG_CURRENT_DESKTOP`.
    static var desktops: [String] { (value("XDG_CURRENT_DESKTOP") ?? "").split(separator: ":").map(String.init) }
}

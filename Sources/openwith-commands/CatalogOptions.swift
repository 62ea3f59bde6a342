import ArgumentParser
import ContentSniffing
import DocumentCatalog
import Glibc
import OpenWithCommandLine
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

/// One change of the catalog, as ``CatalogChanges`` reports it: after it, lookups answer from
/// the new state.
public struct CatalogChange: Sendable, Equatable {
    /// The catalog's change counter after the change (see `DocumentCatalog.generation()`);
    /// `nil` when it could not be read.
    public var generation: Int?
    /// The watched folders whose desktop entries, `mimeapps.list` files or shared-mime-info
    /// packages changed, in ``Workspace/watchedLocations`` order; empty when only the catalog
    /// file changed (another program or another workspace wrote it).
    public var changedFolders: [String]
    /// Whether the machine's apps were imported again because of those folders.
    public var reimported: Bool

    /// Creates a change record.
    public init(generation: Int?, changedFolders: [String], reimported: Bool) {
        self.generation = generation
        self.changedFolders = changedFolders
        self.reimported = reimported
    }
}

/// One change of the catalog, as ``CatalogChanges`` reports it: after it, lookups answer from
/// the new state.
public struct CatalogChange: Sendable, Equatable {
    /// The catalog's change counter after the change (see `DocumentCatalog.generation()`);
    /// `nil` when it could not be read.
    public var generation: Int?
    /// The watched locations that changed (`applications/` folders, `mimeapps.list` files,
    /// `mime/packages/` folders, as ``Workspace/watchedLocations`` names them), in that order;
    /// empty when only the catalog file changed (another program or another workspace wrote it).
    public var changedLocations: [String]
    /// Whether the machine's apps were imported again because of those folders.
    public var reimported: Bool

    /// Creates a change record.
    public init(generation: Int?, changedLocations: [String], reimported: Bool) {
        self.generation = generation
        self.changedLocations = changedLocations
        self.reimported = reimported
    }
}

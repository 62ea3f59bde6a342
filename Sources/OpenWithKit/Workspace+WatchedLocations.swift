public import DocumentCatalog

extension Workspace {
    /// The places on the machine the catalog follows and the change stream watches, besides the
    /// catalog file itself: ``CatalogFreshness/watchedLocations(environment:)`` for the
    /// workspace's environment (the `applications/` folders with their subfolders, the
    /// `mimeapps.list` files, the `mime/packages/` folders), in that order.
    public var watchedLocations: [WatchedLocation] {
        CatalogFreshness.watchedLocations(environment: environment)
    }
}

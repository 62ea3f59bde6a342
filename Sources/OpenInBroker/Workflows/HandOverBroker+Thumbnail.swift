public import ContentSniffing

extension HandOverBroker {
    /// The thumbnail of a document by the freedesktop thumbnail specification: its type is
    /// resolved against the catalog's graph, then ``ThumbnailFactory`` reuses or makes it.
    ///
    /// - Parameter environment: the variables that locate the cache and the thumbnailers
    ///   (`XDG_CACHE_HOME`, `HOME`, `XDG_DATA_HOME`, `XDG_DATA_DIRS`, `PATH`).
    public func thumbnail(
        path: String, size: ThumbnailSize, environment: [String: String], timeLimit: Double = 10
    ) throws(HandOverError) -> (Resolution, Thumbnail) {
        let graph = try snapshot().graph
        let resolution = try resolve(path, in: graph)
        let factory = ThumbnailFactory(environment: environment, timeLimit: timeLimit)
        return (resolution, try factory.thumbnail(path: path, type: resolution.type, graph: graph, size: size))
    }
}

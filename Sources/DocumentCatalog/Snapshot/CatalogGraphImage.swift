import UniformTypes

/// The compiled type graph of a catalog — the embedded system types plus the types its apps
/// and packages declare — kept as an image file beside the catalog (`catalog.sqlite.types`),
/// so a process maps it instead of parsing and compiling some 1,500 declarations.
///
/// Policy: the image is a cache, never the truth. It is used only when its digest matches the
/// embedded system table and the catalog's current declarations; otherwise (missing, stale,
/// damaged, another format version) the graph is compiled and the image rewritten atomically.
/// A read-only catalog, or a folder that refuses the write, simply compiles each time.
public enum CatalogGraphImage {
    /// The image file of a catalog.
    public static func path(for location: CatalogLocation) -> String { location.path + ".types" }

    /// The graph of the system types plus `declarations`, from the image when it is current.
    static func graph(adding declarations: [TypeDeclaration], location: CatalogLocation, writable: Bool) throws(UniformTypeError) -> TypeGraph {
        let digest = TypeGraph.combinedDigest(SystemTypeCatalog.tableDigest, TypeGraph.sourceDigest(of: declarations))
        let path = path(for: location)
        if let graph = try? TypeGraph(imageAt: path, sourceDigest: digest) { return graph }
        let graph = try TypeGraph(declarations: SystemTypeCatalog.declarations() + declarations, recordingDigest: digest)
        if writable { try? graph.writeImage(to: path) }
        return graph
    }
}

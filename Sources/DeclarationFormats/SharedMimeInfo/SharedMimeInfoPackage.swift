/// A parsed shared-mime-info package file: its `<mime-type>` definitions in file order and the
/// warnings for what was skipped.
public struct SharedMimeInfoPackage: Sendable, Equatable {
    /// The file, as the caller named it.
    public var source: String
    /// The definitions, in file order.
    public var types: [MimeTypeDefinition]
    /// What was skipped while reading.
    public var warnings: [CatalogFormatWarning]

    /// Creates a package.
    public init(source: String, types: [MimeTypeDefinition] = [], warnings: [CatalogFormatWarning] = []) {
        self.source = source
        self.types = types
        self.warnings = warnings
    }

    /// The definition of `type` (ASCII case ignored), if present.
    public func definition(of type: String) -> MimeTypeDefinition? {
        let folded = type.lowercased()
        return types.first { $0.type.lowercased() == folded }
    }
}

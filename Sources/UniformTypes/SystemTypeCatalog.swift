/// The system type declarations that ship inside the library: Apple's system-declared types
/// merged with every type of freedesktop's shared-mime-info database (see
/// `Catalog/system-types.tsv`, from which the embedded table is generated).
///
/// ```swift
/// let graph = SystemTypeCatalog.graph
/// graph.type(mimeType: "image/png")?.identifier   // public.png
/// ```
public enum SystemTypeCatalog {
    /// The source name used in errors about the embedded table.
    public static let sourceName = "Catalog/system-types.tsv (embedded)"

    /// The embedded table as text.
    public static var tableText: String {
        table.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }

    /// The system declarations, parsed from the embedded table.
    public static func declarations() throws(UniformTypeError) -> [TypeDeclaration] {
        try table.withUTF8Buffer { bytes in
            Result { () throws(UniformTypeError) in try TypeDeclarationTable.parse(bytes, source: sourceName, tier: .system) }
        }.get()
    }

    /// A digest of the embedded table, the identity of graph images compiled from it (see
    /// ``TypeGraph/sourceDigest(ofBytes:)``).
    public static var tableDigest: UInt64 { generatedTableDigest }

    /// The compiled graph of the system declarations, built once on first use.
    ///
    /// The embedded table is checked by the test suite, so compiling it cannot fail at run time.
    public static let graph: TypeGraph = {
        do {
            return try TypeGraph(declarations: declarations(), recordingDigest: tableDigest)
        } catch {
            preconditionFailure("the embedded system type table is invalid: \(error)")
        }
    }()
}

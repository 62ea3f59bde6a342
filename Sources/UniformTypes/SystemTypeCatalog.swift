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

    /// How many of `chosen`, from the first, carry the embedded table's identifiers in the
    /// table's order (byte for byte): the table's whole row count when every row is matched so,
    /// else 0. A graph compiled with these declarations first has them at the system graph's
    /// ordinals (see ``TypeGraph/leadingSystemTypeCount``).
    static func leadingCount(of chosen: [TypeDeclaration]) -> Int {
        table.withUTF8Buffer { text in
            var rows = 0
            // The first line that is not empty is the header.
            for (_, line) in TypeDeclarationTable.Lines(text).dropFirst() {
                var fieldEnd = line.lowerBound
                while fieldEnd < line.upperBound, text[fieldEnd] != UInt8(ascii: "\t") { fieldEnd += 1 }
                guard rows < chosen.count, chosen[rows].identifier.rawValue.utf8.elementsEqual(text[line.lowerBound..<fieldEnd]) else { return 0 }
                rows += 1
            }
            return rows
        }
    }

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

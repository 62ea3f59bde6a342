/// The readable text form of type declarations: the format of `Catalog/system-types.tsv`.
///
/// One header line, then one declaration per line, tab-separated:
///
/// | column | content |
/// |---|---|
/// | `identifier` | the type identifier |
/// | `conforms_to` | direct parents, comma-separated |
/// | `extensions` | filename extensions, comma-separated, preferred first |
/// | `mime_types` | MIME types, comma-separated, preferred first (aliases after) |
/// | `globs` | shared-mime-info globs, space-separated, each `pattern:weight` or `pattern:weight:cs` |
/// | `description` | a human description |
/// | `icon` | an icon name |
/// | `origin` | who declared it (`apple`, `freedesktop`, `openwith`) |
/// | `verified` | how the facts were checked |
/// | `provenance` | optional: which registries state each tag (read past, see ``optionalColumns``) |
///
/// Parsing is strict: a malformed line is an error naming the source, the line and the column.
public enum TypeDeclarationTable {
    /// The column names, in order.
    public static let columns = [
        "identifier", "conforms_to", "extensions", "mime_types", "globs", "description", "icon", "origin", "verified",
    ]

    /// Columns a table may have after ``columns``, in this order, which parsing reads past:
    /// `provenance`, the registries that state each tag of the system catalog (the encoding is
    /// described in `Catalog/scripts/generate-system-types.py`).
    public static let optionalColumns = ["provenance"]

    /// Parses a table.
    ///
    /// - Parameters:
    ///   - text: the table, UTF-8.
    ///   - source: the file or source name, used in errors.
    ///   - tier: the tier every declaration gets.
    /// - Throws: ``UniformTypeError`` (`.malformedDeclaration`) naming the source, line and column.
    public static func parse(_ text: String, source: String, tier: DeclarationTier = .system) throws(UniformTypeError)
        -> [TypeDeclaration]
    {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(UniformTypeError) in try parse(bytes, source: source, tier: tier) }
        }.get()
    }

    /// Parses a table from UTF-8 bytes (see ``parse(_:source:tier:)``).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String, tier: DeclarationTier = .system)
        throws(UniformTypeError) -> [TypeDeclaration]
    {
        var declarations: [TypeDeclaration] = []
        declarations.reserveCapacity(bytes.count / 120)
        var sawHeader = false
        var fields: [Range<Int>] = []
        fields.reserveCapacity(columns.count + optionalColumns.count)
        var columnCount = columns.count
        for (lineNumber, lineRange) in Lines(bytes) {
            let (lineStart, lineEnd) = (lineRange.lowerBound, lineRange.upperBound)
            fields.removeAll(keepingCapacity: true)
            var fieldStart = lineStart
            for index in lineStart..<lineEnd where bytes[index] == 0x09 {
                fields.append(fieldStart..<index)
                fieldStart = index + 1
            }
            fields.append(fieldStart..<lineEnd)
            let line = { String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self) }
            if !sawHeader {
                sawHeader = true
                let header = fields.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
                let known = columns + optionalColumns
                if header.count < columns.count || header.count > known.count || Array(known.prefix(header.count)) != header {
                    throw UniformTypeError(
                        .malformedDeclaration, value: line(), source: source, location: "line \(lineNumber)",
                        reason: "the header must be: \(columns.joined(separator: " ")) (then optionally \(optionalColumns.joined(separator: " ")))")
                }
                columnCount = header.count
                continue
            }
            guard fields.count == columnCount else {
                throw UniformTypeError(
                    .malformedDeclaration, value: String(line().prefix(80)), source: source, location: "line \(lineNumber)",
                    reason: "expected \(columnCount) tab-separated columns, found \(fields.count)")
            }
            declarations.append(try declaration(bytes, fields, line: lineNumber, source: source, tier: tier))
        }
        if !sawHeader {
            throw UniformTypeError(.malformedDeclaration, value: "", source: source, location: "line 1", reason: "the table is empty")
        }
        return declarations
    }

    /// The lines of a table that are not empty, each with its number (from 1, counting empty
    /// lines) and its bytes' range without the line feed: how parsing and
    /// ``SystemTypeCatalog``'s row matching both walk a table.
    struct Lines: Sequence, IteratorProtocol {
        private let bytes: UnsafeBufferPointer<UInt8>
        private var start = 0
        private var number = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func next() -> (number: Int, range: Range<Int>)? {
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                number += 1
                defer { start = end + 1 }
                if end > start { return (number, start..<end) }
            }
            return nil
        }
    }

    private static func declaration(_ bytes: UnsafeBufferPointer<UInt8>, _ fields: [Range<Int>], line: Int, source: String, tier: DeclarationTier)
        throws(UniformTypeError) -> TypeDeclaration
    {
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        func list(_ range: Range<Int>, separator: UInt8 = 0x2C) -> [String] {
            var items: [String] = []
            var start = range.lowerBound
            for index in range where bytes[index] == separator {
                if index > start { items.append(string(start..<index)) }
                start = index + 1
            }
            if range.upperBound > start { items.append(string(start..<range.upperBound)) }
            return items
        }
        func problem(_ column: String, _ value: String, _ reason: String) -> UniformTypeError {
            UniformTypeError(
                .malformedDeclaration, value: value, source: source, location: "line \(line), key \(column)", reason: reason)
        }
        let identifier = string(fields[0])
        if let reason = TypeIdentifier.syntaxProblem(in: identifier) { throw problem("identifier", identifier, reason) }
        var parents: [TypeIdentifier] = []
        for parent in list(fields[1]) {
            if let reason = TypeIdentifier.syntaxProblem(in: parent) { throw problem("conforms_to", parent, reason) }
            parents.append(TypeIdentifier(parent))
        }
        let extensions = list(fields[2])
        for ext in extensions where ext.utf8.first == UInt8(ascii: ".") || ext.utf8.contains(UInt8(ascii: "/")) {
            throw problem("extensions", ext, "an extension has no leading '.' and no '/'")
        }
        let mimeTypes = list(fields[3])
        for mime in mimeTypes where !mime.utf8.contains(UInt8(ascii: "/")) {
            throw problem("mime_types", mime, "a MIME type has the form media/subtype")
        }
        var patterns: [FilenamePattern] = []
        for item in list(fields[4], separator: 0x20) {
            // The pattern itself may contain ':' only before the weight, so split from the end.
            var parts = item.split(separator: ":", omittingEmptySubsequences: false)
            var caseSensitive = false
            if parts.count >= 3, parts.last == "cs" {
                caseSensitive = true
                parts.removeLast()
            }
            guard parts.count >= 2, let weight = Int(parts.last!), (0...100).contains(weight) else {
                throw problem("globs", item, "a glob is written pattern:weight with a weight from 0 to 100")
            }
            let pattern = parts.count == 2 ? String(parts[0]) : parts.dropLast().joined(separator: ":")
            if pattern.isEmpty { throw problem("globs", item, "a glob pattern cannot be empty") }
            patterns.append(FilenamePattern(pattern, weight: weight, caseSensitive: caseSensitive))
        }
        var tags: [TagClass: [String]] = [:]
        if !extensions.isEmpty { tags[.filenameExtension] = extensions }
        if !mimeTypes.isEmpty { tags[.mimeType] = mimeTypes }
        return TypeDeclaration(
            identifier: TypeIdentifier(identifier),
            conformsTo: parents,
            tags: tags,
            filenamePatterns: patterns,
            description: string(fields[5]),
            iconName: fields[6].isEmpty ? nil : string(fields[6]),
            tier: tier,
            origin: string(fields[7]),
            verification: string(fields[8]))
    }

    /// Writes declarations in the table format (the inverse of ``parse(_:source:tier:)`` for the
    /// columns the format has).
    public static func render(_ declarations: [TypeDeclaration]) -> String {
        var text = columns.joined(separator: "\t") + "\n"
        for declaration in declarations {
            let globs = declaration.filenamePatterns.map {
                "\($0.pattern):\($0.weight)" + ($0.isCaseSensitive ? ":cs" : "")
            }
            text += [
                declaration.identifier.rawValue,
                declaration.conformsTo.map(\.rawValue).joined(separator: ","),
                declaration.filenameExtensions.joined(separator: ","),
                declaration.mimeTypes.joined(separator: ","),
                globs.joined(separator: " "),
                declaration.description,
                declaration.iconName ?? "",
                declaration.origin,
                declaration.verification,
            ].joined(separator: "\t") + "\n"
        }
        return text
    }
}

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
///
/// Parsing is strict: a malformed line is an error naming the source, the line and the column.
public enum TypeDeclarationTable {
    /// The column names, in order.
    public static let columns = [
        "identifier", "conforms_to", "extensions", "mime_types", "globs", "description", "icon", "origin", "verified",
    ]

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
        var declarations: [TypeDeclaration] = []
        var lineNumber = 0
        var sawHeader = false
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = Substring(rawLine)
            if line.isEmpty { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if !sawHeader {
                sawHeader = true
                if fields.map(String.init) != columns {
                    throw UniformTypeError(
                        .malformedDeclaration, value: String(line), source: source, location: "line \(lineNumber)",
                        reason: "the header must be: \(columns.joined(separator: " "))")
                }
                continue
            }
            guard fields.count == columns.count else {
                throw UniformTypeError(
                    .malformedDeclaration, value: String(line.prefix(80)), source: source, location: "line \(lineNumber)",
                    reason: "expected \(columns.count) tab-separated columns, found \(fields.count)")
            }
            declarations.append(try declaration(fields, line: lineNumber, source: source, tier: tier))
        }
        if !sawHeader {
            throw UniformTypeError(.malformedDeclaration, value: "", source: source, location: "line 1", reason: "the table is empty")
        }
        return declarations
    }

    private static func declaration(_ fields: [Substring], line: Int, source: String, tier: DeclarationTier)
        throws(UniformTypeError) -> TypeDeclaration
    {
        func problem(_ column: String, _ value: Substring, _ reason: String) -> UniformTypeError {
            UniformTypeError(
                .malformedDeclaration, value: String(value), source: source, location: "line \(line), key \(column)",
                reason: reason)
        }
        let identifier = String(fields[0])
        if let reason = TypeIdentifier.syntaxProblem(in: identifier) { throw problem("identifier", fields[0], reason) }
        var parents: [TypeIdentifier] = []
        for parent in list(fields[1]) {
            if let reason = TypeIdentifier.syntaxProblem(in: parent) { throw problem("conforms_to", Substring(parent), reason) }
            parents.append(TypeIdentifier(parent))
        }
        let extensions = list(fields[2])
        for ext in extensions where ext.hasPrefix(".") || ext.contains("/") {
            throw problem("extensions", Substring(ext), "an extension has no leading '.' and no '/'")
        }
        let mimeTypes = list(fields[3])
        for mime in mimeTypes where !mime.contains("/") {
            throw problem("mime_types", Substring(mime), "a MIME type has the form media/subtype")
        }
        var patterns: [FilenamePattern] = []
        for item in fields[4].split(separator: " ") {
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
            let pattern = parts.dropLast().joined(separator: ":")
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
            description: String(fields[5]),
            iconName: fields[6].isEmpty ? nil : String(fields[6]),
            tier: tier,
            origin: String(fields[7]),
            verification: String(fields[8]))
    }

    private static func list(_ field: Substring) -> [String] {
        field.split(separator: ",").map(String.init)
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

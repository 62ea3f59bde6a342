public import DeclarationFormats
public import UniformTypes

/// Turns a shared-mime-info package (an app's `mime/packages/*.xml`) into type declarations.
///
/// Policy: a MIME type that a declared type already claims (directly or as an alias) adds
/// nothing — the system database wins — and is reported; any other becomes a declaration with
/// the derived identifier (``TypeIdentifier/derived(fromMIMEType:)``), its `sub-class-of`
/// parents, its aliases, its globs with their weights and case rules, its comment, and a
/// functional parent from its media type (`image/*` → `public.image`, …), always conforming
/// to `public.data` (`inode/*` to `public.item`).
public enum SharedMimeInfoImporter {
    /// Reads a package and converts its new types against `graph`.
    public static func declarations(path: String, graph: TypeGraph) throws(CatalogFormatError) -> ([TypeDeclaration], [CatalogFormatWarning]) {
        let package = try SharedMimeInfoParser.parse(try FileReading.read(path), source: path)
        var warnings = package.warnings
        var newTypes: [String: TypeIdentifier] = [:]
        for definition in package.types where graph.types(mimeType: definition.type).isEmpty {
            newTypes[definition.type.lowercased()] = TypeIdentifier.derived(fromMIMEType: definition.type)
            for alias in definition.aliases { newTypes[alias.lowercased()] = TypeIdentifier.derived(fromMIMEType: definition.type) }
        }
        var declarations: [TypeDeclaration] = []
        for definition in package.types {
            guard let identifier = newTypes[definition.type.lowercased()], MIMEEssence.syntaxProblem(in: Substring(definition.type)) == nil else {
                warnings.append(CatalogFormatWarning(
                    code: .skippedDeclaration, source: path, key: definition.type, line: definition.line,
                    reason: "already declared by the system database, or not a MIME type; the system's declaration is kept"))
                continue
            }
            var parents: [TypeIdentifier] = []
            for parent in definition.parents {
                if let known = newTypes[parent.lowercased()] ?? graph.types(mimeType: parent).first?.identifier {
                    parents.append(known)
                } else {
                    warnings.append(CatalogFormatWarning(
                        code: .skippedDeclaration, source: path, key: "\(definition.type)/sub-class-of", line: definition.line,
                        reason: "parent '\(parent)' is not a known type; edge skipped"))
                }
            }
            let media = String(definition.type.lowercased().prefix { $0 != "/" })
            if let functional = TypeIdentifier.functionalParent(ofMediaType: media), !parents.contains(functional) { parents.append(functional) }
            let physical: TypeIdentifier = media == "inode" ? .item : .data
            if !parents.contains(physical) { parents.append(physical) }
            var extensions: [String] = []
            for glob in definition.globs where !glob.caseSensitive && glob.pattern.hasPrefix("*.") {
                let suffix = String(glob.pattern.dropFirst(2))
                if !suffix.contains(where: { "*?[".contains($0) }) && !extensions.contains(suffix.lowercased()) { extensions.append(suffix.lowercased()) }
            }
            var tags: [TagClass: [String]] = [.mimeType: [definition.type] + definition.aliases]
            if !extensions.isEmpty { tags[.filenameExtension] = extensions }
            declarations.append(TypeDeclaration(
                identifier: identifier, conformsTo: parents, tags: tags,
                filenamePatterns: definition.globs.map { FilenamePattern($0.pattern, weight: $0.weight, caseSensitive: $0.caseSensitive) },
                description: definition.comment ?? definition.type, iconName: definition.icon ?? definition.genericIcon,
                tier: .system, origin: path))
        }
        return (declarations, warnings)
    }
}

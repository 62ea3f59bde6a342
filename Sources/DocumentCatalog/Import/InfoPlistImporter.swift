public import DeclarationFormats
import UniformTypes

/// Turns an `Info.plist` (XML or binary), or an `.app` folder holding one, into an
/// ``AppRegistration``.
///
/// Policy, following Launch Services:
/// - identity: `CFBundleIdentifier`, else `CFBundleName`, else the file or folder name; a
///   value holding an unresolved build variable (`$(PRODUCT_BUNDLE_IDENTIFIER)`) is not an
///   identity, and the fallback is reported as a warning;
/// - a document type with `LSItemContentTypes` claims those types only; its legacy
///   `CFBundleTypeExtensions` / `CFBundleTypeMIMETypes` are ignored (and reported); without
///   `LSItemContentTypes` the legacy keys are the claims; `*` / `****` claim every file;
/// - a missing `CFBundleTypeRole` is Viewer, a missing `LSHandlerRank` is Default;
/// - exported and imported type declarations become types of the catalog (exported beat
///   imported; neither replaces a system type); a declaration with an empty or malformed
///   identifier or an unresolved build variable is skipped with a warning;
/// - URL types give scheme claims (their role and rank too); queried schemes are kept.
public enum InfoPlistImporter {
    /// The `Info.plist` inside a bundle folder, or `path` itself when it is a file.
    public static func propertyListPath(for path: String) -> String {
        guard FileReading.isDirectory(path) else { return path }
        for candidate in ["/Contents/Info.plist", "/Info.plist"] where FileReading.exists(path + candidate) {
            return path + candidate
        }
        return path + "/Contents/Info.plist"
    }

    /// Reads and converts one `Info.plist` or `.app` folder.
    ///
    /// - Throws: ``CatalogFormatError`` naming the file, the key and the reason, when the file
    ///   cannot be read or parsed or the app has no identity.
    public static func registration(path: String, origin: String = "user") throws(CatalogFormatError) -> (AppRegistration, [CatalogFormatWarning]) {
        let plistPath = propertyListPath(for: path)
        let propertyList = try PropertyListParser.parse(try FileReading.read(plistPath), source: plistPath)
        let document = try InfoPlistDocument(propertyList: propertyList, source: plistPath)
        var report = Report(source: plistPath, warnings: document.warnings)
        // Warnings come in the order of the steps: identity, documents, types, URL schemes.
        let identity = try identity(of: document, path: path, report: &report)
        let claims = documentClaims(of: document, report: &report)
        let types = declaredTypes(of: document, appID: identity.id, report: &report)
        let schemes = urlClaims(of: document, report: &report)
        var registration = AppRegistration(
            id: identity.id, kind: .bundle, name: identity.name, version: identity.version, sourcePath: plistPath, origin: origin,
            documentClaims: claims, urlClaims: schemes,
            queriedSchemes: document.queriedSchemes.filter(URLSchemeSyntax.isValid).map { $0.lowercased() }, declaredTypes: types)
        registration.appGroups = document.applicationGroups
        registration.associatedDomains = document.associatedDomains
        registration.shareExtensions = try ShareExtensionImport.declarations(
            bundle: path, propertyList: propertyList, propertyListPath: plistPath, appID: identity.id)
        return (registration, report.warnings)
    }

    /// The warnings of one conversion, all about one file.
    struct Report {
        let source: String
        var warnings: [CatalogFormatWarning]

        mutating func skipped(_ key: String, _ reason: String) {
            warnings.append(CatalogFormatWarning(code: .skippedDeclaration, source: source, key: key, reason: reason))
        }
    }

    /// The app's id, name and version: `CFBundleIdentifier`, else `CFBundleName`, else the file or
    /// folder name (with a warning); values holding unresolved build variables are not used.
    private static func identity(
        of document: InfoPlistDocument, path: String, report: inout Report
    ) throws(CatalogFormatError) -> (id: String, name: String, version: String?) {
        let fallback = fallbackIdentity(path)
        let id = try document.requireIdentity(fallback: fallback)
        if let problem = AppIdentifierRules.problem(in: id) {
            throw CatalogFormatError(code: .malformedInfoPlist, source: report.source, key: "CFBundleIdentifier", reason: "'\(VisibleText.escaping(id))': \(problem)")
        }
        if id == fallback {
            report.warnings.append(CatalogFormatWarning(
                code: .missingIdentity, source: report.source, key: "CFBundleIdentifier",
                reason: "no usable bundle identifier (\(document.bundleIdentifier ?? "absent")); using '\(fallback)'"))
        }
        var name = document.name ?? id
        if BuildVariables.containsUnresolved(name) { name = fallback }
        var version = document.version
        if let value = version, BuildVariables.containsUnresolved(value) { version = nil }
        return (id, name, version)
    }

    /// The document claims: a document type's `LSItemContentTypes` when it has them (its legacy
    /// keys are then ignored, with a warning), else its extensions, MIME types and wildcards.
    private static func documentClaims(of document: InfoPlistDocument, report: inout Report) -> [DocumentClaim] {
        var claims: [DocumentClaim] = []
        for declaration in document.documentTypes {
            let role = declaration.role
            let rank = declaration.effectiveHandlerRank
            let typeName = declaration.name.flatMap { BuildVariables.containsUnresolved($0) ? nil : $0 }
            if !declaration.contentTypes.isEmpty {
                for value in declaration.contentTypes {
                    if value.isEmpty || BuildVariables.containsUnresolved(value) || TypeIdentifier.syntaxProblem(in: value) != nil {
                        report.skipped("CFBundleDocumentTypes[\(declaration.index)].LSItemContentTypes", "'\(value)' is not a type identifier; skipped")
                        continue
                    }
                    claims.append(DocumentClaim(kind: .contentType, value: value, role: role, rank: rank, typeName: typeName))
                }
                if declaration.legacyKeysIgnored {
                    report.skipped(
                        "CFBundleDocumentTypes[\(declaration.index)]",
                        "legacy CFBundleTypeExtensions/CFBundleTypeMIMETypes are ignored because LSItemContentTypes is present")
                }
                continue
            }
            if declaration.matchesAllExtensions || declaration.matchesAllOSTypes {
                claims.append(DocumentClaim(kind: .wildcard, value: declaration.matchesAllExtensions ? "*" : "****", role: role, rank: rank, typeName: typeName))
            }
            for ext in declaration.extensions where ext != "*" && !ext.isEmpty {
                claims.append(DocumentClaim(kind: .extension, value: ext.hasPrefix(".") ? String(ext.dropFirst()) : ext, role: role, rank: rank, typeName: typeName))
            }
            for mime in declaration.mimeTypes where MIMEEssence.syntaxProblem(in: MIMEEssence.essence(of: mime)) == nil {
                claims.append(DocumentClaim(kind: .mime, value: mime, role: role, rank: rank, typeName: typeName))
            }
        }
        return claims
    }

    /// The exported and imported type declarations the app may make: not `public.` or `dyn.`
    /// identifiers, not malformed ones; the same identifier exported and imported is the export.
    private static func declaredTypes(of document: InfoPlistDocument, appID: String, report: inout Report) -> [TypeDeclaration] {
        var types: [TypeDeclaration] = []
        for (entries, tier, key) in [(document.exportedTypes, DeclarationTier.exported, "UTExportedTypeDeclarations"), (document.importedTypes, .imported, "UTImportedTypeDeclarations")] {
            for entry in entries {
                if let problem = TypeIdentifier.syntaxProblem(in: entry.identifier) ?? (entry.hasUnresolvedBuildVariable ? "it holds an unresolved build variable" : nil) {
                    report.skipped("\(key)[\(entry.index)].UTTypeIdentifier", "'\(entry.identifier)' skipped: \(problem)")
                    continue
                }
                if TypeIdentifier(entry.identifier).isPublic || TypeIdentifier(entry.identifier).isDynamic {
                    report.skipped("\(key)[\(entry.index)].UTTypeIdentifier", "'\(entry.identifier)' skipped: public. and dyn. identifiers belong to the system")
                    continue
                }
                types.append(declaration(of: entry, tier: tier, appID: appID))
            }
        }
        // The same identifier exported and imported by one app: the export wins.
        var seen: Set<TypeIdentifier> = []
        return types.filter { seen.insert($0.identifier).inserted }
    }

    /// One declaration entry as a type declaration: empty and `*` tags dropped, extensions without
    /// their leading dot, malformed parents dropped.
    private static func declaration(of entry: TypeDeclarationEntry, tier: DeclarationTier, appID: String) -> TypeDeclaration {
        var tags: [TagClass: [String]] = [:]
        for (tagClass, values) in entry.tags {
            let cleaned = values.filter { !$0.isEmpty && $0 != "*" }.map { tagClass == TypeDeclarationEntry.filenameExtensionTagClass && $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }
            if !cleaned.isEmpty { tags[TagClass(tagClass), default: []] += cleaned }
        }
        let parents = entry.conformsTo.filter { TypeIdentifier.syntaxProblem(in: $0) == nil }.map { TypeIdentifier($0) }
        return TypeDeclaration(
            identifier: TypeIdentifier(entry.identifier), conformsTo: parents, tags: tags,
            description: entry.typeDescription ?? "", iconName: entry.iconName ?? entry.iconFiles.first,
            referenceURL: entry.referenceURL, tier: tier, origin: appID)
    }

    /// The URL scheme claims; names that are not URL schemes are skipped with a warning.
    private static func urlClaims(of document: InfoPlistDocument, report: inout Report) -> [URLSchemeClaim] {
        var claims: [URLSchemeClaim] = []
        for urlType in document.urlTypes {
            for scheme in urlType.schemes {
                guard URLSchemeSyntax.isValid(scheme) else {
                    report.skipped("CFBundleURLTypes[\(urlType.index)].CFBundleURLSchemes", "'\(scheme)' is not a URL scheme; skipped")
                    continue
                }
                claims.append(URLSchemeClaim(scheme: scheme.lowercased(), role: urlType.role, rank: urlType.handlerRank ?? .default, name: urlType.name))
            }
        }
        return claims
    }

    static func fallbackIdentity(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        var base = trimmed.split(separator: "/").last.map(String.init) ?? "app"
        if base == "Info.plist", let parent = trimmed.split(separator: "/").dropLast().last {
            base = parent == "Contents" ? String(trimmed.split(separator: "/").dropLast(2).last ?? "app") : String(parent)
        }
        for suffix in [".plist", ".app", ".in"] where base.hasSuffix(suffix) { base = String(base.dropLast(suffix.count)) }
        return base.isEmpty ? "app" : base
    }
}

/// The syntax of a URL scheme (RFC 3986): a letter, then letters, digits, `+`, `-` or `.`.
public enum URLSchemeSyntax {
    /// Whether `scheme` is a valid scheme name.
    public static func isValid(_ scheme: String) -> Bool {
        guard let first = scheme.utf8.first, (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A, scheme.utf8.count <= 64 else { return false }
        return scheme.utf8.allSatisfy { byte in
            let lower = byte | 0x20
            return (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
        }
    }
}

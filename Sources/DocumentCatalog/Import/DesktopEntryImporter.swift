public import DeclarationFormats
import UniformTypes

/// Turns a freedesktop desktop entry into an ``AppRegistration``.
///
/// Policy:
/// - the app id is the desktop-file id (`applications/kde4/foo.desktop` → `kde4-foo.desktop`),
///   or the file name when the entry is outside an `applications` folder;
/// - only `Type=Application` entries are handlers; others are refused with the reason;
/// - `MimeType=` entries become document claims; `x-scheme-handler/<scheme>` entries become
///   URL scheme claims; malformed MIME types are skipped with a warning;
/// - desktop entries declare no role: an entry in the `Viewer` category is a Viewer, one in an
///   editing category (`TextEditor`, `WordProcessor`, `Spreadsheet`, `Presentation`,
///   `RasterGraphics`, `VectorGraphics`, `AudioVideoEditing`, `IDE`) an Editor, any other a
///   Viewer; the rank is Default;
/// - `Hidden`, `NoDisplay`, `TryExec`, `OnlyShowIn`, `NotShowIn`, `Terminal`, `Exec` and `Icon`
///   are kept for ranking and launching;
/// - the desktop-file id must pass ``AppIdentifierRules``, and `Exec` (and each action's `Exec`)
///   the Exec syntax (``DesktopExecSyntax``): an entry that fails is refused whole, naming the
///   file, the key and the reason.
public enum DesktopEntryImporter {
    static let editorCategories: Set<String> = [
        "texteditor", "wordprocessor", "spreadsheet", "presentation", "rastergraphics", "vectorgraphics",
        "audiovideoediting", "ide",
    ]

    /// Reads and converts one desktop entry.
    ///
    /// - Parameters:
    ///   - path: the `.desktop` file.
    ///   - applicationsFolder: the `applications` folder it was found in, for the desktop-file id.
    /// - Throws: ``CatalogFormatError`` naming the file, key and reason.
    public static func registration(path: String, applicationsFolder: String? = nil, origin: String = "user") throws(CatalogFormatError)
        -> (AppRegistration, [CatalogFormatWarning])
    {
        let entry = try DesktopEntryParser.parse(try FileReading.read(path, limit: 1 << 20), source: path)
        var warnings = entry.warnings
        guard entry.type.rawValue == "Application" else {
            throw CatalogFormatError(code: .malformedDesktopEntry, source: path, key: "Type", reason: "Type=\(entry.type.rawValue) is not an application")
        }
        let folder = applicationsFolder ?? inferredApplicationsFolder(path)
        let id = folder.flatMap { DesktopFileID.make(path: path, applicationsDirectory: $0) }
            ?? String(path.split(separator: "/").last ?? Substring(path))
        if let problem = AppIdentifierRules.problem(in: id) {
            throw CatalogFormatError(code: .malformedDesktopEntry, source: path, key: "desktop-file id", reason: "'\(VisibleText.escaping(id))': \(problem)")
        }
        try checkExecLines(entry, path: path)
        let categories = Set(entry.categories.map { $0.lowercased() })
        let role: DocumentRole = categories.contains("viewer") ? .viewer : categories.isDisjoint(with: editorCategories) ? .viewer : .editor
        var claims: [DocumentClaim] = []
        var schemes: [URLSchemeClaim] = []
        for mime in entry.mimeTypes {
            let essence = MIMEEssence.essence(of: mime)
            if MIMEEssence.syntaxProblem(in: essence) != nil {
                warnings.append(CatalogFormatWarning(code: .skippedDeclaration, source: path, key: "MimeType", reason: "'\(mime)' is not a MIME type; skipped"))
                continue
            }
            let lower = essence.lowercased()
            if lower.hasPrefix("x-scheme-handler/") {
                let scheme = String(lower.dropFirst("x-scheme-handler/".count))
                if URLSchemeSyntax.isValid(scheme) {
                    schemes.append(URLSchemeClaim(scheme: scheme, role: role, rank: .default))
                } else {
                    warnings.append(CatalogFormatWarning(code: .skippedDeclaration, source: path, key: "MimeType", reason: "'\(mime)' names no valid URL scheme; skipped"))
                }
                continue
            }
            claims.append(DocumentClaim(kind: .mime, value: String(essence), role: role, rank: .default))
        }
        var registration = AppRegistration(
            id: id, kind: .desktop, name: entry.name, version: entry.version, sourcePath: path, origin: origin, exec: entry.exec,
            tryExec: entry.tryExec, terminal: entry.terminal, hidden: entry.hidden, noDisplay: entry.noDisplay,
            onlyShowIn: entry.onlyShowIn, notShowIn: entry.notShowIn, icon: entry.icon, documentClaims: claims, urlClaims: schemes)
        let groups = entry.applicationGroups
        registration.appGroups = groups.groups
        registration.associatedDomains = AssociatedDomain.declared(in: entry, warnings: &warnings)
        registration.shareExtensions = try ShareExtensionDeclaration.read(desktopEntry: entry, identifier: id).map { [$0] } ?? []
        warnings += groups.warnings
        return (registration, warnings)
    }

    /// Refuses an entry whose `Exec` (or an action's `Exec`) breaks the Exec syntax: the values
    /// are checked as read (their string escapes already decoded, so decoded exactly once).
    static func checkExecLines(_ entry: DesktopEntry, path: String) throws(CatalogFormatError) {
        var lines: [(key: String, value: String)] = []
        if let exec = entry.exec, !exec.isEmpty { lines.append(("Exec", exec)) }
        for action in entry.actions {
            if let exec = action.exec, !exec.isEmpty { lines.append(("Desktop Action \(action.identifier)/Exec", exec)) }
        }
        for (key, value) in lines {
            do {
                _ = try DesktopExecSyntax(value, key: key, unescapingStringValue: false)
            } catch {
                throw CatalogFormatError(
                    code: .malformedDesktopEntry, source: path, key: key,
                    reason: "\(error.reason) (\(error.code.rawValue)) in \(VisibleText.escaping(value))")
            }
        }
    }

    /// The nearest enclosing folder named `applications`, if any.
    static func inferredApplicationsFolder(_ path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = components.dropLast().lastIndex(of: "applications") else { return nil }
        return components[...index].joined(separator: "/")
    }
}

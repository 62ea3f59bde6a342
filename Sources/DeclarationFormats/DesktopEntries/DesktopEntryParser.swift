/// Reads desktop entries (`.desktop` files) per the Desktop Entry Specification 1.5.
///
/// Errors (``CatalogFormatError``, naming the file, the line and/or the key):
/// - a line that is not valid UTF-8 (``CatalogFormatError/Code/invalidEncoding``, with its line);
/// - a line that is not a comment, group header or `key=value` (``CatalogFormatError/Code/malformedDesktopEntry``);
/// - no `[Desktop Entry]` group, or another group before it, or a key before any group;
/// - a missing required key (``CatalogFormatError/Code/missingRequiredKey``): `Type`, `Name`, `Exec`
///   for `Type=Application` unless `DBusActivatable=true`, `URL` for `Type=Link`. A `Hidden=true` entry
///   needs none of them: it is a deletion marker (users hide a system entry with a file holding only
///   `Hidden=true`).
///
/// Warnings (the file is still read): a duplicate key (the first wins, see ``DesktopEntryGroup``), a
/// duplicate group (its keys are merged into the first), a Boolean that is not `true`/`false`, an
/// unknown escape, empty items in `MimeType`, a key of `[Desktop Entry]` that is neither standard nor
/// `X-` prefixed (kept), an action without its group or without `Name` (skipped).
///
/// ```swift
/// let entry = try DesktopEntryParser.parse(Array(text.utf8), source: "org.gnome.gedit.desktop")
/// ```
public enum DesktopEntryParser {
    /// The name of the required first group.
    public static let mainGroupName = "Desktop Entry"
    /// The prefix of action groups (`[Desktop Action new-window]`).
    public static let actionGroupPrefix = "Desktop Action "

    /// Parses a desktop entry file.
    public static func parse(
        _ bytes: [UInt8], source: String, limits: CatalogFormatLimits = .default
    ) throws(CatalogFormatError) -> DesktopEntry {
        var warnings: [CatalogFormatWarning] = []
        let groups = try readGroups(bytes, source: source, limits: limits, warnings: &warnings)
        guard let main = groups.first, main.name == mainGroupName else {
            throw CatalogFormatError(
                code: .malformedDesktopEntry, source: source, line: groups.first?.line,
                reason: groups.isEmpty
                    ? "there is no [Desktop Entry] group"
                    : "the first group is [\(groups[0].name)], not [Desktop Entry]")
        }
        var reader = MainGroupReader(source: source, group: main, warnings: warnings)
        return try reader.read(groups: groups)
    }

    /// Parses a desktop entry held in raw memory (copied once).
    public static func parse(
        _ buffer: UnsafeRawBufferPointer, source: String, limits: CatalogFormatLimits = .default
    ) throws(CatalogFormatError) -> DesktopEntry {
        try limits.checkDocumentSize(buffer.count, source: source)
        return try parse(Array(buffer), source: source, limits: limits)
    }

    private static func readGroups(
        _ bytes: [UInt8], source: String, limits: CatalogFormatLimits, warnings: inout [CatalogFormatWarning]
    ) throws(CatalogFormatError) -> [DesktopEntryGroup] {
        var groups: [DesktopEntryGroup] = []
        // Group name → position, and the (key, locale) pairs seen per group, so that large files stay linear.
        var groupPositions: [String: Int] = [:]
        var seenKeys: [[String: Int]] = []
        var current: Int?
        for line in try KeyFileLine.read(bytes, source: source, limits: limits) {
            switch line.kind {
            case .invalidEncoding:
                throw CatalogFormatError(
                    code: .invalidEncoding, source: source, line: line.number, reason: "the line is not valid UTF-8")
            case .malformed(let reason):
                throw CatalogFormatError(
                    code: .malformedDesktopEntry, source: source, line: line.number, reason: reason)
            case .group(let name):
                if let existing = groupPositions[name] {
                    warnings.append(
                        CatalogFormatWarning(
                            code: .duplicateKey, source: source, key: "[\(name)]", line: line.number,
                            reason:
                                "the group appears again (first at line \(groups[existing].line)); its keys are merged into the first"
                        ))
                    current = existing
                } else {
                    groupPositions[name] = groups.count
                    groups.append(DesktopEntryGroup(name: name, line: line.number))
                    seenKeys.append([:])
                    current = groups.count - 1
                }
            case .entry(let key, let locale, let value):
                guard let current else {
                    throw CatalogFormatError(
                        code: .malformedDesktopEntry, source: source, key: key, line: line.number,
                        reason: "a key before the first group")
                }
                let name = locale.map { "\(key)[\($0)]" } ?? key
                if let firstLine = seenKeys[current][name] {
                    warnings.append(
                        CatalogFormatWarning(
                            code: .duplicateKey, source: source, key: name, line: line.number,
                            reason:
                                "duplicate key in [\(groups[current].name)]; the first value (line \(firstLine)) is kept"
                        ))
                    continue
                }
                seenKeys[current][name] = line.number
                groups[current].entries.append(
                    DesktopEntryGroup.Entry(key: key, locale: locale, rawValue: value, line: line.number))
            }
        }
        return groups
    }

    /// Keys defined by the specification (1.5, including deprecated ones); others need an `X-` prefix.
    static let knownKeys: Set<String> = [
        "Type", "Version", "Name", "GenericName", "NoDisplay", "Comment", "Icon", "Hidden", "OnlyShowIn",
        "NotShowIn", "DBusActivatable", "TryExec", "Exec", "Path", "Terminal", "Actions", "MimeType",
        "Categories", "Implements", "Keywords", "StartupNotify", "StartupWMClass", "URL",
        "PrefersNonDefaultGPU", "SingleMainWindow",
        // Deprecated or legacy keys still found in files.
        "Encoding", "MiniIcon", "TerminalOptions", "Protocols", "Extensions", "BinaryPattern", "MapNotify",
        "SwallowTitle", "SwallowExec", "SortOrder", "FilePattern", "Patterns", "DefaultApp", "Dev", "FSType",
        "MountPoint", "ReadOnly", "UnmountIcon", "InitialPreference", "ServiceTypes",
    ]
}

/// Reads the typed keys of `[Desktop Entry]` and the action groups, collecting warnings.
private struct MainGroupReader {
    let source: String
    let group: DesktopEntryGroup
    var warnings: [CatalogFormatWarning]

    mutating func read(groups: [DesktopEntryGroup]) throws(CatalogFormatError) -> DesktopEntry {
        let hidden = boolean("Hidden") ?? false
        let typeValue = string("Type")
        let nameValue = string("Name")
        if !hidden {
            guard typeValue != nil else { throw missing("Type") }
            guard nameValue != nil else { throw missing("Name") }
        }
        var entry = DesktopEntry(
            source: source, groups: groups, type: DesktopEntryType(rawValue: typeValue ?? "Application"),
            name: nameValue ?? "")
        entry.hidden = hidden
        entry.version = string("Version")
        entry.localizedNames = group.localizations(ofKey: "Name")
        entry.genericName = string("GenericName")
        entry.comment = string("Comment")
        entry.icon = string("Icon")
        entry.noDisplay = boolean("NoDisplay") ?? false
        entry.onlyShowIn = list("OnlyShowIn")
        entry.notShowIn = list("NotShowIn")
        entry.dbusActivatable = boolean("DBusActivatable") ?? false
        entry.tryExec = string("TryExec")
        entry.exec = string("Exec")
        entry.path = string("Path")
        entry.terminal = boolean("Terminal") ?? false
        entry.mimeTypes = list("MimeType", skippingEmpty: true)
        entry.categories = list("Categories", skippingEmpty: true)
        entry.keywords = list("Keywords", skippingEmpty: true)
        entry.implements = list("Implements", skippingEmpty: true)
        entry.startupNotify = boolean("StartupNotify")
        entry.startupWMClass = string("StartupWMClass")
        entry.url = string("URL")
        if !hidden {
            if entry.type == .application, entry.exec == nil, !entry.dbusActivatable {
                throw missing("Exec", reason: "Type=Application needs Exec unless DBusActivatable=true")
            }
            if entry.type == .link, entry.url == nil {
                throw missing("URL", reason: "Type=Link needs URL")
            }
        }
        var reported = Set<String>()
        for item in group.entries
        where !DesktopEntryParser.knownKeys.contains(item.key) && !item.key.hasPrefix("X-")
            && reported.insert(item.key).inserted
        {
            warn(
                .unknownKey, item.key, item.line,
                "not a key of the Desktop Entry Specification and not X- prefixed; kept")
        }
        warnings.sort { ($0.line ?? 0, $0.key ?? "") < ($1.line ?? 0, $1.key ?? "") }
        entry.actions = actions(ids: list("Actions", skippingEmpty: true), groups: groups)
        entry.warnings = CatalogFormatWarning.summarised(warnings)
        return entry
    }

    private mutating func actions(ids: [String], groups: [DesktopEntryGroup]) -> [DesktopAction] {
        var result: [DesktopAction] = []
        for id in ids {
            guard let actionGroup = groups.first(where: { $0.name == DesktopEntryParser.actionGroupPrefix + id }) else {
                warn(
                    .missingRequiredKey, "Actions", group.entry(forKey: "Actions")?.line,
                    "action \"\(id)\" has no [Desktop Action \(id)] group; skipped")
                continue
            }
            guard let name = actionGroup.string(forKey: "Name") else {
                warn(.missingRequiredKey, "Name", actionGroup.line, "[Desktop Action \(id)] has no Name; skipped")
                continue
            }
            result.append(
                DesktopAction(
                    identifier: id, name: name, localizedNames: actionGroup.localizations(ofKey: "Name"),
                    icon: actionGroup.string(forKey: "Icon"), exec: actionGroup.string(forKey: "Exec")))
        }
        return result
    }

    private mutating func string(_ key: String) -> String? {
        guard let entry = group.entry(forKey: key) else { return nil }
        let decoded = DesktopEntryValue.decode(entry.rawValue, asList: false)
        reportEscapes(decoded.unknownEscapes, key: key, line: entry.line)
        return decoded.values.first ?? ""
    }

    private mutating func list(_ key: String, skippingEmpty: Bool = false) -> [String] {
        guard let entry = group.entry(forKey: key) else { return [] }
        let decoded = DesktopEntryValue.decode(entry.rawValue, asList: true)
        reportEscapes(decoded.unknownEscapes, key: key, line: entry.line)
        guard skippingEmpty, decoded.values.contains("") else { return decoded.values }
        warn(.emptyString, key, entry.line, "empty item in the list skipped")
        return decoded.values.filter { !$0.isEmpty }
    }

    private mutating func boolean(_ key: String) -> Bool? {
        guard let entry = group.entry(forKey: key) else { return nil }
        guard let value = DesktopEntryValue.boolean(entry.rawValue) else {
            warn(
                .invalidValue, key, entry.line,
                "\"\(entry.rawValue)\" is not a Boolean (true or false); the default is used")
            return nil
        }
        return value
    }

    private mutating func reportEscapes(_ escapes: [String], key: String, line: Int) {
        guard !escapes.isEmpty else { return }
        warn(.invalidValue, key, line, "unknown escape \(escapes.joined(separator: " ")) kept as written")
    }

    private mutating func warn(_ code: CatalogFormatWarning.Code, _ key: String, _ line: Int?, _ reason: String) {
        warnings.append(CatalogFormatWarning(code: code, source: source, key: key, line: line, reason: reason))
    }

    private func missing(_ key: String, reason: String? = nil) -> CatalogFormatError {
        CatalogFormatError(
            code: .missingRequiredKey, source: source, key: key, line: group.line,
            reason: reason ?? "the required key \(key) is missing from [Desktop Entry]")
    }
}

/// Reads `mimeapps.list` files.
///
/// Rules, following the specification and GLib's `GDesktopAppInfo` where the specification is silent:
/// - values are `;`-separated desktop file IDs; empty items are ignored; an ID repeated in one value
///   is kept once (first position) with a warning;
/// - the same MIME type twice in one group: the later line replaces the earlier (GLib's `GKeyFile`
///   keeps the last value), with a ``CatalogFormatWarning/Code/duplicateKey`` warning; MIME types are
///   compared with ASCII case folded;
/// - an ID both added and removed for the same type in the same file: removed wins (the ID is dropped
///   from ``MimeAppsList/added``), with a ``CatalogFormatWarning/Code/conflictingAssociation`` warning;
/// - other groups, keys that are not `type/subtype`, localized keys, lines that are not valid UTF-8
///   or not `key=value` are skipped with a warning: a user's file is never refused for them;
/// - only a document over the size limit is an error.
///
/// ```swift
/// let list = try MimeAppsListParser.parse(bytes, source: "~/.config/mimeapps.list")
/// list.defaultApplications(for: "text/plain") // ["org.gnome.TextEditor.desktop"]
/// ```
public enum MimeAppsListParser {
    /// The group of default applications.
    public static let defaultGroup = "Default Applications"
    /// The group of added associations.
    public static let addedGroup = "Added Associations"
    /// The group of removed associations.
    public static let removedGroup = "Removed Associations"

    /// Parses one `mimeapps.list` file.
    public static func parse(
        _ bytes: [UInt8], source: String, limits: CatalogFormatLimits = .default
    ) throws(CatalogFormatError) -> MimeAppsList {
        var list = MimeAppsList(source: source)
        var groups: [[MimeAppsAssociation]] = [[], [], []]
        // Folded MIME type → position in its group, so that large files stay linear.
        var positions: [[String: Int]] = [[:], [:], [:]]
        var current: Int?
        // Once an unknown group was reported, keys outside the three groups belong to it and are
        // not reported one by one (a flag rather than a search of the warnings: files stay linear).
        var sawUnknownGroup = false
        var warnings: [CatalogFormatWarning] = []
        func warn(_ code: CatalogFormatWarning.Code, _ key: String?, _ line: Int, _ reason: String) {
            warnings.append(CatalogFormatWarning(code: code, source: source, key: key, line: line, reason: reason))
        }
        for line in try KeyFileLine.read(bytes, source: source, limits: limits) {
            switch line.kind {
            case .invalidEncoding:
                warn(.invalidEncoding, nil, line.number, "the line is not valid UTF-8; skipped")
            case .malformed(let reason):
                warn(.malformedLine, nil, line.number, reason + "; skipped")
            case .group(let name):
                switch name {
                case defaultGroup: current = 0
                case addedGroup: current = 1
                case removedGroup: current = 2
                default:
                    current = nil
                    sawUnknownGroup = true
                    warn(.unknownGroup, "[\(name)]", line.number, "not a mimeapps.list group; its keys are ignored")
                }
            case .entry(let key, let locale, let value):
                guard let group = current else {
                    if !sawUnknownGroup {
                        warn(.malformedLine, key, line.number, "a key outside the three mimeapps.list groups; skipped")
                    }
                    continue
                }
                guard locale == nil else {
                    warn(.invalidValue, key, line.number, "MIME type keys are not localized; skipped")
                    continue
                }
                guard isMimeType(key) else {
                    warn(.invalidValue, key, line.number, "\"\(key)\" is not a MIME type (type/subtype); skipped")
                    continue
                }
                var ids: [String] = []
                var seen = Set<String>()
                for id in DesktopEntryValue.list(value) where !id.isEmpty {
                    if !seen.insert(id).inserted {
                        warn(.duplicateKey, key, line.number, "\(id) is listed twice; kept once")
                    } else {
                        ids.append(id)
                    }
                }
                let association = MimeAppsAssociation(mimeType: key, desktopIDs: ids, line: line.number)
                let folded = key.lowercased()
                if let existing = positions[group][folded] {
                    warn(
                        .duplicateKey, key, line.number,
                        "the type appears again in the group (first at line \(groups[group][existing].line)); the later line wins"
                    )
                    groups[group][existing] = association
                } else {
                    positions[group][folded] = groups[group].count
                    groups[group].append(association)
                }
            }
        }
        for (position, association) in groups[1].enumerated() {
            let removed = Set(positions[2][association.mimeType.lowercased()].map { groups[2][$0].desktopIDs } ?? [])
            guard !removed.isEmpty else { continue }
            let conflicting = association.desktopIDs.filter(removed.contains)
            for id in conflicting {
                warn(
                    .conflictingAssociation, association.mimeType, association.line,
                    "\(id) is both added and removed; removed wins")
            }
            groups[1][position].desktopIDs.removeAll(where: removed.contains)
        }
        list.defaults = groups[0]
        list.added = groups[1]
        list.removed = groups[2]
        list.warnings = CatalogFormatWarning.summarised(warnings)
        return list
    }

    /// Parses one `mimeapps.list` file held in raw memory (copied once).
    public static func parse(
        _ buffer: UnsafeRawBufferPointer, source: String, limits: CatalogFormatLimits = .default
    ) throws(CatalogFormatError) -> MimeAppsList {
        try limits.checkDocumentSize(buffer.count, source: source)
        return try parse(Array(buffer), source: source, limits: limits)
    }

    /// `type/subtype` with no blanks, control characters, `;` or a second `/`.
    static func isMimeType(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        return !text.utf8.contains { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: ";") }
    }
}

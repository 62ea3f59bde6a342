/// Where apps declare the app groups they belong to, and how the declarations are read.
///
/// - In an `Info.plist`, the entitlement-style key ``entitlementKey``
///   (`com.apple.security.application-groups`): an array of strings.
/// - In a desktop entry, the key ``desktopEntryKey`` (`X-OpenWith-App-Groups`) of the
///   `[Desktop Entry]` group: a list of ids separated by `;`, as `MimeType=` is.
///
/// Policy (as for the rest of both files: import what is sound, report the rest): an id that
/// ``AppGroupIdentifier`` refuses, an empty string, a value that is not a string, or an id that
/// holds an unresolved build variable (`$(TeamIdentifierPrefix)group.x`) is skipped with a warning
/// naming the file, the key (with the item's index in a property list) and the reason; a repeated
/// id (ignoring case) is kept once; at most ``maximumCount`` ids are read, the rest are reported.
/// A single string where the array belongs is read as a one-element list.
///
/// ```swift
/// let (groups, warnings) = AppGroupDeclarations.read(infoPlist: root, source: "Mail.app/Contents/Info.plist")
/// // groups == ["group.org.example.suite"]
/// ```
public enum AppGroupDeclarations {
    /// The `Info.plist` key: `com.apple.security.application-groups`.
    public static let entitlementKey = "com.apple.security.application-groups"
    /// The desktop-entry key: `X-OpenWith-App-Groups`.
    public static let desktopEntryKey = "X-OpenWith-App-Groups"
    /// The most groups one app may declare.
    public static let maximumCount = 64

    /// The groups an `Info.plist`'s root dictionary declares, with the warnings of what was skipped.
    public static func read(infoPlist root: PropertyListDictionary, source: String) -> (groups: [String], warnings: [CatalogFormatWarning]) {
        guard let value = root[entitlementKey] else { return ([], []) }
        var reading = Reading(source: source)
        switch value {
        case .string(let id): reading.add(id, key: entitlementKey)
        case .array(let items):
            for (index, item) in items.enumerated() {
                let key = "\(entitlementKey)[\(index)]"
                guard let id = item.stringValue else {
                    reading.warn(.wrongValueType, key: key, "a \(item.typeName) where a group id belongs; skipped")
                    continue
                }
                reading.add(id, key: key)
            }
        default:
            reading.warn(.wrongValueType, key: entitlementKey, "a \(value.typeName) where an array of group ids belongs; skipped")
        }
        return (reading.groups, reading.warnings)
    }

    /// The groups a desktop entry declares, with the warnings of what was skipped.
    public static func read(desktopEntry entry: DesktopEntry) -> (groups: [String], warnings: [CatalogFormatWarning]) {
        guard let raw = entry.group(named: "Desktop Entry")?.rawValue(forKey: desktopEntryKey) else { return ([], []) }
        var reading = Reading(source: entry.source)
        for id in DesktopEntryValue.list(raw) { reading.add(id, key: desktopEntryKey) }
        return (reading.groups, reading.warnings)
    }

    /// The state of one read: the ids kept, the warnings, the ids seen (folded to lower case).
    private struct Reading {
        let source: String
        var groups: [String] = []
        var warnings: [CatalogFormatWarning] = []
        var seen: Set<String> = []

        mutating func add(_ id: String, key: String) {
            if let problem = AppGroupIdentifier.problem(in: id) {
                warn(id.isEmpty ? .emptyString : .invalidValue, key: key, "'\(AppGroupIdentifier.visible(id))' skipped: \(problem)")
                return
            }
            if BuildVariables.containsUnresolved(id) {
                warn(.invalidValue, key: key, "'\(id)' skipped: it holds an unresolved build variable")
                return
            }
            guard seen.insert(id.lowercased()).inserted else {
                warn(.duplicateKey, key: key, "'\(id)' is declared twice; kept once")
                return
            }
            guard groups.count < maximumCount else {
                warn(.invalidValue, key: key, "'\(id)' skipped: an app declares at most \(maximumCount) groups")
                return
            }
            groups.append(id)
        }

        mutating func warn(_ code: CatalogFormatWarning.Code, key: String, _ reason: String) {
            warnings.append(CatalogFormatWarning(code: code, source: source, key: key, reason: reason))
        }
    }
}

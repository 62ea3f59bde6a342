/// Reading the associated domains an app declares, from its `Info.plist` or desktop entry.
///
/// Policy: an entry that names no valid domain is skipped with a
/// ``CatalogFormatWarning/Code/skippedDeclaration`` warning naming the file, the key (with the
/// entry's position) and the reason; the rest of the declaration is kept. Duplicates are dropped.
extension AssociatedDomain {
    /// The Info.plist and entitlements key.
    public static let entitlementKey = "com.apple.developer.associated-domains"
    /// The desktop-entry key: a `;`-separated list of domains (`example.com;*.example.com;`).
    public static let desktopEntryKey = "X-OpenWith-Associated-Domains"

    /// The `applinks:` domains of a property list root's ``entitlementKey``.
    public static func declared(in root: PropertyListDictionary, source: String, warnings: inout [CatalogFormatWarning]) -> [AssociatedDomain] {
        guard let value = root[entitlementKey] else { return [] }
        let entries: [PropertyListValue]
        if let list = value.arrayValue { entries = list } else if value.stringValue != nil { entries = [value] } else {
            warnings.append(CatalogFormatWarning(code: .wrongValueType, source: source, key: entitlementKey, reason: "a \(value.typeName), not an array of strings"))
            return []
        }
        var domains: [AssociatedDomain] = []
        for (index, entry) in entries.enumerated() {
            let key = "\(entitlementKey)[\(index)]"
            guard let text = entry.stringValue else {
                warnings.append(CatalogFormatWarning(code: .wrongValueType, source: source, key: key, reason: "a \(entry.typeName), not a string"))
                continue
            }
            do {
                if let domain = try AssociatedDomain(entitlement: text), !domains.contains(domain) { domains.append(domain) }
            } catch {
                warnings.append(CatalogFormatWarning(code: .invalidValue, source: source, key: key, reason: error.description))
            }
        }
        return domains
    }

    /// The domains of a desktop entry's ``desktopEntryKey`` in its `[Desktop Entry]` group.
    public static func declared(in entry: DesktopEntry, warnings: inout [CatalogFormatWarning]) -> [AssociatedDomain] {
        guard let group = entry.group(named: "Desktop Entry"), let line = group.entry(forKey: desktopEntryKey) else { return [] }
        var domains: [AssociatedDomain] = []
        for (index, text) in line.rawValue.split(separator: ";").enumerated() {
            let trimmed = text.trimmingBlanks
            if trimmed.isEmpty { continue }
            do {
                let domain = try AssociatedDomain(domain: trimmed.hasPrefix(service + ":") ? String(trimmed.dropFirst(service.count + 1)) : trimmed)
                if !domains.contains(domain) { domains.append(domain) }
            } catch {
                warnings.append(CatalogFormatWarning(code: .invalidValue, source: entry.source, key: "\(desktopEntryKey)[\(index)]", line: line.line, reason: error.description))
            }
        }
        return domains
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// One `[Group Name]` of a desktop entry file with its keys in file order, values raw.
///
/// Duplicate-key policy: the first occurrence of a key (with the same locale) wins; later ones are
/// dropped with a ``CatalogFormatWarning/Code/duplicateKey`` warning. (The specification forbids
/// duplicates; GLib keeps the last one, OpenWith keeps the first so that appended junk cannot override
/// what the file declared first.) Unknown keys are kept.
///
/// ```swift
/// let group = entry.group(named: "Desktop Entry")!
/// group.string(forKey: "Name", locale: "de_DE.UTF-8") // "Texteditor", falling back to Name[de] and Name
/// ```
public struct DesktopEntryGroup: Sendable, Equatable {
    /// One `Key[locale]=value` line.
    public struct Entry: Sendable, Equatable {
        /// The key without its locale, such as `"Name"`.
        public var key: String
        /// The locale in brackets, such as `"de_DE"`, or `nil`.
        public var locale: String?
        /// The value as written (escapes not decoded), without leading blanks.
        public var rawValue: String
        /// The 1-based line.
        public var line: Int

        /// Creates an entry.
        public init(key: String, locale: String? = nil, rawValue: String, line: Int) {
            self.key = key
            self.locale = locale
            self.rawValue = rawValue
            self.line = line
        }
    }

    /// The group's name, without brackets.
    public var name: String
    /// The 1-based line of the group header.
    public var line: Int
    /// The entries in file order, unique by key and locale.
    public var entries: [Entry]

    /// Creates a group.
    public init(name: String, line: Int, entries: [Entry] = []) {
        self.name = name
        self.line = line
        self.entries = entries
    }

    /// The entry for `key` with exactly `locale` (`nil`: the unlocalized one).
    public func entry(forKey key: String, exactLocale locale: String? = nil) -> Entry? {
        entries.first { $0.key == key && $0.locale == locale }
    }

    /// The raw value for `key`, unlocalized.
    public func rawValue(forKey key: String) -> String? {
        entry(forKey: key)?.rawValue
    }

    /// The decoded string for `key`, localized per the specification when `locale` is given:
    /// for `lang_COUNTRY.ENCODING@MODIFIER` it tries `lang_COUNTRY@MODIFIER`, `lang_COUNTRY`,
    /// `lang@MODIFIER`, `lang`, then the unlocalized key (the encoding is ignored).
    public func string(forKey key: String, locale: String? = nil) -> String? {
        localizedEntry(forKey: key, locale: locale).map { DesktopEntryValue.string($0.rawValue) }
    }

    /// The decoded list for `key`, localized like ``string(forKey:locale:)``.
    public func list(forKey key: String, locale: String? = nil) -> [String]? {
        localizedEntry(forKey: key, locale: locale).map { DesktopEntryValue.list($0.rawValue) }
    }

    /// The Boolean for `key`, or `nil` if missing or not a Boolean.
    public func boolean(forKey key: String) -> Bool? {
        rawValue(forKey: key).flatMap(DesktopEntryValue.boolean)
    }

    /// The localized values of `key` by locale, as written in brackets.
    public func localizations(ofKey key: String) -> [String: String] {
        var result: [String: String] = [:]
        for entry in entries where entry.key == key {
            if let locale = entry.locale { result[locale] = DesktopEntryValue.string(entry.rawValue) }
        }
        return result
    }

    /// The entry chosen for `key` and `locale` by the specification's matching rules.
    public func localizedEntry(forKey key: String, locale: String?) -> Entry? {
        if let locale {
            for candidate in Self.localeCandidates(locale) {
                if let found = entries.first(where: {
                    $0.key == key && $0.locale.map(Self.withoutEncoding) == candidate
                }) {
                    return found
                }
            }
        }
        return entry(forKey: key)
    }

    /// `lang_COUNTRY.ENCODING@MODIFIER` → the lookup order of the specification.
    static func localeCandidates(_ locale: String) -> [String] {
        let plain = withoutEncoding(locale)
        var modifier: Substring?
        var base = Substring(plain)
        if let at = plain.firstIndex(of: "@") {
            modifier = plain[plain.index(after: at)...]
            base = plain[..<at]
        }
        var language = base
        var country: Substring?
        if let underscore = base.firstIndex(of: "_") {
            language = base[..<underscore]
            country = base[base.index(after: underscore)...]
        }
        var candidates: [String] = []
        if let country, let modifier { candidates.append("\(language)_\(country)@\(modifier)") }
        if let country { candidates.append("\(language)_\(country)") }
        if let modifier { candidates.append("\(language)@\(modifier)") }
        candidates.append(String(language))
        return candidates
    }

    private static func withoutEncoding(_ locale: String) -> String {
        guard let dot = locale.firstIndex(of: ".") else { return locale }
        let rest = locale[dot...]
        let modifier = rest.firstIndex(of: "@").map { String(rest[$0...]) } ?? ""
        return String(locale[..<dot]) + modifier
    }
}

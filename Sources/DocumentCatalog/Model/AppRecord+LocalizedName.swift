import DeclarationFormats

extension AppRecord {
    /// The app's name in the language of `locale` (`fr_FR.UTF-8`): its desktop entry's
    /// `Name[fr_FR]`, else `Name[fr]` …, by the specification's matching rules (``DesktopEntry/localizedName(locale:)``).
    ///
    /// Policy: the catalog keeps the unlocalised `Name`; a localised one is read from the entry
    /// the app was registered from when the name is shown (at most 1 MiB, a regular file only),
    /// so a change of language needs no import. ``name`` is the answer when `locale` is `nil`,
    /// `C` or `POSIX`, for apps that are not desktop entries, when the entry gives no name for
    /// the locale, and when it cannot be read now.
    ///
    /// ```swift
    /// app.localizedName(locale: "de_DE.UTF-8")   // "Texteditor" for Name[de]=Texteditor
    /// ```
    public func localizedName(locale: String?) -> String {
        Self.localizedName(name, kind: kind, sourcePath: sourcePath, locale: locale)
    }

    /// ``localizedName(locale:)`` for an app known by its name, kind and source file (a listing's
    /// ``AppSummary``).
    public static func localizedName(_ name: String, kind: Kind, sourcePath: String, locale: String?) -> String {
        guard kind == .desktop, let locale, !locale.isEmpty, locale != "C", locale != "POSIX", !locale.hasPrefix("C.") else { return name }
        guard let bytes = try? FileReading.read(sourcePath, limit: 1 << 20),
            let entry = try? DesktopEntryParser.parse(bytes, source: sourcePath)
        else { return name }
        let localized = entry.localizedName(locale: locale)
        return localized.isEmpty ? name : localized
    }
}

/// A parsed desktop entry (`.desktop` file) per the Desktop Entry Specification 1.5: all groups and
/// keys, plus the keys of `[Desktop Entry]` that the catalog uses, decoded and typed.
///
/// Strings are decoded (escapes `\s \n \t \r \\`), lists split at `;`. Read it with
/// ``DesktopEntryParser/parse(_:source:limits:)``.
///
/// ```swift
/// let entry = try DesktopEntryParser.parse(bytes, source: "/usr/share/applications/gedit.desktop")
/// entry.type       // .application
/// entry.mimeTypes  // ["text/plain"]
/// entry.localizedName(locale: "de_DE.UTF-8")
/// ```
public struct DesktopEntry: Sendable, Equatable {
    /// The file, as the caller named it.
    public var source: String
    /// Every group in file order; the first is `[Desktop Entry]`.
    public var groups: [DesktopEntryGroup]
    /// `Type`. For a `Hidden=true` entry without `Type` (a deletion marker) it is ``DesktopEntryType/application``.
    public var type: DesktopEntryType
    /// `Version`: the specification version the file follows.
    public var version: String?
    /// `Name`, unlocalized. Empty only for a `Hidden=true` deletion marker without `Name`.
    public var name: String
    /// `Name[locale]` values by locale as written.
    public var localizedNames: [String: String]
    /// `GenericName`.
    public var genericName: String?
    /// `Comment`.
    public var comment: String?
    /// `Icon`.
    public var icon: String?
    /// `NoDisplay`: installed but not shown in menus (it still handles its MIME types).
    public var noDisplay: Bool
    /// `Hidden`: the entry is deleted (it hides entries with the same desktop file ID in lower-precedence folders).
    public var hidden: Bool
    /// `OnlyShowIn`: desktops the entry is limited to.
    public var onlyShowIn: [String]
    /// `NotShowIn`: desktops the entry is hidden in.
    public var notShowIn: [String]
    /// `DBusActivatable`: launched over D-Bus rather than with `Exec`.
    public var dbusActivatable: Bool
    /// `TryExec`: a program that must exist for the entry to be used.
    public var tryExec: String?
    /// `Exec`, with string escapes decoded (field codes and quoting untouched for the Exec parser).
    public var exec: String?
    /// `Path`: the working directory.
    public var path: String?
    /// `Terminal`: run in a terminal.
    public var terminal: Bool
    /// `MimeType`: the MIME types (and `x-scheme-handler/*`) handled, without empty items.
    public var mimeTypes: [String]
    /// `Categories`.
    public var categories: [String]
    /// `Keywords`, unlocalized.
    public var keywords: [String]
    /// `Implements`: interfaces the entry implements.
    public var implements: [String]
    /// `StartupNotify`, if given.
    public var startupNotify: Bool?
    /// `StartupWMClass`.
    public var startupWMClass: String?
    /// `URL` (for `Type=Link`).
    public var url: String?
    /// `Actions` that have a valid `[Desktop Action id]` group, in `Actions` order.
    public var actions: [DesktopAction]
    /// What was skipped or repaired while reading.
    public var warnings: [CatalogFormatWarning]

    /// Creates an entry; normally made by ``DesktopEntryParser``.
    public init(source: String, groups: [DesktopEntryGroup], type: DesktopEntryType, name: String) {
        self.source = source
        self.groups = groups
        self.type = type
        self.name = name
        localizedNames = [:]
        noDisplay = false
        hidden = false
        onlyShowIn = []
        notShowIn = []
        dbusActivatable = false
        terminal = false
        mimeTypes = []
        categories = []
        keywords = []
        implements = []
        actions = []
        warnings = []
    }

    /// The group named `name` (without brackets).
    public func group(named name: String) -> DesktopEntryGroup? {
        groups.first { $0.name == name }
    }

    /// `Name` for `locale` (`de_DE.UTF-8@euro`) by the specification's matching rules.
    public func localizedName(locale: String?) -> String {
        groups.first?.string(forKey: "Name", locale: locale) ?? name
    }

    /// Whether the entry is shown in `desktops` (`XDG_CURRENT_DESKTOP` names), by the policy of
    /// ``DesktopVisibility``.
    public func isShown(inDesktops desktops: [String]) -> Bool {
        DesktopVisibility.isShown(onlyShowIn: onlyShowIn, notShowIn: notShowIn, inDesktops: desktops)
    }
}

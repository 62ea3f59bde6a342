/// Who an app is and how it is launched: the fields the catalog keeps for every app, one record
/// whether it comes from an importer (``AppRegistration``), from the stored rows of a snapshot, or
/// is read from a snapshot (``CatalogApp``).
///
/// ```swift
/// let record = AppRecord(id: "org.example.viewer.desktop", kind: .desktop, name: "Viewer",
///                        sourcePath: "/usr/share/applications/org.example.viewer.desktop", exec: "viewer %f")
/// ```
public struct AppRecord: Sendable, Equatable {
    /// How an app is known and launched.
    public enum Kind: String, Sendable, Codable {
        /// A freedesktop desktop entry, launched through its `Exec` line.
        case desktop
        /// An app declared by an `Info.plist`; it receives pending open requests.
        case bundle
    }

    /// The app's identifier: a desktop-file id (`org.gnome.eog.desktop`) or a bundle identifier.
    public var id: String
    /// How it is known and launched.
    public var kind: Kind
    /// Its display name.
    public var name: String
    /// Its version, if declared.
    public var version: String?
    /// The file it was registered from.
    public var sourcePath: String
    /// `user` for apps registered by hand, `system` for those `import-system` found.
    public var origin: String
    /// The desktop entry's `Exec` line.
    public var exec: String?
    /// The desktop entry's `TryExec`: the app is unavailable when this program is missing.
    public var tryExec: String?
    /// Whether it runs in a terminal.
    public var terminal: Bool
    /// `Hidden=true`: the entry is deleted; it handles nothing.
    public var hidden: Bool
    /// `NoDisplay=true`: not shown in menus, but still a handler.
    public var noDisplay: Bool
    /// Desktops the entry is shown in only (empty: all).
    public var onlyShowIn: [String]
    /// Desktops the entry is not shown in.
    public var notShowIn: [String]
    /// The icon name or file.
    public var icon: String?

    /// Creates a record.
    public init(
        id: String, kind: Kind, name: String, version: String? = nil, sourcePath: String, origin: String = "user",
        exec: String? = nil, tryExec: String? = nil, terminal: Bool = false, hidden: Bool = false, noDisplay: Bool = false,
        onlyShowIn: [String] = [], notShowIn: [String] = [], icon: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.version = version
        self.sourcePath = sourcePath
        self.origin = origin
        self.exec = exec
        self.tryExec = tryExec
        self.terminal = terminal
        self.hidden = hidden
        self.noDisplay = noDisplay
        self.onlyShowIn = onlyShowIn
        self.notShowIn = notShowIn
        self.icon = icon
    }
}

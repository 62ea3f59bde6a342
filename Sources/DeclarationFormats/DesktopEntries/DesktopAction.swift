/// An additional application action (`Actions=new-window;` with a `[Desktop Action new-window]` group).
public struct DesktopAction: Sendable, Equatable {
    /// The identifier listed in `Actions`.
    public var identifier: String
    /// `Name`, unlocalized.
    public var name: String
    /// `Name[locale]` values by locale.
    public var localizedNames: [String: String]
    /// `Icon`.
    public var icon: String?
    /// `Exec`, with the string escapes decoded (field codes untouched).
    public var exec: String?

    /// Creates an action.
    public init(
        identifier: String, name: String, localizedNames: [String: String] = [:], icon: String? = nil,
        exec: String? = nil
    ) {
        self.identifier = identifier
        self.name = name
        self.localizedNames = localizedNames
        self.icon = icon
        self.exec = exec
    }
}

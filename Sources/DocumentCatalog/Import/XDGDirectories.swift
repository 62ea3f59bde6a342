/// The XDG base directories of an environment, with the spec's defaults for unset or relative
/// values.
public struct XDGDirectories: Sendable, Equatable {
    /// `$XDG_DATA_HOME`, default `$HOME/.local/share`.
    public var dataHome: String
    /// `$XDG_DATA_DIRS`, default `/usr/local/share:/usr/share`.
    public var dataDirectories: [String]
    /// The desktops of `$XDG_CURRENT_DESKTOP`, in order.
    public var currentDesktops: [String]

    /// Reads the directories from an environment.
    public init(environment: [String: String]) {
        self.init(variable: { environment[$0] })
    }

    /// Reads the directories from an environment read one variable at a time (`getenv`).
    public init(variable environment: (String) -> String?) {
        let home = environment("HOME") ?? "/"
        if let value = environment("XDG_DATA_HOME"), value.hasPrefix("/") {
            dataHome = value
        } else {
            dataHome = (home == "/" ? "" : home) + "/.local/share"
        }
        let dirs = (environment("XDG_DATA_DIRS") ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        dataDirectories = dirs.isEmpty ? ["/usr/local/share", "/usr/share"] : dirs
        currentDesktops = (environment("XDG_CURRENT_DESKTOP") ?? "").split(separator: ":").map(String.init)
    }

    /// Data folders, highest precedence first: the data home, then the data directories.
    public var dataSearchPath: [String] { [dataHome] + dataDirectories }
}

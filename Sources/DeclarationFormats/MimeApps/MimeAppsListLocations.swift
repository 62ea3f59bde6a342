/// The `mimeapps.list` files to read, most important first, per the specification's precedence:
///
/// 1. `$XDG_CONFIG_HOME/$desktop-mimeapps.list`, then `$XDG_CONFIG_HOME/mimeapps.list`
/// 2. for each of `$XDG_CONFIG_DIRS`: `$dir/$desktop-mimeapps.list`, then `$dir/mimeapps.list`
/// 3. `$XDG_DATA_HOME/applications/$desktop-mimeapps.list`, then `…/applications/mimeapps.list`
/// 4. for each of `$XDG_DATA_DIRS`: `$dir/applications/$desktop-mimeapps.list`, then `…/mimeapps.list`
///
/// `$desktop` runs over `XDG_CURRENT_DESKTOP` (colon-separated) in order, lower-cased. Defaults follow
/// the XDG Base Directory Specification: `XDG_CONFIG_HOME` = `$HOME/.config`, `XDG_CONFIG_DIRS` =
/// `/etc/xdg`, `XDG_DATA_HOME` = `$HOME/.local/share`, `XDG_DATA_DIRS` = `/usr/local/share:/usr/share`;
/// an unset or empty variable takes its default, relative paths are ignored (as that specification
/// says), and a home-relative default is left out when `HOME` is unset. Within each list of folders,
/// GLib's order is kept: every file of one folder before the next folder. Duplicate paths are removed.
///
/// ```swift
/// let files = MimeAppsListLocations(environment: ["HOME": "/home/ada", "XDG_CURRENT_DESKTOP": "GNOME"]).files
/// // ["/home/ada/.config/gnome-mimeapps.list", "/home/ada/.config/mimeapps.list", "/etc/xdg/gnome-mimeapps.list", …]
/// ```
public struct MimeAppsListLocations: Sendable, Equatable {
    /// The desktop names from `XDG_CURRENT_DESKTOP`, lower-cased, in order, without duplicates.
    public var desktopNames: [String]
    /// The candidate files, most important first (they need not exist).
    public var files: [String]

    /// Computes the locations from an environment such as `ProcessInfo.processInfo.environment`.
    public init(environment: [String: String]) {
        self.init(variable: { environment[$0] })
    }

    /// Computes the locations from an environment read one variable at a time (`getenv`).
    public init(variable environment: (String) -> String?) {
        var names: [String] = []
        for name in (environment("XDG_CURRENT_DESKTOP") ?? "").split(separator: ":") {
            let lowered = name.lowercased()
            if !names.contains(lowered) { names.append(lowered) }
        }
        desktopNames = names
        let home = environment("HOME").flatMap { $0.hasPrefix("/") ? Self.trimmed($0) : nil }
        func single(_ variable: String, default suffix: String) -> [String] {
            if let value = environment(variable), value.hasPrefix("/") { return [Self.trimmed(value)] }
            return home.map { [$0 == "/" ? "/" + suffix : $0 + "/" + suffix] } ?? []
        }
        func many(_ variable: String, default fallback: [String]) -> [String] {
            let listed = (environment(variable) ?? "").split(separator: ":").map(String.init).filter {
                $0.hasPrefix("/")
            }
            return (listed.isEmpty ? fallback : listed).map(Self.trimmed)
        }
        var folders = single("XDG_CONFIG_HOME", default: ".config")
        folders += many("XDG_CONFIG_DIRS", default: ["/etc/xdg"])
        folders += single("XDG_DATA_HOME", default: ".local/share").map { $0 + "/applications" }
        folders += many("XDG_DATA_DIRS", default: ["/usr/local/share", "/usr/share"]).map { $0 + "/applications" }
        var files: [String] = []
        for folder in folders {
            let prefix = folder == "/" ? "/" : folder + "/"
            for candidate in names.map({ prefix + $0 + "-mimeapps.list" }) + [prefix + "mimeapps.list"]
            where !files.contains(candidate) {
                files.append(candidate)
            }
        }
        self.files = files
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

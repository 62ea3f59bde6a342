/// Where the catalog file lives, and the data folder beside it that holds app containers.
///
/// Policy: an explicit path wins; else `$OPENWITH_CATALOG`; else
/// `$XDG_DATA_HOME/openwith/catalog.sqlite`; else `$HOME/.local/share/openwith/catalog.sqlite`.
/// Relative values of `XDG_DATA_HOME` are ignored, as the XDG base directory spec says.
public struct CatalogLocation: Sendable, Equatable {
    /// The catalog file.
    public var path: String

    /// A catalog at an explicit path.
    public init(path: String) { self.path = path }

    /// The catalog chosen by the policy above from an environment.
    public static func resolve(explicitPath: String? = nil, environment: [String: String]) -> CatalogLocation {
        resolve(explicitPath: explicitPath) { environment[$0] }
    }

    /// The catalog chosen by the policy above, reading each environment variable through
    /// `variable` (for example `getenv`), so nothing else of the environment is copied.
    public static func resolve(explicitPath: String? = nil, variable: (String) -> String?) -> CatalogLocation {
        if let explicitPath, !explicitPath.isEmpty { return CatalogLocation(path: explicitPath) }
        if let path = variable("OPENWITH_CATALOG"), !path.isEmpty { return CatalogLocation(path: path) }
        if let data = variable("XDG_DATA_HOME"), data.hasPrefix("/") {
            return CatalogLocation(path: data + "/openwith/catalog.sqlite")
        }
        let home = variable("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        return CatalogLocation(path: (home == "/" ? "" : home) + "/.local/share/openwith/catalog.sqlite")
    }

    /// The folder holding the catalog file (and the `containers/` folder).
    public var dataFolder: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The container folder of an app: `containers/<app-id>/` in the data folder.
    public func containerFolder(appID: String) -> String { dataFolder + "/containers/" + appID }
}

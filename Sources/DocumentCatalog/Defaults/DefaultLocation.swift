/// Where a user default lives.
///
/// Policy (see ``DocumentCatalog/setDefault(scope:key:role:appID:force:environment:)``): a
/// default that `mimeapps.list` can express — a type with MIME types, or a URL scheme, for any
/// role, made for an app with a desktop-file id — lives in the user's `mimeapps.list`, where
/// `xdg-open`, GIO, KDE and `xdg-mime` read it too. Everything else lives in the catalog: a
/// role, a single file, an app registered from an `Info.plist`, a type without a MIME type.
public enum DefaultLocation: Sendable, Equatable, CustomStringConvertible {
    /// The catalog.
    case catalog
    /// `[Default Applications]` of a `mimeapps.list` file, for these MIME types.
    case mimeAppsList(path: String, mimeTypes: [String])

    /// Where, in words: "the catalog", or the file and its MIME types.
    public var description: String {
        switch self {
        case .catalog: "the catalog"
        case .mimeAppsList(let path, let mimeTypes): "\(path) (\(mimeTypes.joined(separator: ", ")))"
        }
    }
}

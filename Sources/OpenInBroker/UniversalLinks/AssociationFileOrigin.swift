/// Where association files are fetched from.
///
/// Policy: for a real domain, only `https://DOMAIN/.well-known/apple-app-site-association`
/// and, when that answers 404, `https://DOMAIN/apple-app-site-association` (Apple's older
/// location). ``loopback(port:)`` fetches the same paths over plain HTTP from a server on
/// `127.0.0.1`, sending the domain as `Host`: the only other origin, so a test can serve the
/// file without any other network; every rule for the answer (status, no redirect, content type,
/// size, syntax) applies unchanged.
public enum AssociationFileOrigin: Sendable, Equatable {
    /// The domain itself, over HTTPS.
    case https
    /// A local server on `127.0.0.1:port`, over HTTP.
    case loopback(port: UInt16)

    /// The paths tried, in order: the well-known location, then the domain root.
    public static let paths = ["/.well-known/apple-app-site-association", "/apple-app-site-association"]

    /// The URL fetched for `domain` at `path`.
    public func url(domain: String, path: String) -> String {
        switch self {
        case .https: "https://\(domain)\(path)"
        case .loopback(let port): "http://127.0.0.1:\(port)\(path)"
        }
    }

    /// Reads the origin a caller named: `https`, or `http://127.0.0.1:PORT` (the only loopback
    /// form accepted); `nil` for anything else.
    public init?(naming text: String) {
        if text == "https" { self = .https; return }
        let prefix = "http://127.0.0.1:"
        guard text.hasPrefix(prefix), let port = UInt16(text.dropFirst(prefix.count).prefix { $0 != "/" }), port > 0 else { return nil }
        self = .loopback(port: port)
    }
}

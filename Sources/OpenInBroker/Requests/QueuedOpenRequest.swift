public import DocumentCatalog
import ContentSniffing

/// An open request waiting in an app's queue, as an app reads it: what to open, under which
/// grant, of which type, since when.
///
/// This is the queue's documented form (the JSON of `openwith requests list|take`); field names
/// are stable. An `Info.plist` app whose bundle has no program receives its documents this way
/// (see ``HandlerLauncher``): it lists or takes its requests, then reads each document at
/// ``path`` under the grant ``grantID``.
public struct QueuedOpenRequest: Sendable, Codable, Equatable {
    /// The request's id, increasing in queue order.
    public var id: Int64
    /// The app the request is for.
    public var app: String
    /// The document's path (its inbox copy, or the original when opened in place); `nil` when
    /// the request carries a URL that is not a `file:` URL.
    public var path: String?
    /// The URL as queued (a `file://` URL for documents).
    public var url: String
    /// The uniform type identifier of the document, when known.
    public var type: String?
    /// The grant that goes with the document, if any.
    public var grantID: Int64?
    /// The app that handed it over, if named.
    public var sourceApp: String?
    /// Options, e.g. `open-in-place`.
    public var options: [String]
    /// When it was queued, as an RFC 3339 time in UTC (`2026-11-24T21:03:55.250Z`).
    public var queuedAt: String

    /// The queue's form of a stored request.
    public init(_ request: OpenRequest) {
        id = request.id
        app = request.appID
        path = QueuedOpenRequest.path(ofFileURL: request.url)
        url = request.url
        type = request.typeIdentifier
        grantID = request.grantID
        sourceApp = request.sourceApp
        options = request.options
        queuedAt = RFC3339Time.format(secondsSince1970: request.createdAt)
    }

    /// The path of a `file://` URL on this machine (empty or `localhost` authority), percent-decoded
    /// byte for byte; `nil` for anything else or a path holding NUL.
    static func path(ofFileURL url: String) -> String? {
        let bytes = Array(url.utf8)
        var rest: ArraySlice<UInt8>
        if bytes.starts(with: Array("file:///".utf8)) {
            rest = bytes[7...]
        } else if bytes.starts(with: Array("file://localhost/".utf8)) {
            rest = bytes[16...]
        } else {
            return nil
        }
        if let end = rest.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) { rest = rest[..<end] }
        guard let decoded = PercentDecoding.decode(Array(rest)), !decoded.contains(0) else { return nil }
        return PathBytes.string(from: decoded)
    }
}

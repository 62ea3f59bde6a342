public import DocumentCatalog

/// The outcome of routing a URL.
public struct URLRouting: Sendable {
    /// The URL as validated.
    public var url: ValidatedURL
    /// The handler chosen.
    public var handler: CatalogApp
    /// Why.
    public var reason: String
    /// Whether a signature was required and verified.
    public var signatureVerified: Bool
    /// How it was delivered.
    public var delivery: HandlerLauncher.Delivery
}

extension HandOverBroker {
    /// Routes a URL to the handler of its scheme.
    ///
    /// Policy, in order; any failure refuses the URL with the reason and delivers nothing:
    /// 1. the URL is validated (RFC 3986 syntax, length limit, no control characters, strict
    ///    query and percent-encoding rules);
    /// 2. its scheme must have a handler (user default, mimeapps.list, claims by rank);
    /// 3. if the handler lists allowed sources, `sourceApp` must be one of them;
    /// 4. if the handler requires signed requests, the URL must carry a valid HMAC-SHA256
    ///    signature from `sourceApp` with a fresh timestamp;
    /// 5. then it is delivered (launched with `%u`, or queued as an open request).
    public func route(_ text: String, from sourceApp: String? = nil) throws(HandOverError) -> URLRouting {
        let url = try URLRequestValidator().validate(text)
        let snapshot = try snapshot()
        guard let handler = URLSchemeRanking(snapshot: snapshot).handlers(scheme: url.scheme).first else {
            throw HandOverError(.unregisteredScheme, reason: "no app handles \(url.scheme): URLs", value: url.scheme)
        }
        let claim = handler.claim
        if !claim.allowedSources.isEmpty {
            guard let sourceApp, claim.allowedSources.contains(where: { $0.lowercased() == sourceApp.lowercased() }) else {
                throw HandOverError(
                    .sourceNotAllowed, reason: "\(handler.app.id) accepts \(url.scheme): URLs only from \(claim.allowedSources.joined(separator: ", "))",
                    key: "source", value: sourceApp ?? "(none)")
            }
        }
        var verified = false
        if claim.requiresSignature {
            guard let sourceApp else {
                throw HandOverError(.signatureMissing, reason: "\(handler.app.id) requires signed requests; name the sending app", key: "source")
            }
            let key: [UInt8]?
            do { key = try catalog.signingKey(appID: handler.app.id, scheme: url.scheme) } catch { throw HandOverError(error) }
            guard let key else { throw HandOverError(.signatureMismatch, reason: "the handler requires signatures but has no key", key: handler.app.id) }
            _ = try RequestSignature(keyBytes: key).verify(text, sourceApp: sourceApp)
            verified = true
        }
        let delivery = try launcher.deliver([url.string], asURLs: true, to: handler.app, catalog: catalog, sourceApp: sourceApp)
        return URLRouting(url: url, handler: handler.app, reason: handler.reason, signatureVerified: verified, delivery: delivery)
    }

    /// Whether `askingApp` may learn that a URL can be opened (`canOpenURL`): only for schemes
    /// it declared in `LSApplicationQueriesSchemes`; then whether a handler exists.
    public func canOpenURL(_ text: String, askingApp: String) throws(HandOverError) -> (answer: Bool, reason: String) {
        let url = try URLRequestValidator().validate(text)
        let snapshot = try snapshot()
        guard let app = snapshot.app(id: askingApp) else { throw HandOverError(.unknownApp, reason: "no app with this id is registered", key: askingApp) }
        guard snapshot.queriedSchemes(app: app.index).contains(url.scheme) else {
            return (false, "\(askingApp) did not declare \(url.scheme) in LSApplicationQueriesSchemes")
        }
        let handlers = URLSchemeRanking(snapshot: snapshot).handlers(scheme: url.scheme)
        return handlers.isEmpty ? (false, "no app handles \(url.scheme): URLs") : (true, "\(handlers[0].app.id) handles \(url.scheme): URLs")
    }
}

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
    /// Schemes that reach local files or run script in their handler: routed only to a handler
    /// whose claim explicitly allow-lists the sending app.
    public static let localOrScriptSchemes: Set<String> = ["file", "javascript", "vbscript", "data", "jar", "view-source"]

    /// Routes a URL to the handler of its scheme.
    ///
    /// Policy, in order; any failure refuses the URL with the reason and delivers nothing:
    /// 1. the URL is validated (RFC 3986 syntax, length limit, no control characters, strict
    ///    query and percent-encoding rules);
    /// 2. `sourceApp`, when given, must be a registered app: it is compared under its registered
    ///    id, exactly;
    /// 3. its scheme must have a handler (user default, mimeapps.list, claims by rank);
    /// 4. if the handler lists allowed sources, `sourceApp` must be one of them; a scheme of
    ///    ``localOrScriptSchemes`` needs such a list, with `sourceApp` on it;
    /// 5. if the handler requires signed requests, the URL must carry a valid HMAC-SHA256
    ///    signature from `sourceApp` with a fresh timestamp, not used before (each verified
    ///    signature is recorded in the catalog until its timestamp leaves the allowed skew);
    /// 6. then it is delivered (launched with `%u`, or queued as an open request).
    public func route(_ text: String, from sourceApp: String? = nil) throws(HandOverError) -> URLRouting {
        let url = try URLRequestValidator().validate(text)
        let snapshot = try snapshot()
        let source = try sourceApp.map { (name: String) throws(HandOverError) -> String in try registeredSource(name, in: snapshot) }
        guard let handler = URLSchemeRanking(snapshot: snapshot).handlers(scheme: url.scheme).first else {
            throw HandOverError(.unregisteredScheme, reason: "no app handles \(url.scheme): URLs", value: url.scheme)
        }
        let claim = handler.claim
        if Self.localOrScriptSchemes.contains(url.scheme) && claim.allowedSources.isEmpty {
            throw HandOverError(
                .localOrScriptScheme,
                reason: "\(url.scheme): URLs reach local files or run script; \(handler.app.id) must allow the sending app explicitly (url configure --allow-source)",
                key: "scheme", value: url.scheme)
        }
        if !claim.allowedSources.isEmpty {
            guard let source, claim.allowedSources.contains(source) else {
                throw HandOverError(
                    .sourceNotAllowed, reason: "\(handler.app.id) accepts \(url.scheme): URLs only from \(claim.allowedSources.joined(separator: ", "))",
                    key: "source", value: sourceApp ?? "(none)")
            }
        }
        var verified = false
        if claim.requiresSignature {
            guard let source else {
                throw HandOverError(.signatureMissing, reason: "\(handler.app.id) requires signed requests; name the sending app", key: "source")
            }
            let key: [UInt8]?
            do { key = try catalog.signingKey(appID: handler.app.id, scheme: url.scheme) } catch { throw HandOverError(error) }
            guard let key else { throw HandOverError(.signatureMismatch, reason: "the handler requires signatures but has no key", key: handler.app.id) }
            let signer = try RequestSignature(keyBytes: key)
            let checked = try signer.verify(text, sourceApp: source)
            let signature = checked.values(named: RequestSignature.signatureItemName).first.flatMap { $0 } ?? ""
            let timestamp = checked.values(named: RequestSignature.timestampItemName).first.flatMap { $0 }.flatMap { Double($0) } ?? WallClock.now()
            let fresh: Bool
            do {
                fresh = try catalog.recordSignatureUse(signature, appID: handler.app.id, expiresAt: timestamp + Double(signer.allowedSkew) + 1)
            } catch { throw HandOverError(error) }
            guard fresh else {
                throw HandOverError(.signatureReplayed, reason: "this signed request was already delivered; a signature is used once", key: "sig", value: signature)
            }
            verified = true
        }
        let delivery = try launcher.deliver([url.string], asURLs: true, to: handler.app, catalog: catalog, sourceApp: source)
        return URLRouting(url: url, handler: handler.app, reason: handler.reason, signatureVerified: verified, delivery: delivery)
    }

    /// Signs `text` for its scheme's handler as sent by `sourceApp`, with the handler's key.
    ///
    /// - Throws: ``HandOverError`` — `.unknownApp` when `sourceApp` is not registered,
    ///   `.unregisteredScheme` when nothing handles the scheme, `.signatureMissing` when the
    ///   handler does not require signed requests; the validator's codes for the URL.
    public func signURL(_ text: String, from sourceApp: String) throws(HandOverError) -> String {
        let url = try URLRequestValidator().validate(text)
        let snapshot = try snapshot()
        let source = try registeredSource(sourceApp, in: snapshot)
        guard let handler = URLSchemeRanking(snapshot: snapshot).handlers(scheme: url.scheme).first else {
            throw HandOverError(.unregisteredScheme, reason: "no app handles \(url.scheme): URLs", value: url.scheme)
        }
        let key: [UInt8]?
        do { key = try catalog.signingKey(appID: handler.app.id, scheme: url.scheme) } catch { throw HandOverError(error) }
        guard let key else {
            throw HandOverError(.signatureMissing, reason: "\(handler.app.id) does not require signed \(url.scheme): URLs", key: handler.app.id)
        }
        return try RequestSignature(keyBytes: key).sign(text, sourceApp: source)
    }

    /// The registered id of a sending app named by the caller.
    private func registeredSource(_ name: String, in snapshot: CatalogSnapshot) throws(HandOverError) -> String {
        guard let app = snapshot.app(id: name) else {
            throw HandOverError(.unknownApp, reason: "the sending app is not registered", key: "source", value: name)
        }
        return app.id
    }

    /// Whether `askingApp` may learn that a URL can be opened (`canOpenURL`): only for schemes
    /// it declared in `LSApplicationQueriesSchemes`; then whether a handler exists.
    public func canOpenURL(_ text: String, askingApp: String) throws(HandOverError) -> (answer: Bool, reason: String) {
        let url = try URLRequestValidator().validate(text)
        let snapshot = try snapshot()
        guard let app = snapshot.app(id: askingApp) else {
            throw HandOverError(.unknownApp, reason: AppIDSuggestion.unknownAppReason(askingApp, among: snapshot.apps.map(\.id)), key: askingApp)
        }
        guard snapshot.queriedSchemes(app: app.index).contains(url.scheme) else {
            return (false, "\(askingApp) did not declare \(url.scheme) in LSApplicationQueriesSchemes")
        }
        let handlers = URLSchemeRanking(snapshot: snapshot).handlers(scheme: url.scheme)
        return handlers.isEmpty ? (false, "no app handles \(url.scheme): URLs") : (true, "\(handlers[0].app.id) handles \(url.scheme): URLs")
    }
}

import DeclarationFormats
import DocumentCatalog

extension HandOverBroker {
    /// Routes a web URL as a universal link: to the app whose confirmed association covers it,
    /// otherwise to the handler of its scheme (`x-scheme-handler/https`, the default browser).
    ///
    /// Policy, in order:
    /// 1. the URL is validated as for ``route(_:from:)``; only `https` URLs without user
    ///    information or a port are candidates; any other goes to its scheme's handler;
    /// 2. the apps whose declared domains cover the host are found (the host itself first, then
    ///    wildcards from the nearest parent domain out); none: the browser;
    /// 3. the host's association file is taken from the catalog; when there is none or it has
    ///    expired and `fetcher` is given, it is fetched and stored (a refusal too); when the
    ///    network fails, a file still held is used, else there is none;
    /// 4. each claiming app in turn: the first whose detail in the file matches the URL by a
    ///    non-`exclude` component is chosen (see ``SiteAssociation``); an `exclude` match, no
    ///    match, or an app the file does not name passes to the next;
    /// 5. the chosen app is given the URL (launched with `%u`, or queued as an open request);
    ///    otherwise ``route(_:from:)`` gives it to the browser, with its own rules.
    public func routeUniversalLink(_ text: String, from sourceApp: String? = nil, fetcher: SiteAssociationFetcher? = nil) throws(HandOverError) -> UniversalLinkRouting {
        let url = try URLRequestValidator().validate(text)
        guard url.scheme == "https", let authority = url.authority, let host = Self.plainHost(authority) else {
            return try browser(text, from: sourceApp, url: url, reason: "not an https URL with a plain host: no universal link", association: nil, steps: [])
        }
        let claims: [DomainClaim]
        do { claims = try catalog.domainClaims(host: host) } catch { throw HandOverError(error) }
        guard !claims.isEmpty else {
            return try browser(text, from: sourceApp, url: url, reason: "no app claims \(host)", association: nil, steps: [])
        }
        let (record, status) = try association(host: host, fetcher: fetcher)
        let association: SiteAssociation?
        if let content = record?.content { association = try? SiteAssociation.parse(content, source: record?.source ?? host) } else { association = nil }
        guard let association else {
            let steps = claims.map { UniversalLinkRouting.Step(appID: $0.appID, declaredDomain: $0.domain.description, verdict: "unconfirmed") }
            return try browser(text, from: sourceApp, url: url, reason: "\(host) confirms no app: \(status.reason ?? "no association file")", association: status, steps: steps)
        }
        let snapshot = try snapshot()
        var steps: [UniversalLinkRouting.Step] = []
        for claim in claims {
            let decision = association.decision(appIDs: Self.names(of: claim.appID), path: url.path, query: url.query, fragment: url.fragment)
            steps.append(Self.step(claim, decision))
            guard case .matched(_, let component) = decision, let app = snapshot.app(id: claim.appID) else { continue }
            let delivery = try launcher.deliver([url.string], asURLs: true, to: app, catalog: catalog, sourceApp: sourceApp)
            return UniversalLinkRouting(
                url: url, app: app, handler: app, reason: "\(host) confirms \(app.id) for \(component.summary)", association: status, steps: steps, delivery: delivery)
        }
        return try browser(text, from: sourceApp, url: url, reason: "no app's component in \(host)'s association file matches the URL", association: status, steps: steps)
    }

    /// The names an app may be listed under in `appIDs`: its catalog id and, for a desktop
    /// entry, the id without `.desktop`.
    static func names(of appID: String) -> [String] {
        appID.hasSuffix(".desktop") ? [appID, String(appID.dropLast(".desktop".count))] : [appID]
    }

    /// The host of an authority without user information or port, lower case; `nil` otherwise.
    static func plainHost(_ authority: String) -> String? {
        guard !authority.contains("@"), !authority.contains(":"), !authority.isEmpty else { return nil }
        return authority.lowercased()
    }

    private static func step(_ claim: DomainClaim, _ decision: SiteAssociation.Decision) -> UniversalLinkRouting.Step {
        let domain = claim.domain.description
        switch decision {
        case .matched(let detail, let component):
            return .init(appID: claim.appID, declaredDomain: domain, verdict: "matched", detail: detail, component: component.index, pattern: component.summary)
        case .excluded(let detail, let component):
            return .init(appID: claim.appID, declaredDomain: domain, verdict: "excluded", detail: detail, component: component.index, pattern: component.summary)
        case .noComponentMatched(let detail):
            return .init(appID: claim.appID, declaredDomain: domain, verdict: "no-component-matched", detail: detail)
        case .appNotListed:
            return .init(appID: claim.appID, declaredDomain: domain, verdict: "not-listed")
        }
    }

    /// The host's association record and its state, fetched when missing or expired and a
    /// fetcher is given.
    private func association(host: String, fetcher: SiteAssociationFetcher?) throws(HandOverError) -> (SiteAssociationRecord?, UniversalLinkRouting.Association) {
        var held: SiteAssociationRecord?
        do { held = try catalog.siteAssociation(domain: host) } catch { throw HandOverError(error) }
        let now = WallClock.now()
        var unreachable: String?
        if let fetcher, held.map({ !$0.isValid(at: now) }) ?? true {
            switch fetcher.fetch(domain: host, now: now) {
            case .answered(let record):
                do { try catalog.recordSiteAssociation(record) } catch { throw HandOverError(error) }
                held = record
            case .unreachable(let reason): unreachable = reason
            }
        }
        guard let held else {
            return (nil, .init(state: unreachable == nil ? "none" : "unreachable", domain: host, reason: unreachable ?? "no association file has been read for \(host)"))
        }
        let state = held.refusal == nil ? "confirmed" : "refused"
        let reason = held.refusal ?? unreachable.map { "kept the file read before; refreshing failed: \($0)" }
        return (held, .init(state: state, domain: host, source: held.source, checkedAt: held.checkedAt, validUntil: held.validUntil, reason: reason))
    }

    private func browser(
        _ text: String, from sourceApp: String?, url: ValidatedURL, reason: String, association: UniversalLinkRouting.Association?, steps: [UniversalLinkRouting.Step]
    ) throws(HandOverError) -> UniversalLinkRouting {
        let routed = try route(text, from: sourceApp)
        return UniversalLinkRouting(
            url: url, app: nil, handler: routed.handler, reason: "\(reason); to the \(url.scheme): handler (\(routed.reason))", association: association, steps: steps,
            delivery: routed.delivery)
    }
}

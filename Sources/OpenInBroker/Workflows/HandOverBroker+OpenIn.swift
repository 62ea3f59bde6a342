import Glibc
public import DocumentCatalog
public import ContentSniffing

/// The outcome of an open-in.
public struct OpenInResult: Sendable {
    /// The document's resolution.
    public var resolution: Resolution
    /// The app chosen.
    public var handler: CatalogApp
    /// Why it was chosen.
    public var reason: String
    /// The grant of the inbox copy (or the security-scoped grant when opened in place); `nil`
    /// for a dry run.
    public var grant: Grant?
    /// Where the copy will land, for a dry run.
    public var plannedFolder: String
    /// How it was delivered.
    public var delivery: HandlerLauncher.Delivery
}

extension HandOverBroker {
    /// Opens a document in an app, as the open-in menu does.
    ///
    /// Policy: the app is the one named (it must be among the document's candidates, unless
    /// `force`), else the default handler. The document is copied into the app's
    /// `Documents/Inbox/` (journaled, atomic, read-only, collision names `name-1.ext`…) and an
    /// inbox grant records app, path, rights (read, delete), source app, original path, size,
    /// SHA-256, time and annotation; then the app gets it (launched, or an open request).
    /// With `inPlace` no copy is made: a security-scoped grant to the original goes with the
    /// request instead. Documents whose content contradicts their name into an executable type
    /// are refused.
    public func openIn(
        path: String, with appID: String? = nil, from sourceApp: String? = nil, annotation: [UInt8]? = nil,
        role: RequestedRole = .any, inPlace: Bool = false, force: Bool = false
    ) throws(HandOverError) -> OpenInResult {
        let absolute = try PathNormalization.absolute(path)
        let lookup = try lookup()
        let snapshot = lookup.snapshot
        let answer = try lookup.handlers(forFileAt: absolute, role: role, includeAll: appID != nil)
        let resolution = answer.resolution
        guard resolution.type.conforms(to: snapshot.graph.identity(.data)) || resolution.type.conforms(to: snapshot.graph.identity(.content)) else {
            throw HandOverError(.notRegularFile, reason: "\(resolution.identifier) is not a document that can be handed over", path: path)
        }
        if let conflict = resolution.conflict, isRunnable(resolution, snapshot) {
            throw HandOverError(.typeNotAccepted, reason: "refused: \(conflict.description)", path: path)
        }
        let list = answer.handlers
        let chosen: (CatalogApp, String)
        if let appID {
            guard let app = snapshot.app(id: appID) else {
                throw HandOverError(.unknownApp, reason: AppIDSuggestion.unknownAppReason(appID, among: snapshot.apps.map(\.id)), key: appID)
            }
            if let candidate = list.candidates.first(where: { $0.app.index == app.index }) {
                chosen = (app, candidate.reason)
            } else if force {
                chosen = (app, "named by the caller (forced; it does not claim \(resolution.identifier))")
            } else {
                throw HandOverError(.noHandler, reason: "\(app.id) does not claim \(resolution.identifier) or any supertype", path: path, key: appID)
            }
        } else {
            guard let handler = list.defaultHandler else {
                throw HandOverError(.noHandler, reason: "no application can open \(resolution.identifier)", path: path)
            }
            chosen = (handler.app, handler.reason)
        }
        let container = try AppContainer(appID: chosen.0.id, dataFolder: catalog.location.dataFolder)
        if launcher.dryRun {
            let delivery = try launcher.deliver([container.inbox + "/" + AtomicFileCopy.lastComponent(of: absolute)], to: chosen.0, catalog: catalog, sourceApp: sourceApp)
            return OpenInResult(resolution: resolution, handler: chosen.0, reason: chosen.1, grant: nil, plannedFolder: inPlace ? absolute : container.inbox, delivery: delivery)
        }
        let grant: Grant
        let delivered: String
        if inPlace {
            try InPlaceGrant.check(absolute, path: path, dataFolder: catalog.location.dataFolder)
            do {
                grant = try catalog.insertGrant(Grant(
                    appID: chosen.0.id, path: absolute, kind: .securityScoped, rights: [.read, .write], sourceApp: sourceApp,
                    originalPath: absolute, size: resolution.size, annotation: annotation, createdAt: WallClock.now()))
            } catch { throw HandOverError(error) }
            delivered = absolute
        } else {
            grant = try transfer.transfer(
                absolute, into: container.inbox, of: container, operation: .copy, journalOperation: .openIn, mode: 0o444,
                grant: Grant(
                    appID: chosen.0.id, path: "", kind: .inbox, rights: [.read, .delete], sourceApp: sourceApp, originalPath: absolute,
                    annotation: annotation, createdAt: WallClock.now()))
            delivered = grant.path
        }
        let delivery: HandlerLauncher.Delivery
        do {
            delivery = try launcher.deliver(
                [delivered], to: chosen.0, catalog: catalog, sourceApp: sourceApp, annotation: annotation,
                options: inPlace ? ["open-in-place"] : [], grantID: grant.id, typeIdentifier: resolution.identifier.rawValue)
        } catch {
            // Nothing was handed over: the copy and the grant go again.
            if !inPlace, let device = grant.device, let inode = grant.inode, TransferUndo.isFile(grant.path, device: device, inode: inode) {
                _ = PathBytes.withCString(grant.path) { unlink($0) }
            }
            _ = try? catalog.revokeGrant(id: grant.id, reason: "the delivery failed: \(error.reason)")
            throw error
        }
        try? catalog.recordUse(appID: chosen.0.id, typeIdentifier: resolution.identifier.rawValue)
        return OpenInResult(resolution: resolution, handler: chosen.0, reason: chosen.1, grant: grant, plannedFolder: container.inbox, delivery: delivery)
    }

    func isRunnable(_ resolution: Resolution, _ snapshot: CatalogSnapshot) -> Bool {
        let graph = snapshot.graph
        return resolution.type.conforms(to: graph.identity(.executable)) || resolution.type.conforms(to: graph.identity(.script))
    }
}

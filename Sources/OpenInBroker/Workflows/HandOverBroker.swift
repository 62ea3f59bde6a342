public import ContentSniffing
public import DocumentCatalog
import UniformTypes

/// The hand-over: open-in, preview, the options menu, the document picker, providers, inbox
/// access and URL routing, over one catalog.
///
/// Opening a broker first finishes or rolls back any transfer a crash interrupted
/// (``InboxTransfer/recover(catalog:)``), so callers always see consistent inboxes and grants.
///
/// ```swift
/// let broker = try HandOverBroker(catalog: catalog)
/// let result = try broker.openIn(path: "/tmp/report.pdf", with: nil, from: "org.example.mail")
/// print(result.grant?.path ?? "")   // …/containers/<app>/Documents/Inbox/report.pdf
/// ```
public struct HandOverBroker: Sendable {
    /// The catalog.
    public let catalog: DocumentCatalog
    /// The desktops of the session, for handler ranking.
    public let desktops: [String]
    /// How apps are launched (desktop entries) or notified (bundles).
    public let launcher: HandlerLauncher
    /// Failure injection for transfers (tests).
    public let transferCheckpoint: (@Sendable (String) throws -> Void)?

    /// Opens the broker and recovers interrupted transfers.
    public init(catalog: DocumentCatalog, desktops: [String] = [], launcher: HandlerLauncher = HandlerLauncher(), transferCheckpoint: (@Sendable (String) throws -> Void)? = nil) throws(HandOverError) {
        self.catalog = catalog
        self.desktops = desktops
        self.launcher = launcher
        self.transferCheckpoint = transferCheckpoint
        if !catalog.isReadOnly { try InboxTransfer.recover(catalog: catalog) }
    }

    /// The current catalog snapshot.
    public func snapshot() throws(HandOverError) -> CatalogSnapshot {
        do { return try catalog.snapshot() } catch { throw HandOverError(error) }
    }

    /// The container of a registered app or share extension.
    public func container(appID: String) throws(HandOverError) -> AppContainer {
        let snapshot = try snapshot()
        guard let app = snapshot.app(id: appID) else {
            if let extensionID = registeredShareExtensionID(appID) { return try AppContainer(appID: extensionID, dataFolder: catalog.location.dataFolder) }
            throw HandOverError(.unknownApp, reason: AppIDSuggestion.unknownAppReason(appID, among: snapshot.apps.map(\.id)), key: appID)
        }
        return try AppContainer(appID: app.id, dataFolder: catalog.location.dataFolder)
    }

    /// Resolves a file's type against the catalog's graph.
    public func resolve(_ path: String) throws(HandOverError) -> Resolution {
        try resolve(path, in: try snapshot().graph)
    }

    /// Resolves against `graph` only: no ranking is built for a question that needs none.
    func resolve(_ path: String, in graph: TypeGraph) throws(HandOverError) -> Resolution {
        do { return try TypeResolver(graph: graph).resolve(path: path) } catch { throw HandOverError(unresolvable: error, path: path) }
    }

    /// The handler lookup over the current snapshot: what each file is and who can open it.
    public func lookup() throws(HandOverError) -> HandlerLookup {
        HandlerLookup(snapshot: try snapshot(), desktops: desktops)
    }

    var transfer: InboxTransfer { InboxTransfer(catalog: catalog, checkpoint: transferCheckpoint) }
}

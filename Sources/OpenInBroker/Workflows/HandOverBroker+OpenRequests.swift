import DocumentCatalog

extension HandOverBroker {
    /// The open requests waiting for `appID`, oldest first, without taking them.
    ///
    /// - Throws: ``HandOverError/Code/unknownApp`` (with suggestions) when no app has this id;
    ///   ``HandOverError/Code/catalogFailure`` when the catalog or its queue is damaged.
    public func openRequests(appID: String) throws(HandOverError) -> [QueuedOpenRequest] {
        let app = try registeredApp(appID)
        do { return try catalog.pendingOpenRequests(appID: app).map(QueuedOpenRequest.init) } catch { throw HandOverError(error) }
    }

    /// Takes the open requests waiting for `appID`, oldest first: each is returned to exactly one
    /// taker, and is no longer pending afterwards (the catalog keeps it as delivered).
    ///
    /// Policy: reading and marking happen in one immediate transaction of the catalog, so two
    /// takers, in the same process or not, never get the same request; when a stored request is
    /// damaged, nothing is taken.
    ///
    /// - Throws: ``HandOverError/Code/unknownApp`` (with suggestions) when no app has this id;
    ///   ``HandOverError/Code/catalogFailure`` when the catalog or its queue is damaged.
    public func takeOpenRequests(appID: String) throws(HandOverError) -> [QueuedOpenRequest] {
        let app = try registeredApp(appID)
        do { return try catalog.drainOpenRequests(appID: app).map(QueuedOpenRequest.init) } catch { throw HandOverError(error) }
    }

    /// The registered id of `appID` (an app's or a share extension's; ids compare without case), or an `unknownApp` error.
    private func registeredApp(_ appID: String) throws(HandOverError) -> String {
        let snapshot = try snapshot()
        guard let app = snapshot.app(id: appID) else {
            if let extensionID = registeredShareExtensionID(appID) { return extensionID }
            throw HandOverError(.unknownApp, reason: AppIDSuggestion.unknownAppReason(appID, among: snapshot.apps.map(\.id)), key: appID)
        }
        return app.id
    }
}

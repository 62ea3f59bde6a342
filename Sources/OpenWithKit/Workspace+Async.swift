public import ContentSniffing
public import DocumentCatalog
public import OpenInBroker

/// The `async` forms: the same calls, run off the caller's executor.
///
/// Policy: each form hands its work to ``Workspace``'s own concurrent dispatch queue and
/// suspends until it is done, so a caller on the main actor (or any actor) is never blocked by
/// file I/O, the catalog's SQLite reads or a transfer; the actor runs other work meanwhile.
/// The work is not cancelled with the calling task: once started it finishes (a transfer is
/// journaled and must not stop half-way), and the answer is dropped if nobody waits for it.
extension Workspace {
    /// `resolve(path:)` without blocking the caller's executor.
    public func resolve(path: String) async throws(HandOverError) -> Resolution {
        try await OffCallerQueue.run { () throws(HandOverError) in try self.resolve(path: path) }
    }

    /// `resolve(bytes:name:)` without blocking the caller's executor.
    public func resolve(bytes: [UInt8], name: String?) async throws(HandOverError) -> Resolution {
        try await OffCallerQueue.run { () throws(HandOverError) in try self.resolve(bytes: bytes, name: name) }
    }

    /// `handlers(forFileAt:role:includeAll:)` without blocking the caller's executor.
    public func handlers(forFileAt path: String, role: RequestedRole = .any, includeAll: Bool = false) async throws(HandOverError) -> FileHandlers {
        try await OffCallerQueue.run { () throws(HandOverError) in try self.handlers(forFileAt: path, role: role, includeAll: includeAll) }
    }

    /// `setDefault(_:for:role:isFile:force:)` without blocking the caller's executor.
    @discardableResult
    public func setDefault(_ appID: String, for target: String, role: RequestedRole = .any, isFile: Bool = false, force: Bool = false) async throws(HandOverError) -> DefaultTarget {
        try await OffCallerQueue.run { () throws(HandOverError) in try self.setDefault(appID, for: target, role: role, isFile: isFile, force: force) }
    }

    /// `openIn(path:with:role:inPlace:)` without blocking the caller's executor.
    public func openIn(path: String, with appID: String? = nil, role: RequestedRole = .any, inPlace: Bool = false) async throws(HandOverError) -> OpenInResult {
        try await OffCallerQueue.run { () throws(HandOverError) in try self.openIn(path: path, with: appID, role: role, inPlace: inPlace) }
    }

    /// `preview(path:)` without blocking the caller's executor.
    public func preview(path: String) async throws(HandOverError) -> (resolution: Resolution, preview: DocumentPreview) {
        try await OffCallerQueue.run { () throws(HandOverError) in try self.preview(path: path) }
    }

    /// Opens a workspace without blocking the caller's executor: opening may create the catalog
    /// and import the machine's apps.
    public static func open(catalogPath: String? = nil, environment: [String: String]? = nil) async throws(HandOverError) -> Workspace {
        try await OffCallerQueue.run { () throws(HandOverError) in
            try Workspace(catalogPath: catalogPath, environment: environment ?? ProcessEnvironment.current)
        }
    }
}

public import DocumentCatalog
import ContentSniffing
import Glibc
public import UniformTypes

extension HandOverBroker {
    /// Whether a document may be offered to an app that asked for `contentTypes`: it must
    /// conform to one of them (an empty list accepts everything).
    public func pickerAccepts(_ type: UniformType, contentTypes: [UniformType]) -> Bool {
        contentTypes.isEmpty || contentTypes.contains { type.conforms(to: $0) }
    }

    /// Completes a document-picker session for `appID` with the document at `path`.
    ///
    /// - `import`: copies it into the app's `tmp/<app-id>-Inbox/` (journaled; the app owns the
    ///   copy: read, write, delete);
    /// - `open`: grants security-scoped access (read, write) to the original, no copy (see
    ///   `InPlaceGrant`: a regular file, not a link, not inside an app's container);
    /// - `export`: copies it into `provider`'s storage root;
    /// - `move`: moves it into `provider`'s storage root.
    /// The document must conform to one of `contentTypes` (what the picking app asked for).
    public func pick(
        path: String, appID: String, mode: DocumentPickerMode, provider providerID: String? = nil, contentTypes: [UniformType] = []
    ) throws(HandOverError) -> Grant {
        let absolute = try PathNormalization.absolute(path)
        let resolution = try resolve(absolute)
        guard pickerAccepts(resolution.type, contentTypes: contentTypes) else {
            throw HandOverError(
                .typeNotAccepted, reason: "\(resolution.identifier) conforms to none of \(contentTypes.map(\.identifier.rawValue).joined(separator: ", "))", path: path)
        }
        let container = try container(appID: appID)
        switch mode {
        case .import:
            return try transfer.transfer(
                absolute, into: container.pickerInbox, of: container, operation: .copy, journalOperation: .import, mode: 0o600,
                grant: Grant(appID: container.appID, path: "", kind: .import, rights: [.read, .write, .delete], originalPath: absolute, createdAt: WallClock.now()))
        case .open:
            try InPlaceGrant.check(absolute, path: path, dataFolder: catalog.location.dataFolder)
            do {
                return try catalog.insertGrant(Grant(
                    appID: container.appID, path: absolute, kind: .securityScoped, rights: [.read, .write], originalPath: absolute,
                    size: resolution.size, createdAt: WallClock.now()))
            } catch { throw HandOverError(error) }
        case .export, .move:
            guard let providerID else { throw HandOverError(.notAProvider, reason: "export and move need a provider", key: "provider") }
            let (root, _) = try providerStorage(providerID)
            let providerContainer = try self.container(appID: providerID)
            return try transfer.transfer(
                absolute, into: root, of: providerContainer, operation: mode == .move ? .move : .copy, journalOperation: mode == .move ? .move : .export,
                mode: 0o600,
                grant: Grant(appID: providerContainer.appID, path: "", kind: .provider, rights: [.read, .write, .delete], sourceApp: container.appID, originalPath: absolute, createdAt: WallClock.now()))
        }
    }

    /// Starts access to a security-scoped grant; every start must be balanced by a stop.
    /// Returns the number of open accesses.
    public func startAccessing(grantID: Int64) throws(HandOverError) -> Int {
        do { return try catalog.adjustAccessCount(grantID: grantID, by: 1) } catch { throw HandOverError(.rightDenied, reason: error.reason, key: String(grantID)) }
    }

    /// Stops one access started by ``startAccessing(grantID:)``.
    public func stopAccessing(grantID: Int64) throws(HandOverError) -> Int {
        do { return try catalog.adjustAccessCount(grantID: grantID, by: -1) } catch { throw HandOverError(.rightDenied, reason: error.reason, key: String(grantID)) }
    }

    // MARK: Providers

    /// Registers `appID` as a document provider with a storage root (created, mode 0700) and
    /// the types it holds. The root must pass ``ProviderStorageRoot``'s rules: not empty, not
    /// `/`, not overlapping the catalog's data folder and its app containers.
    public func registerProvider(appID: String, storageRoot: String, contentTypes: [String]) throws(HandOverError) {
        let root = try ProviderStorageRoot.validated(storageRoot, dataFolder: catalog.location.dataFolder)
        try AppContainer.makeFolders(root, trusted: "/")
        do { try catalog.registerProvider(appID: appID, storageRoot: root, contentTypes: contentTypes) } catch { throw HandOverError(error) }
    }

    func providerStorage(_ providerID: String) throws(HandOverError) -> (String, [String]) {
        let found: (storageRoot: String, contentTypes: [String])?
        do { found = try catalog.provider(appID: providerID) } catch { throw HandOverError(error) }
        guard let found else { throw HandOverError(.notAProvider, reason: "not a registered document provider", key: providerID) }
        // A root registered before the rules existed is checked on every use.
        let root = try ProviderStorageRoot.validated(found.storageRoot, dataFolder: catalog.location.dataFolder)
        return (root, found.contentTypes)
    }

    /// A provider grants one file of its storage to a requesting app
    /// (`dismissGrantingAccess(to:)`). A file outside the provider's root — after resolving
    /// symbolic links — is refused.
    public func provider(_ providerID: String, grant path: String, to requesterID: String) throws(HandOverError) -> Grant {
        let (root, _) = try providerStorage(providerID)
        _ = try container(appID: requesterID)
        guard let real = RealPath.resolve(path), let realRoot = RealPath.resolve(root) else {
            throw HandOverError(.notFound, reason: "no such file", path: path)
        }
        guard real.hasPrefix(realRoot + "/") else {
            throw HandOverError(.outsideProviderRoot, reason: "\(real) is outside the provider's storage \(realRoot)", path: path, key: providerID)
        }
        var info = stat()
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw HandOverError(.notRegularFile, reason: "only regular files can be granted", path: path)
        }
        do {
            return try catalog.insertGrant(Grant(
                appID: requesterID, path: real, kind: .provider, rights: [.read], sourceApp: providerID, originalPath: real,
                size: Int64(info.st_size), createdAt: WallClock.now()))
        } catch { throw HandOverError(error) }
    }
}

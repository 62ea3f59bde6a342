public import DocumentCatalog
import Glibc

/// An item in an app's inbox, with its grant.
public struct InboxItem: Sendable {
    /// The file.
    public var path: String
    /// Its name.
    public var name: String
    /// Its size.
    public var size: Int64
    /// `inbox` (open-in, `Documents/Inbox`) or `import` (picker, `tmp/<app>-Inbox`).
    public var location: String
    /// The grant that covers it, if any.
    public var grant: Grant?
}

extension HandOverBroker {
    /// The items of an app's open-in inbox and picker inbox.
    public func inbox(appID: String) throws(HandOverError) -> [InboxItem] {
        let container = try container(appID: appID)
        let grants: [Grant]
        do { grants = try catalog.grants(appID: container.appID) } catch { throw HandOverError(error) }
        var items: [InboxItem] = []
        for (folder, location) in [(container.inbox, "inbox"), (container.pickerInbox, "import")] {
            for name in FolderListing.names(folder) where !name.hasPrefix(".") {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                items.append(InboxItem(path: path, name: name, size: Int64(info.st_size), location: location, grant: grants.first { $0.path == path }))
            }
        }
        return items
    }

    /// The live grant of `appID` on an item of its inbox, found by name or path.
    func inboxGrant(appID: String, item: String) throws(HandOverError) -> (InboxItem, Grant) {
        let items = try inbox(appID: appID)
        guard let found = items.first(where: { $0.name == item || $0.path == item }) else {
            throw HandOverError(.notFound, reason: "no such item in the inbox of \(appID)", path: item)
        }
        guard let grant = found.grant, grant.revokedAt == nil else {
            throw HandOverError(.notGranted, reason: "\(appID) holds no grant on this item", path: found.path)
        }
        return (found, grant)
    }

    /// Reads an inbox item (the grant must allow `read`); at most `limit` bytes.
    public func readInboxItem(appID: String, item: String, limit: Int = 64 << 20) throws(HandOverError) -> [UInt8] {
        let (found, grant) = try inboxGrant(appID: appID, item: item)
        guard grant.allows(.read) else { throw HandOverError(.rightDenied, reason: "the grant does not allow reading", path: found.path) }
        let descriptor = open(found.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw HandOverError(.permissionDenied, reason: String(cString: strerror(errno)), path: found.path, errno: errno) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: Int(min(Int64(limit), max(found.size, 0))))
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            total += count
        }
        return Array(bytes[..<total])
    }

    /// Refuses to write an inbox item in place: an inbox grant never includes `write`. Throws
    /// for inbox items; for owned items (imports, moved out) it returns the path to write.
    public func writableInboxItem(appID: String, item: String) throws(HandOverError) -> String {
        let (found, grant) = try inboxGrant(appID: appID, item: item)
        guard grant.allows(.write) else {
            throw HandOverError(.rightDenied, reason: "an inbox copy may be read and deleted, not written; move it out of the inbox first", path: found.path)
        }
        return found.path
    }

    /// Deletes an inbox item (the grant must allow `delete`) and revokes its grant.
    public func deleteInboxItem(appID: String, item: String) throws(HandOverError) {
        let (found, grant) = try inboxGrant(appID: appID, item: item)
        guard grant.allows(.delete) else { throw HandOverError(.rightDenied, reason: "the grant does not allow deleting", path: found.path) }
        if unlink(found.path) != 0 && errno != ENOENT {
            throw HandOverError(.systemCallFailed, reason: String(cString: strerror(errno)), path: found.path, errno: errno)
        }
        do { try catalog.revokeGrant(id: grant.id, reason: "deleted by \(appID)") } catch { throw HandOverError(error) }
    }

    /// Moves an inbox item out into the app's `Documents/` (taking ownership: the file becomes
    /// writable by the app and the grant an owned one).
    public func moveOutOfInbox(appID: String, item: String) throws(HandOverError) -> Grant {
        let (found, grant) = try inboxGrant(appID: appID, item: item)
        guard grant.allows(.delete) else { throw HandOverError(.rightDenied, reason: "the grant does not allow moving", path: found.path) }
        let container = try container(appID: appID)
        return try transfer.moveGranted(
            found.path, grant: grant, into: container.documents, of: container, kind: .import, rights: [.read, .write, .delete], mode: 0o600)
    }

    /// Removes inbox items older than `age` seconds (all with `nil`) and revokes their grants.
    /// Returns the paths removed.
    public func cleanInbox(appID: String, olderThan age: Double?) throws(HandOverError) -> [String] {
        let now = WallClock.now()
        var removed: [String] = []
        for item in try inbox(appID: appID) {
            let created = item.grant?.createdAt ?? 0
            if let age, now - created < age { continue }
            if unlink(item.path) == 0 || errno == ENOENT {
                removed.append(item.path)
                if let grant = item.grant { _ = try? catalog.revokeGrant(id: grant.id, reason: "inbox clean") }
            }
        }
        return removed
    }
}

public import DocumentCatalog
import ContentSniffing
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
    /// The items of an app's open-in inbox and picker inbox: every regular file in them. A
    /// folder of the container replaced by a symbolic link is refused
    /// (``AppContainer/checkFolder(_:)``), so no call lists, reads or removes files elsewhere.
    public func inbox(appID: String) throws(HandOverError) -> [InboxItem] {
        let container = try container(appID: appID)
        let grants: [Grant]
        do { grants = try catalog.grants(appID: container.appID) } catch { throw HandOverError(error) }
        var items: [InboxItem] = []
        for (folder, location) in [(container.inbox, "inbox"), (container.pickerInbox, "import")] {
            // A folder replaced by a symbolic link is refused: nothing elsewhere is listed or removed.
            guard try container.checkFolder(folder) else { continue }
            // Every regular file, names starting with a dot included: they are delivered and
            // granted like any other.
            for name in FolderListing.names(folder) {
                let path = folder + "/" + name
                var info = stat()
                guard PathBytes.withCString(path, { lstat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
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

    /// Reads a whole inbox item (the grant must allow `read`, and the item must still be the
    /// file delivered: see `InboxItemVerification`).
    ///
    /// - Throws: ``HandOverError`` — `.fileTooLarge` when the item is larger than `limit`
    ///   bytes (use ``readInboxItem(appID:item:to:)`` to stream it); it is never cut short.
    public func readInboxItem(appID: String, item: String, limit: Int = 64 << 20) throws(HandOverError) -> [UInt8] {
        let (found, grant) = try inboxGrant(appID: appID, item: item)
        guard grant.allows(.read) else { throw HandOverError(.rightDenied, reason: "the grant does not allow reading", path: found.path) }
        let (descriptor, size) = try InboxItemVerification.open(found.path, grant: grant)
        defer { close(descriptor) }
        guard size <= Int64(limit) else {
            throw HandOverError(.fileTooLarge, reason: "the item has \(size) bytes, more than the \(limit) asked for", path: found.path, value: String(size))
        }
        var bytes: [UInt8] = []
        try Self.stream(descriptor, path: found.path, expected: size) { chunk throws(HandOverError) in bytes.append(contentsOf: chunk) }
        return bytes
    }

    /// Writes a whole inbox item to `output` (a file descriptor, such as standard output), in
    /// chunks, after the same checks as ``readInboxItem(appID:item:limit:)``.
    ///
    /// - Returns: the number of bytes written.
    @discardableResult
    public func readInboxItem(appID: String, item: String, to output: Int32) throws(HandOverError) -> Int64 {
        let (found, grant) = try inboxGrant(appID: appID, item: item)
        guard grant.allows(.read) else { throw HandOverError(.rightDenied, reason: "the grant does not allow reading", path: found.path) }
        let (descriptor, size) = try InboxItemVerification.open(found.path, grant: grant)
        defer { close(descriptor) }
        var written: Int64 = 0
        try Self.stream(descriptor, path: found.path, expected: size) { chunk throws(HandOverError) in
            var offset = 0
            while offset < chunk.count {
                let count = chunk.withUnsafeBytes { write(output, $0.baseAddress! + offset, $0.count - offset) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw HandOverError(.systemCallFailed, reason: "writing the item: \(String(cString: strerror(errno)))", path: found.path, errno: errno) }
                offset += count
            }
            written += Int64(chunk.count)
        }
        return written
    }

    /// Reads `descriptor` to its end in chunks; throws if it does not hold `expected` bytes.
    private static func stream(
        _ descriptor: Int32, path: String, expected: Int64, _ body: (UnsafeRawBufferPointer) throws(HandOverError) -> Void
    ) throws(HandOverError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw HandOverError(.readFailed, reason: String(cString: strerror(errno)), path: path, errno: errno) }
            if count == 0 { break }
            total += Int64(count)
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
        if total != expected {
            throw HandOverError(.sourceChanged, reason: "read \(total) bytes of \(expected): the item changed while it was read", path: path)
        }
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
        if PathBytes.withCString(found.path, { unlink($0) }) != 0 && errno != ENOENT {
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
        // Only the very file delivered moves, and gets the app's mode (never a linked outside file).
        let (descriptor, _) = try InboxItemVerification.open(found.path, grant: grant)
        close(descriptor)
        return try transfer.moveGranted(
            found.path, grant: grant, into: container.documents, of: container, kind: .import, rights: [.read, .write, .delete], mode: 0o600)
    }

    /// Removes an app's inbox items older than `age` seconds (all with `nil`) and revokes
    /// their grants. Returns the paths removed.
    ///
    /// Policy: an item's age is that of its grant, or, without a grant, of the file's last
    /// change; an item younger than `age` stays. The picker imports in `tmp/<app>-Inbox` are
    /// the app's own copies and are removed only when `includingImports` is set.
    public func cleanInbox(appID: String, olderThan age: Double?, includingImports: Bool = false) throws(HandOverError) -> [String] {
        let now = WallClock.now()
        var removed: [String] = []
        for item in try inbox(appID: appID) where includingImports || item.location == "inbox" {
            if let age {
                var info = stat()
                let modified = PathBytes.withCString(item.path, { lstat($0, &info) }) == 0 ? Double(info.st_mtim.tv_sec) : now
                let created = item.grant?.createdAt ?? modified
                if now - created < age { continue }
            }
            if PathBytes.withCString(item.path, { unlink($0) }) == 0 || errno == ENOENT {
                removed.append(item.path)
                if let grant = item.grant { _ = try? catalog.revokeGrant(id: grant.id, reason: "inbox clean") }
            }
        }
        return removed
    }
}

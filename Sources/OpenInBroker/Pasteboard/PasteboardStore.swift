import ContentSniffing
public import DocumentCatalog
import FileSystemCalls
import Glibc
import UniformTypes

/// Where pasteboards live and how they are written: one private file per board in the
/// `pasteboards/` folder beside the catalog (`general.board`, `named/<name>.board`).
///
/// Policy: the folders are private (mode 0700) and the files too (0600). A write is checked
/// whole against the ``PasteboardLimits`` first, then the new file is written beside the old and
/// renamed over it (``AtomicFileWrite``): a write that fails or is killed leaves the board as
/// it was. Writers take turns through a lock file, so an append never loses another's items.
/// An expired board reads as empty.
///
/// ```swift
/// let store = PasteboardStore(location: catalog.location)
/// try store.write([PasteboardItemData([PasteboardRepresentationData(type: "public.utf8-plain-text", text: "Hi")])], to: .general)
/// let contents = try store.contents(of: .general)
/// ```
public struct PasteboardStore: Sendable {
    /// The `pasteboards` folder.
    public let folder: String
    /// The bounds every board keeps.
    public let limits: PasteboardLimits
    /// The folder that must already be trusted (the catalog's data folder): only folders below it
    /// are created, and they must not be symbolic links.
    let trustedFolder: String
    /// The wall clock, in seconds since 1970 (tests set their own).
    let clock: @Sendable () -> Int64

    /// The system's wall clock, in seconds since 1970.
    public static let systemClock: @Sendable () -> Int64 = { Int64(time(nil)) }

    /// The pasteboards of the catalog at `location`.
    public init(location: CatalogLocation, limits: PasteboardLimits = .standard, clock: @escaping @Sendable () -> Int64 = PasteboardStore.systemClock) {
        folder = location.dataFolder + "/pasteboards"
        trustedFolder = location.dataFolder
        self.limits = limits
        self.clock = clock
    }

    /// The file of a board.
    public func path(of name: PasteboardName) -> String {
        name.isGeneral ? folder + "/general.board" : folder + "/named/" + name.rawValue + ".board"
    }

    /// What a board holds now; an empty board when it was never written, was cleared or expired.
    ///
    /// - Throws: ``HandOverError/Code/pasteboardDamaged`` for a file that is not a board,
    ///   or the error of reading it (`permissionDenied`, `notRegularFile`, `readFailed`).
    ///
    /// Policy: an expired board's bytes do not outlive their expiry on disk either: the first read
    /// after it rewrites the file as an empty board (best effort; the answer is empty regardless).
    public func contents(of name: PasteboardName) throws(HandOverError) -> PasteboardContents {
        let stored = try storedContents(of: name)
        if let expiresAt = stored.expiresAt, expiresAt <= clock() {
            try? emptyExpired(name)
            return .empty(name, changeCount: stored.changeCount)
        }
        return stored
    }

    /// Rewrites an expired board as an empty one, keeping its change count, unless a writer
    /// replaced it meanwhile.
    private func emptyExpired(_ name: PasteboardName) throws(HandOverError) {
        try withLock { () throws(HandOverError) in
            let stored = try storedContents(of: name)
            guard let expiresAt = stored.expiresAt, expiresAt <= clock() else { return }
            let file = PasteboardContents.encodeFile(changeCount: stored.changeCount, writtenAt: stored.writtenAt, expiresAt: nil, isLocalOnly: false, items: [])
            try replaceFile(of: name, with: file)
        }
    }

    /// The board as its file holds it, expired or not.
    func storedContents(of name: PasteboardName) throws(HandOverError) -> PasteboardContents {
        let path = path(of: name)
        let bytes: [UInt8]
        do throws(HandOverError) {
            bytes = try BoundedFileRead.read(path, limit: limits.maximumHeaderBytes + limits.maximumBytes, what: "the pasteboard file")
        } catch where error.code == .notFound {
            return .empty(name)
        } catch where error.code == .fileTooLarge {
            throw HandOverError(.pasteboardDamaged, reason: "the pasteboard file is larger than any board OpenWith writes", path: path)
        }
        return try PasteboardContents.decodeFile(bytes, name: name, path: path, limits: limits)
    }

    /// Writes `items` to a board (replacing its items, or after them with
    /// ``PasteboardWriteOptions/appends``) and returns what the board holds now.
    ///
    /// - Throws: ``HandOverError/Code/invalidPasteboardWrite`` (no items, an empty item, two
    ///   representations of one type in an item, a malformed type, too many items or
    ///   representations, expiry or local-only on a named board),
    ///   ``HandOverError/Code/pasteboardTooLarge`` (over ``PasteboardLimits/maximumBytes``), or
    ///   the failure of the write. In every case the board stays as it was.
    @discardableResult
    public func write(_ items: [PasteboardItemData], to name: PasteboardName, options: PasteboardWriteOptions = PasteboardWriteOptions()) throws(HandOverError) -> PasteboardContents {
        try check(items, for: name, options: options)
        return try withLock { () throws(HandOverError) -> PasteboardContents in
            let previous: PasteboardContents
            do throws(HandOverError) {
                previous = try storedContents(of: name)
            } catch where error.code == .pasteboardDamaged && !options.appends {
                previous = .empty(name)  // a damaged board is replaced whole; an append would lose its items, so it fails
            }
            let now = clock()
            let expired = previous.expiresAt.map { $0 <= now } ?? false
            var kept: [PasteboardItemData] = []
            if options.appends && !expired {
                kept = previous.items.map { item in
                    PasteboardItemData(item.representations.map { PasteboardRepresentationData(type: $0.type, bytes: previous.data(of: $0)) })
                }
            }
            let all = kept + items
            try checkTotals(all, for: name)
            let expiresAt = options.expiresAfter.map { now + max(0, $0) }
            let file = PasteboardContents.encodeFile(
                changeCount: previous.changeCount + 1, writtenAt: now, expiresAt: expiresAt, isLocalOnly: options.isLocalOnly, items: all)
            try replaceFile(of: name, with: file)
            return try PasteboardContents.decodeFile(file, name: name, path: path(of: name), limits: limits)
        }
    }

    /// Empties a board: the general board keeps its change count (one more), a named board's
    /// file is removed. Returns whether the board held items.
    @discardableResult
    public func clear(_ name: PasteboardName) throws(HandOverError) -> Bool {
        try withLock { () throws(HandOverError) -> Bool in
            let previous = (try? storedContents(of: name)) ?? .empty(name)
            let path = path(of: name)
            if name.isGeneral {
                guard HandOverSystemCalls.lstat(path) != nil else { return false }
                let file = PasteboardContents.encodeFile(changeCount: previous.changeCount + 1, writtenAt: clock(), expiresAt: nil, isLocalOnly: false, items: [])
                try replaceFile(of: name, with: file)
            } else {
                guard PathBytes.withCString(path, { unlink($0) }) == 0 else {
                    let code = errno
                    if code == ENOENT { return false }
                    throw HandOverError(HandOverSystemCalls.Failure(call: "unlink", errno: code), "removing the pasteboard", path: path)
                }
            }
            return !previous.isEmpty
        }
    }

    /// The named boards that exist, sorted by name.
    public func namedBoards() -> [PasteboardName] {
        let suffix = ".board"
        return PathBytes.withCString(folder + "/named") { FolderEntries.names(atPath: $0) }
            .map { String(decoding: $0, as: UTF8.self) }
            .filter { $0.hasSuffix(suffix) }
            .compactMap { try? PasteboardName(String($0.dropLast(suffix.count))) }
            .filter { !$0.isGeneral }
            .sorted { $0.rawValue < $1.rawValue }
    }
}

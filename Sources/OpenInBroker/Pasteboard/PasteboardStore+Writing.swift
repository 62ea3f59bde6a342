import ContentSniffing
import FileSystemCalls
import Glibc
import UniformTypes

extension PasteboardStore {
    /// Checks a write before anything is touched (see ``write(_:to:options:)``).
    func check(_ items: [PasteboardItemData], for name: PasteboardName, options: PasteboardWriteOptions) throws(HandOverError) {
        let path = path(of: name)
        if !name.isGeneral && (options.expiresAfter != nil || options.isLocalOnly) {
            let option = options.expiresAfter != nil ? "expiry" : "local-only"
            throw HandOverError(
                .invalidPasteboardWrite, reason: "an option of the general pasteboard only; named pasteboards persist until cleared", key: option,
                value: name.rawValue)
        }
        guard !items.isEmpty else { throw HandOverError(.invalidPasteboardWrite, reason: "nothing to write: no item", path: path) }
        for (index, item) in items.enumerated() {
            guard !item.representations.isEmpty else {
                throw HandOverError(.invalidPasteboardWrite, reason: "item \(index + 1) has no representation", path: path)
            }
            var seen = Set<TypeIdentifier>()
            for representation in item.representations {
                if let problem = TypeIdentifier.syntaxProblem(in: representation.type.rawValue) {
                    throw HandOverError(.invalidPasteboardWrite, reason: "not a type identifier: \(problem)", path: path, key: "type", value: representation.type.rawValue)
                }
                guard seen.insert(representation.type).inserted else {
                    throw HandOverError(
                        .invalidPasteboardWrite, reason: "item \(index + 1) has two representations of \(representation.type); an item holds one of each type",
                        path: path, key: "type", value: representation.type.rawValue)
                }
            }
        }
        try checkTotals(items, for: name)
    }

    /// Checks the counts and bytes of a board's items against the limits.
    func checkTotals(_ items: [PasteboardItemData], for name: PasteboardName) throws(HandOverError) {
        let path = path(of: name)
        guard items.count <= limits.maximumItems else {
            throw HandOverError(.invalidPasteboardWrite, reason: "\(items.count) items, more than the limit of \(limits.maximumItems)", path: path)
        }
        if let crowded = items.firstIndex(where: { $0.representations.count > limits.maximumRepresentations }) {
            throw HandOverError(
                .invalidPasteboardWrite,
                reason: "item \(crowded + 1) has \(items[crowded].representations.count) representations, more than the limit of \(limits.maximumRepresentations)",
                path: path)
        }
        let total = items.reduce(0) { $0 + $1.byteCount }
        guard total <= limits.maximumBytes else {
            throw HandOverError(
                .pasteboardTooLarge, reason: "the items hold \(total) bytes, more than the pasteboard's limit of \(limits.maximumBytes); the board is unchanged",
                path: path, value: String(total))
        }
    }

    /// Replaces a board's file atomically, private to the user.
    func replaceFile(of name: PasteboardName, with file: [UInt8]) throws(HandOverError) {
        let path = path(of: name)
        let failure = file.withUnsafeBytes { bytes -> FileSystemCallError? in
            do throws(FileSystemCallError) { try AtomicFileWrite.write(bytes, to: path, mode: 0o600) } catch { return error }
            return nil
        }
        if let error = failure {
            throw HandOverError(HandOverSystemCalls.Failure(call: error.step.rawValue, errno: error.errno), "writing the pasteboard", path: error.path)
        }
    }

    /// Runs `body` holding the store's lock file, creating the private folders first.
    func withLock<Result>(_ body: () throws(HandOverError) -> Result) throws(HandOverError) -> Result {
        try AppContainer.makeFolders(folder + "/named", trusted: trustedFolder)
        let lockPath = folder + "/.lock"
        var descriptor: Int32 = -1
        repeat {
            descriptor = PathBytes.withCString(lockPath) { Glibc.open($0, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            throw HandOverError(HandOverSystemCalls.Failure(call: "open", errno: errno), "opening the pasteboard lock", path: lockPath)
        }
        defer { HandOverSystemCalls.close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            let code = errno
            guard code == EINTR else { throw HandOverError(HandOverSystemCalls.Failure(call: "flock", errno: code), "locking the pasteboards", path: lockPath) }
        }
        return try body()
    }
}

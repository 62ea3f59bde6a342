import Synchronization

/// libmagic's answer for a file's bytes, as a MIME type.
///
/// Create the sniffer once and share it: it is safe to call from any number of threads at once.
/// A libmagic handle is not thread-safe, so the sniffer keeps a pool of loaded handles and each
/// call works on one no other call holds: calls on several threads run side by side instead of
/// waiting for each other (a scan on all cores did, behind one lock). The pool grows to the most
/// calls made at the same time, each handle loading the database once, and never shrinks.
/// libmagic never sees a path or a file descriptor: ``mimeType(atPath:)`` reads a bounded prefix
/// itself (``readLimit`` bytes) and hands libmagic that buffer.
///
/// ```swift
/// let magic = try MagicSniffer()
/// magic.mimeType(of: pngBytes)          // "image/png"
/// try magic.mimeType(atPath: "/etc/hosts")   // "text/plain"
/// ```
public final class MagicSniffer: Sendable {
    /// The most bytes handed to libmagic per call.
    public let readLimit: Int
    /// The database the handles load (`nil`: the system default).
    private let databasePath: String?
    /// Loaded handles no call is using; a call takes one and gives it back.
    private let idle: Mutex<[MagicCalls.Cookie]>

    /// Opens libmagic and loads its database.
    ///
    /// - Parameters:
    ///   - databasePath: a compiled magic database (`.mgc`); `nil` loads the system default.
    ///   - readLimit: the most bytes libmagic looks at per call (default 64 KiB, at least 1).
    /// - Throws: ``SniffingError`` with code `.magicUnavailable` when libmagic cannot be opened
    ///   or the database cannot be loaded (on Debian and Ubuntu: install `libmagic-mgc`).
    public init(databasePath: String? = nil, readLimit: Int = 64 * 1024) throws(SniffingError) {
        let limit = Swift.max(readLimit, 1)
        let handle = try Self.openHandle(databasePath: databasePath, readLimit: limit)
        self.readLimit = limit
        self.databasePath = databasePath
        self.idle = Mutex([handle])
    }

    deinit {
        idle.withLock { handles in
            for handle in handles { MagicCalls.close(handle) }
        }
    }

    /// A new handle with the database loaded and the read limit set.
    private static func openHandle(databasePath: String?, readLimit: Int) throws(SniffingError) -> MagicCalls.Cookie {
        guard let handle = MagicCalls.open(flags: MagicCalls.defaultFlags) else {
            throw SniffingError(.magicUnavailable, reason: "magic_open failed")
        }
        guard MagicCalls.load(handle, databasePath: databasePath) else {
            let (message, code) = MagicCalls.lastError(handle)
            MagicCalls.close(handle)
            let detail = message.map { " (\($0))" } ?? ""
            throw SniffingError(
                .magicUnavailable, path: databasePath,
                reason: "libmagic could not load its database\(detail); install the libmagic-mgc package",
                errno: code == 0 ? nil : code)
        }
        _ = MagicCalls.setBytesMax(handle, readLimit)
        return handle
    }

    /// How many loaded handles the pool holds while no call is running (for tests).
    package var idleHandleCount: Int { idle.withLock { $0.count } }

    /// libmagic's MIME type for `bytes` (at most ``readLimit`` of them), such as `image/png`,
    /// `text/plain` or `application/octet-stream`; `nil` if libmagic reports an error.
    public func mimeType(of bytes: UnsafeRawBufferPointer) -> String? {
        let window = UnsafeRawBufferPointer(rebasing: bytes[..<Swift.min(bytes.count, readLimit)])
        // A handle of the pool, or a new one when every one is in use; a handle that cannot be
        // made now is a failure of this call (`nil`), as libmagic's own errors are.
        guard let handle = try? idle.withLock({ $0.popLast() }) ?? Self.openHandle(databasePath: databasePath, readLimit: readLimit) else {
            return nil
        }
        defer { idle.withLock { $0.append(handle) } }
        return MagicCalls.describe(handle, window)
    }

    /// libmagic's MIME type for the first ``readLimit`` bytes of the regular file at `path`.
    ///
    /// - Throws: ``SniffingError`` when the file cannot be opened or read (see
    ///   ``FileByteSource``). A file libmagic cannot judge gives `nil`, not an error.
    public func mimeType(atPath path: String) throws(SniffingError) -> String? {
        let source = try FileByteSource(path: path)
        let length = Int(Swift.min(source.size, Int64(readLimit)))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(length, 1), alignment: 1)
        defer { buffer.deallocate() }
        let read = try source.readFully(at: 0, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<length]))
        return mimeType(of: UnsafeRawBufferPointer(rebasing: buffer[..<read]))
    }
}

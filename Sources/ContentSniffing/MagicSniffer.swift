import Synchronization

/// libmagic's answer for a file's bytes, as a MIME type.
///
/// One instance holds one loaded database. A libmagic handle is not thread-safe, so every call
/// takes a lock; create the sniffer once and share it. libmagic never sees a path or a file
/// descriptor: ``mimeType(atPath:)`` reads a bounded prefix itself (``readLimit`` bytes) and
/// hands libmagic that buffer.
///
/// ```swift
/// let magic = try MagicSniffer()
/// magic.mimeType(of: pngBytes)          // "image/png"
/// try magic.mimeType(atPath: "/etc/hosts")   // "text/plain"
/// ```
public final class MagicSniffer: Sendable {
    /// The most bytes handed to libmagic per call.
    public let readLimit: Int
    private let cookie: Mutex<MagicCalls.Cookie>

    /// Opens libmagic and loads its database.
    ///
    /// - Parameters:
    ///   - databasePath: a compiled magic database (`.mgc`); `nil` loads the system default.
    ///   - readLimit: the most bytes libmagic looks at per call (default 64 KiB, at least 1).
    /// - Throws: ``SniffingError`` with code `.magicUnavailable` when libmagic cannot be opened
    ///   or the database cannot be loaded (on Debian and Ubuntu: install `libmagic-mgc`).
    public init(databasePath: String? = nil, readLimit: Int = 64 * 1024) throws(SniffingError) {
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
        let limit = Swift.max(readLimit, 1)
        _ = MagicCalls.setBytesMax(handle, limit)
        self.readLimit = limit
        self.cookie = Mutex(handle)
    }

    deinit {
        cookie.withLock { MagicCalls.close($0) }
    }

    /// libmagic's MIME type for `bytes` (at most ``readLimit`` of them), such as `image/png`,
    /// `text/plain` or `application/octet-stream`; `nil` if libmagic reports an error.
    public func mimeType(of bytes: UnsafeRawBufferPointer) -> String? {
        let window = UnsafeRawBufferPointer(rebasing: bytes[..<Swift.min(bytes.count, readLimit)])
        return cookie.withLock { MagicCalls.describe($0, window) }
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

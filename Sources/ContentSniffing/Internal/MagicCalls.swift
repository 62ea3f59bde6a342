import CMagic

/// Every libmagic call of the module goes through here, so that the C surface is in one place
/// and tests can force failures (DEBUG builds only, through ``forcedFailure``).
///
/// A `magic_t` cookie is not thread-safe: ``MagicSniffer`` hands each of its calls a cookie no
/// other call holds.
enum MagicCalls {
    /// A libmagic handle (`magic_t`). Sendable only so that it can live in ``MagicSniffer``'s
    /// pool: one call at a time uses it.
    struct Cookie: @unchecked Sendable {
        let handle: OpaquePointer
    }

    /// The flags ``MagicSniffer`` opens libmagic with: MIME types only, errors reported, and no
    /// look inside compressed data (libmagic would decompress it) or at ELF details.
    static let defaultFlags: Int32 = MAGIC_MIME_TYPE | MAGIC_ERROR | MAGIC_NO_CHECK_COMPRESS | MAGIC_NO_CHECK_ELF

    /// The flags of a sniffer for text: also none of the checks outside the rules that text
    /// cannot need or that the resolver makes itself (tar, OLE2, CSV, JSON), so that the rules
    /// alone decide what libmagic says, as ``MagicTextPrefilter`` assumes.
    static let textFlags: Int32 = defaultFlags | MAGIC_NO_CHECK_TAR | MAGIC_NO_CHECK_CDF | MAGIC_NO_CHECK_CSV | MAGIC_NO_CHECK_JSON

    /// A libmagic call that tests make fail.
    enum ForcedFailure: Sendable {
        case open, load, buffer
    }

    #if DEBUG
    /// The call to fail in the current task, for tests (DEBUG builds only).
    @TaskLocal static var forcedFailure: ForcedFailure?

    private static func forced(_ failure: ForcedFailure) -> Bool { forcedFailure == failure }
    #else
    @inline(__always) private static func forced(_ failure: ForcedFailure) -> Bool { false }
    #endif

    /// `magic_open(flags)`.
    static func open(flags: Int32) -> Cookie? {
        if forced(.open) { return nil }
        return magic_open(flags).map(Cookie.init(handle:))
    }

    /// `magic_load(cookie, path)`; `nil` loads the default database. Returns whether it worked.
    static func load(_ cookie: Cookie, databasePath: String?) -> Bool {
        if forced(.load) { return false }
        if let databasePath {
            return databasePath.withCString { magic_load(cookie.handle, $0) } == 0
        }
        return magic_load(cookie.handle, nil) == 0
    }

    /// `magic_load_buffers(cookie, buffers, sizes, count)`: compiled databases held in memory,
    /// which must outlive the cookie. Returns whether it worked.
    static func load(_ cookie: Cookie, buffers: [UnsafeMutableRawBufferPointer]) -> Bool {
        if forced(.load) { return false }
        var pointers: [UnsafeMutableRawPointer?] = buffers.map(\.baseAddress)
        var sizes: [Int] = buffers.map(\.count)
        return magic_load_buffers(cookie.handle, &pointers, &sizes, buffers.count) == 0
    }

    /// `magic_getpath(nil, 0)`: the search path of the default database (the `MAGIC`
    /// environment variable, or libmagic's built-in list).
    static func defaultSearchPath() -> String? {
        magic_getpath(nil, 0).map { String(cString: $0) }
    }

    /// `magic_setparam(cookie, MAGIC_PARAM_BYTES_MAX, &value)`: how much of a buffer libmagic
    /// looks at. Returns whether it worked.
    static func setBytesMax(_ cookie: Cookie, _ value: Int) -> Bool {
        var limit = value
        return magic_setparam(cookie.handle, MAGIC_PARAM_BYTES_MAX, &limit) == 0
    }

    /// `magic_buffer(cookie, bytes, count)`, copied into a Swift string; `nil` on failure.
    static func describe(_ cookie: Cookie, _ bytes: UnsafeRawBufferPointer) -> String? {
        if forced(.buffer) { return nil }
        var empty: UInt8 = 0
        let result: UnsafePointer<CChar>? = withUnsafePointer(to: &empty) { fallback in
            magic_buffer(cookie.handle, bytes.baseAddress ?? UnsafeRawPointer(fallback), bytes.count)
        }
        guard let result else { return nil }
        return String(cString: result)
    }

    /// `magic_error(cookie)` and `magic_errno(cookie)`: the last failure, if libmagic recorded one.
    static func lastError(_ cookie: Cookie) -> (message: String?, errno: Int32) {
        let message = magic_error(cookie.handle).map { String(cString: $0) }
        return (message, magic_errno(cookie.handle))
    }

    /// `magic_close(cookie)`.
    static func close(_ cookie: Cookie) {
        magic_close(cookie.handle)
    }
}

/// The error of the ContentSniffing module: only I/O and libmagic set-up fail.
///
/// Detection itself never fails: bytes that match nothing give `nil`, never an error. An error
/// names the file (when there is one), says why, and carries the `errno` value of a failed
/// system call. ``description`` is for people and may change between versions; match on
/// ``code``.
///
/// ```swift
/// do {
///     let source = try FileByteSource(path: "/etc/hosts")
/// } catch where error.code == .notARegularFile {
///     // a directory, a FIFO, a device
/// }
/// ```
public struct SniffingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        private init(_ name: String) { self.name = name }

        /// The file could not be opened (missing, no permission, a symbolic link, ...).
        public static let openFailed = Code("open failed")
        /// The file's status could not be read.
        public static let statusFailed = Code("status failed")
        /// The path names something other than a regular file: a directory, a FIFO, a device.
        public static let notARegularFile = Code("not a regular file")
        /// Reading the file failed.
        public static let readFailed = Code("read failed")
        /// An argument is out of range, for example a negative offset.
        public static let invalidArgument = Code("invalid argument")
        /// libmagic could not be opened, or its database (package `libmagic-mgc`) could not be
        /// loaded.
        public static let magicUnavailable = Code("libmagic unavailable")
        /// A compiled content-magic rule image is damaged, of another version, or not an image
        /// (``MagicRuleSet/init(compiledImage:)``); the reason names the section.
        public static let malformedRuleImage = Code("malformed rule image")

        /// The code's name.
        public var description: String { name }
    }

    /// The kind of failure.
    public var code: Code
    /// The file concerned, if any.
    public var path: String?
    /// Why it failed, in words.
    public var reason: String
    /// The `errno` value of the failed system call, if one failed.
    public var errno: Int32?

    /// Creates an error.
    public init(_ code: Code, path: String? = nil, reason: String, errno: Int32? = nil) {
        self.code = code
        self.path = path
        self.reason = reason
        self.errno = errno
    }

    /// `path: code: reason (errno N)`.
    public var description: String {
        var text = ""
        if let path { text += "\(path): " }
        text += "\(code): \(reason)"
        if let errno { text += " (errno \(errno))" }
        return text
    }
}

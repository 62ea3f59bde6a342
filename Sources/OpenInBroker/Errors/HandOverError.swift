/// The one error type of the hand-over building blocks: a machine-readable ``Code`` plus the
/// path, key and value it concerns, a human reason and, for system calls, the `errno`.
///
/// Policy: every failure is typed. Callers branch on ``code`` (never on ``reason`` or
/// ``description``, which are written for people and may change between releases).
///
/// ```swift
/// do { try AtomicFileCopy().copy(from: source, toFolder: inbox) }
/// catch where error.code == .nameCollisionLimit { … }
/// ```
public struct HandOverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, as an extensible set of named constants (new codes may be added).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The stable identifier of the code, e.g. `"invalidName"`.
        public let rawValue: String

        /// Creates a code from its stable identifier.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The stable identifier.
        public var description: String { rawValue }

        // MARK: File names and file system objects

        /// A file name is empty, `.`/`..`, contains `/`, NUL, a control character or a
        /// bidirectional-override character, or has the shape of an in-flight temporary file.
        public static let invalidName = Code(rawValue: "invalidName")
        /// A file name is longer than `NAME_MAX` (255 bytes of UTF-8).
        public static let nameTooLong = Code(rawValue: "nameTooLong")
        /// A path that must not be a symbolic link is one (`O_NOFOLLOW` refused it).
        public static let symlinkRefused = Code(rawValue: "symlinkRefused")
        /// A source is not a regular file (FIFO, device, socket, directory).
        public static let notRegularFile = Code(rawValue: "notRegularFile")
        /// A destination folder is not a directory.
        public static let notADirectory = Code(rawValue: "notADirectory")
        /// A path does not exist.
        public static let notFound = Code(rawValue: "notFound")
        /// The system refused access (`EACCES`, `EPERM`).
        public static let permissionDenied = Code(rawValue: "permissionDenied")
        /// The source changed while it was copied (size, mtime or ctime moved, or a short read).
        public static let sourceChanged = Code(rawValue: "sourceChanged")
        /// The file system or quota is full (`ENOSPC`, `EDQUOT`).
        public static let noSpace = Code(rawValue: "noSpace")
        /// The file exceeds the file-size limit or the file system's maximum (`EFBIG`).
        public static let fileTooLarge = Code(rawValue: "fileTooLarge")
        /// Every candidate name `name-1 … name-N` was taken.
        public static let nameCollisionLimit = Code(rawValue: "nameCollisionLimit")
        /// A checkpoint closure (test hook) threw; the operation was rolled back.
        public static let checkpointFailed = Code(rawValue: "checkpointFailed")
        /// Any other failing system call; ``HandOverError/errno`` says which error.
        public static let systemCallFailed = Code(rawValue: "systemCallFailed")

        // MARK: Exec lines

        /// An `Exec` value breaks the quoting rules (unterminated quote, unquoted reserved
        /// character, bad escape) or is empty.
        public static let invalidExecLine = Code(rawValue: "invalidExecLine")
        /// An `Exec` value uses an unknown field code, a lone `%`, or a code more than once.
        public static let invalidFieldCode = Code(rawValue: "invalidFieldCode")
        /// A field code other than `%%` appears inside a quoted argument.
        public static let fieldCodeInQuotes = Code(rawValue: "fieldCodeInQuotes")
        /// A double quote in an `Exec` line is never closed.
        public static let unterminatedQuote = Code(rawValue: "unterminatedQuote")
        /// Files were given to an `Exec` line without `%f %F %u %U`, or a non-file URL to `%f`/`%F`.
        public static let filesNotAccepted = Code(rawValue: "filesNotAccepted")
        /// A path cannot be used as given: it contains NUL (which C would silently cut), or a
        /// file given for `Exec` expansion is not absolute.
        public static let invalidPath = Code(rawValue: "invalidPath")

        // MARK: URLs

        /// The URL is longer than the validator's limit.
        public static let urlTooLong = Code(rawValue: "urlTooLong")
        /// The scheme is missing or breaks `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
        public static let invalidScheme = Code(rawValue: "invalidScheme")
        /// The scheme is valid but not in the validator's allow-list.
        public static let schemeNotAllowed = Code(rawValue: "schemeNotAllowed")
        /// A space, or a character not allowed in that URL component.
        public static let invalidCharacter = Code(rawValue: "invalidCharacter")
        /// A raw control character (U+0000–U+001F, U+007F).
        public static let controlCharacter = Code(rawValue: "controlCharacter")
        /// A raw non-ASCII character (it must be percent-encoded).
        public static let nonASCII = Code(rawValue: "nonASCII")
        /// `%` not followed by two hexadecimal digits.
        public static let invalidPercentEncoding = Code(rawValue: "invalidPercentEncoding")
        /// `%00` anywhere in the URL.
        public static let encodedNul = Code(rawValue: "encodedNul")
        /// `%01`–`%1F` or `%7F` anywhere in the URL.
        public static let encodedControlCharacter = Code(rawValue: "encodedControlCharacter")
        /// `%2F` or `%5C` inside a path segment.
        public static let encodedPathSeparator = Code(rawValue: "encodedPathSeparator")
        /// A `.` or `..` path segment, literal or percent-encoded.
        public static let pathTraversal = Code(rawValue: "pathTraversal")
        /// The authority (userinfo, host, port) is malformed.
        public static let invalidAuthority = Code(rawValue: "invalidAuthority")
        /// The query has an empty item, an empty name, or more than one `=` in an item.
        public static let invalidQuery = Code(rawValue: "invalidQuery")
        /// Percent-decoded bytes are not valid UTF-8.
        public static let invalidUTF8 = Code(rawValue: "invalidUTF8")

        // MARK: Signatures

        /// The HMAC key is shorter than 128 bits.
        public static let weakKey = Code(rawValue: "weakKey")
        /// The source app identifier is empty or contains control characters.
        public static let invalidSourceApp = Code(rawValue: "invalidSourceApp")
        /// No `sig` query item.
        public static let signatureMissing = Code(rawValue: "signatureMissing")
        /// More than one `sig` (or `ts`) query item, or one already present when signing.
        public static let signatureDuplicate = Code(rawValue: "signatureDuplicate")
        /// `sig` is not 64 lowercase hexadecimal digits.
        public static let signatureMalformed = Code(rawValue: "signatureMalformed")
        /// The signature does not authenticate the request (tampered or wrong key).
        public static let signatureMismatch = Code(rawValue: "signatureMismatch")
        /// No `ts` query item.
        public static let timestampMissing = Code(rawValue: "timestampMissing")
        /// `ts` is not a decimal number of seconds.
        public static let timestampMalformed = Code(rawValue: "timestampMalformed")
        /// `ts` is further from the clock than the allowed skew (stale or replayed request).
        public static let timestampOutOfRange = Code(rawValue: "timestampOutOfRange")

        // MARK: Previews

        /// Reading a file for a preview failed.
        public static let readFailed = Code(rawValue: "readFailed")
    }

    /// What went wrong.
    public var code: Code
    /// The file system path concerned, if any.
    public var path: String?
    /// The setting, desktop-entry key or URL component concerned, if any (e.g. `"Exec"`).
    public var key: String?
    /// The offending value, if any (a name, an argument, a URL).
    public var value: String?
    /// A human explanation; not stable, not for branching.
    public var reason: String
    /// The `errno` reported by the failing system call, if any.
    public var errno: Int32?

    /// Creates an error; only ``code`` and ``reason`` are required.
    public init(
        _ code: Code, reason: String, path: String? = nil, key: String? = nil,
        value: String? = nil, errno: Int32? = nil
    ) {
        self.code = code
        self.reason = reason
        self.path = path
        self.key = key
        self.value = value
        self.errno = errno
    }

    /// A one-line human description: code, reason, then the known details. Not stable.
    public var description: String {
        var text = "\(code): \(reason)"
        if let path { text += " [path: \(path)]" }
        if let key { text += " [key: \(key)]" }
        if let value { text += " [value: \(HandOverError.escaped(value))]" }
        if let errno { text += " [errno \(errno): \(HandOverSystemCalls.errorMessage(errno))]" }
        return text
    }

    /// `value` with control characters shown as `\u{…}` so a description stays one line.
    static func escaped(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if out.utf8.count > 300 { out = String(out.prefix(300)) + "…" }
        return out
    }
}

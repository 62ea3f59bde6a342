/// An error of the catalog: it cannot be opened, it is not a catalog, it is from a newer
/// version, a write failed, or an import was refused.
///
/// Every error names the catalog file or the imported file, and the key or value at fault.
/// ``description`` is for people and may change; match on ``code``.
public struct CatalogError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        private init(_ name: String) { self.name = name }

        /// The catalog file could not be opened or created (permissions, missing folder, read-only).
        public static let cannotOpen = Code("cannot open catalog")
        /// The file exists but is not an SQLite database, or is damaged.
        public static let notACatalog = Code("not a catalog")
        /// The file is there but has lost its contents (it is empty): every app, default and
        /// grant it held is gone. It is left as it was, for the user to move aside or restore.
        public static let damaged = Code("damaged catalog")
        /// The catalog was written by a newer version of OpenWith (unknown migrations).
        public static let newerSchema = Code("newer catalog schema")
        /// A read or write failed.
        public static let databaseFailure = Code("database failure")
        /// An imported file was refused as a whole (unreadable, malformed).
        public static let importRefused = Code("import refused")
        /// An app, type or default that the request names does not exist.
        public static let notFound = Code("not found")
        /// The request contradicts the catalog (a default for an app that does not claim the type).
        public static let invalidRequest = Code("invalid request")
        /// A `mimeapps.list` a default is written to cannot be read, parsed or written; it was
        /// left as it was, and so was the catalog.
        public static let mimeAppsListRefused = Code("mimeapps.list refused")

        public var description: String { name }
    }

    /// The kind of failure.
    public var code: Code
    /// The file concerned: the catalog or an imported file.
    public var path: String?
    /// The key or value at fault, if any.
    public var key: String?
    /// Why, in words.
    public var reason: String
    /// The underlying error, if any.
    public var underlying: (any Error & Sendable)?

    /// Creates an error.
    public init(_ code: Code, path: String? = nil, key: String? = nil, reason: String, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.path = path
        self.key = key
        self.reason = reason
        self.underlying = underlying
    }

    public var description: String {
        var text = "\(code)"
        if let path { text += ": \(path)" }
        if let key { text += ": \(key)" }
        return text + ": \(reason)"
    }
}

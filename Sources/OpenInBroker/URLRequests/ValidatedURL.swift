/// A URL that passed ``URLRequestValidator``: its components, still percent-encoded where
/// they were, and its query parsed into ordered items.
///
/// Policy: nothing is normalised except the scheme, which is lower-cased (schemes are
/// case-insensitive); the other components are kept byte for byte so a signature computed
/// over them (``RequestSignature``) sees exactly what the sender wrote.
public struct ValidatedURL: Sendable, Hashable, Codable {
    /// One `name=value` item of the query, in the order it appeared.
    public struct QueryItem: Sendable, Hashable, Codable {
        /// The percent-decoded name (valid UTF-8, never empty).
        public var name: String
        /// The percent-decoded value; `nil` when the item had no `=`.
        public var value: String?
        /// The name as written (percent-encoded).
        public var encodedName: String
        /// The value as written (percent-encoded); `nil` when the item had no `=`.
        public var encodedValue: String?

        /// Creates an item.
        public init(name: String, value: String?, encodedName: String, encodedValue: String?) {
            self.name = name
            self.value = value
            self.encodedName = encodedName
            self.encodedValue = encodedValue
        }

        /// The item as written: `encodedName` or `encodedName=encodedValue`.
        public var encoded: String { encodedValue.map { encodedName + "=" + $0 } ?? encodedName }
    }

    /// The scheme, lower-cased (`myapp`).
    public var scheme: String
    /// The authority after `//` (`user@host:port`, possibly empty), or `nil` without `//`.
    public var authority: String?
    /// The path as written (percent-encoded), possibly empty.
    public var path: String
    /// The query as written, without `?`; `nil` when there is no `?`.
    public var query: String?
    /// The query's items in order; duplicates are kept.
    public var queryItems: [QueryItem]
    /// Names that occur more than once in the query, in order of their second occurrence.
    public var duplicateQueryNames: [String]
    /// The fragment as written, without `#`; `nil` when there is no `#`.
    public var fragment: String?

    /// Creates a validated URL from its parts (no validation: use ``URLRequestValidator``).
    public init(
        scheme: String, authority: String?, path: String, query: String?, queryItems: [QueryItem],
        duplicateQueryNames: [String], fragment: String?
    ) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.queryItems = queryItems
        self.duplicateQueryNames = duplicateQueryNames
        self.fragment = fragment
    }

    /// The URL reassembled, with the scheme lower-cased.
    public var string: String {
        var text = scheme + ":"
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }

    /// The decoded values of the items called `name`, in order.
    public func values(named name: String) -> [String?] {
        queryItems.filter { $0.name == name }.map(\.value)
    }
}

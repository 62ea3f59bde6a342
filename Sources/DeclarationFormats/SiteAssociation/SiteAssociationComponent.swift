/// One entry of `components` in an `apple-app-site-association` detail: patterns for the path
/// (`/`), the query (`?`, the whole query or named items) and the fragment (`#`), and whether a
/// match excludes the URL (`exclude`).
///
/// Policy (Apple's, as documented for `components`):
/// - a missing `/`, `?` or `#` matches anything;
/// - URL parts are percent-decoded before they are compared; so are the patterns, unless
///   `percentEncoded` is `false`, in which case the patterns are compared as written with the
///   decoded URL;
/// - `?` as a dictionary requires every named query item to be present with a value the pattern
///   matches; an absent item matches only the pattern `*`;
/// - `caseSensitive` (default `true`) applies to every pattern of the component.
public struct SiteAssociationComponent: Sendable, Equatable {
    /// The query pattern: the whole query, or patterns per query item.
    public enum QueryPattern: Sendable, Equatable {
        /// A pattern for the whole query (without `?`).
        case whole(SiteAssociationPattern)
        /// Patterns for named query items, each required.
        case items([QueryItemPattern])
    }

    /// A named query item's pattern.
    public struct QueryItemPattern: Sendable, Equatable {
        /// The item's name.
        public var name: String
        /// The pattern its value must match.
        public var pattern: SiteAssociationPattern
    }

    /// The component's position in its detail (0-based), for explanations.
    public var index: Int
    /// The path pattern (`/`), or `nil` for any path.
    public var path: SiteAssociationPattern?
    /// The query pattern (`?`), or `nil` for any query.
    public var query: QueryPattern?
    /// The fragment pattern (`#`), or `nil` for any fragment.
    public var fragment: SiteAssociationPattern?
    /// Whether a URL this component matches is excluded (`exclude`).
    public var excludes: Bool
    /// The component's `comment`, if any.
    public var comment: String?

    /// Creates a component.
    public init(index: Int, path: SiteAssociationPattern? = nil, query: QueryPattern? = nil, fragment: SiteAssociationPattern? = nil, excludes: Bool = false, comment: String? = nil) {
        self.index = index
        self.path = path
        self.query = query
        self.fragment = fragment
        self.excludes = excludes
        self.comment = comment
    }

    /// Whether the component matches a URL's path, query (without `?`, `nil` when absent) and
    /// fragment (without `#`), all as they appear in the URL (still percent-encoded).
    public func matches(path urlPath: String, query urlQuery: String?, fragment urlFragment: String?) -> Bool {
        if let path, !path.matches(PercentDecoding.decoded(urlPath.isEmpty ? "/" : urlPath)) { return false }
        if let fragment, !fragment.matches(PercentDecoding.decoded(urlFragment ?? "")) { return false }
        switch query {
        case nil: return true
        case .whole(let pattern): return pattern.matches(PercentDecoding.decoded(urlQuery ?? ""))
        case .items(let patterns):
            let items = Self.queryItems(urlQuery ?? "")
            return patterns.allSatisfy { expected in
                guard let value = items.first(where: { $0.name == expected.name })?.value else { return expected.pattern.text == "*" }
                return expected.pattern.matches(value)
            }
        }
    }

    /// A readable summary: `/items/* ?id=* #top exclude`.
    public var summary: String {
        var parts: [String] = ["/: " + (path?.text ?? "*")]
        switch query {
        case .whole(let pattern): parts.append("?: " + pattern.text)
        case .items(let items): parts.append("?: " + items.map { "\($0.name)=\($0.pattern.text)" }.joined(separator: "&"))
        case nil: break
        }
        if let fragment { parts.append("#: " + fragment.text) }
        if excludes { parts.append("exclude") }
        return parts.joined(separator: " ")
    }

    /// The query's items, names and values percent-decoded.
    static func queryItems(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (PercentDecoding.decoded(String(parts[0])), parts.count > 1 ? PercentDecoding.decoded(String(parts[1])) : "")
        }
    }
}

/// Percent-decoding of URL parts for pattern matching: `%XX` becomes its byte, other bytes
/// stay; bytes that do not form UTF-8 become U+FFFD.
enum PercentDecoding {
    static func decoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2, let high = hexValue(iterator[iterator.startIndex]), let low = hexValue(iterator[iterator.startIndex + 1]) {
                bytes.append(high << 4 | low)
                iterator.removeFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

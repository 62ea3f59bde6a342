/// A pattern of an `apple-app-site-association` component: `*` matches any run of characters
/// (none included), `?` exactly one character, and every other character itself.
///
/// Matching compares Unicode scalars, optionally ignoring case, in O(pattern × text) steps at
/// worst (the classic backtracking to the last `*`), so a hostile pattern costs bounded time.
///
/// ```swift
/// SiteAssociationPattern("/items/*").matches("/items/42")            // true
/// SiteAssociationPattern("/a?c", caseSensitive: false).matches("/ABC") // true
/// ```
public struct SiteAssociationPattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    public var text: String
    /// Whether letters must match in case.
    public var caseSensitive: Bool

    /// A pattern.
    public init(_ text: String, caseSensitive: Bool = true) {
        self.text = text
        self.caseSensitive = caseSensitive
    }

    /// The pattern as written.
    public var description: String { text }

    /// Whether the pattern matches the whole of `candidate`.
    public func matches(_ candidate: String) -> Bool {
        if text == "*" { return true }
        let pattern = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
        let value = Array((caseSensitive ? candidate : candidate.lowercased()).unicodeScalars)
        var p = 0, v = 0
        var star = -1, resume = 0
        while v < value.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == value[v] && pattern[p] != "*" {
                p += 1
                v += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = v
                p += 1
            } else if star >= 0 {
                p = star + 1
                resume += 1
                v = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

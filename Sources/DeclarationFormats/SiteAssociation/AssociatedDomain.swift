/// One domain an app claims for universal links: an `applinks:` entry of the
/// `com.apple.developer.associated-domains` entitlement (`applinks:example.com`,
/// `applinks:*.example.com`), or a domain of the desktop-entry key
/// `X-OpenWith-Associated-Domains=example.com;*.example.com;`.
///
/// Policy:
/// - the host is compared in lower case; it must be a DNS name of letters, digits and `-`
///   between dots (at most 253 characters, labels of 1 to 63), with at least two labels;
/// - a leading `*.` claims every subdomain (`shop.example.com`, `a.b.example.com`) but not the
///   domain itself, as on Apple's systems; a `*` anywhere else is refused;
/// - Apple's `?mode=developer` and `?mode=managed` suffixes are accepted and dropped (there is
///   no developer or managed mode here); a port, a path or an IP address is refused.
///
/// ```swift
/// let domain = try AssociatedDomain(entitlement: "applinks:*.example.com")
/// domain.matches(host: "shop.example.com") // true
/// domain.matches(host: "example.com")      // false
/// ```
public struct AssociatedDomain: Sendable, Hashable, CustomStringConvertible {
    /// The domain, lower case, without the wildcard (`example.com` for `*.example.com`).
    public var host: String
    /// Whether the entry claims the subdomains of ``host`` (`*.`) rather than ``host`` itself.
    public var coversSubdomains: Bool

    /// The service prefix of universal links in the entitlement.
    public static let service = "applinks"

    /// A domain, checked.
    ///
    /// - Throws: ``AssociatedDomainSyntaxError`` naming the entry and the reason.
    public init(domain text: String) throws(AssociatedDomainSyntaxError) {
        var name = Substring(text)
        if let question = name.firstIndex(of: "?") {
            let mode = name[name.index(after: question)...]
            guard mode == "mode=developer" || mode == "mode=managed" || mode == "mode=developer+managed" else {
                throw AssociatedDomainSyntaxError(entry: text, reason: "only ?mode=developer or ?mode=managed may follow the domain")
            }
            name = name[..<question]
        }
        var wildcard = false
        if name.hasPrefix("*.") {
            wildcard = true
            name = name.dropFirst(2)
        }
        let host = String(name).lowercased()
        if let problem = Self.problem(inHost: host) { throw AssociatedDomainSyntaxError(entry: text, reason: problem) }
        self.host = host
        self.coversSubdomains = wildcard
    }

    /// An entitlement entry; only the `applinks:` service concerns universal links.
    ///
    /// - Returns: `nil` for another service (`webcredentials:`, `activitycontinuation:`).
    /// - Throws: ``AssociatedDomainSyntaxError`` when an `applinks:` entry names no valid domain,
    ///   or the entry has no service prefix.
    public init?(entitlement text: String) throws(AssociatedDomainSyntaxError) {
        guard let colon = text.firstIndex(of: ":") else {
            throw AssociatedDomainSyntaxError(entry: text, reason: "an entry is service:domain, such as applinks:example.com")
        }
        guard text[..<colon] == Self.service else { return nil }
        do { try self.init(domain: String(text[text.index(after: colon)...])) } catch {
            throw AssociatedDomainSyntaxError(entry: text, reason: error.reason)
        }
    }

    /// Whether a URL's host is covered: equal to ``host``, or, with ``coversSubdomains``, one of
    /// its subdomains (compared ignoring ASCII case).
    public func matches(host other: String) -> Bool {
        let candidate = other.lowercased()
        guard coversSubdomains else { return candidate == host }
        return candidate.count > host.count + 1 && candidate.hasSuffix("." + host)
    }

    /// `example.com` or `*.example.com`.
    public var description: String { coversSubdomains ? "*." + host : host }

    /// Why `host` (lower case) is not a DNS name an app may claim, or `nil`.
    static func problem(inHost host: String) -> String? {
        if host.isEmpty { return "the domain is empty" }
        if host.utf8.count > 253 { return "the domain is longer than 253 characters" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count < 2 { return "'\(host)' is not a domain of at least two labels" }
        for label in labels {
            if label.isEmpty { return "the domain has an empty label" }
            if label.utf8.count > 63 { return "a label is longer than 63 characters" }
            for byte in label.utf8 where !(byte >= 0x61 && byte <= 0x7A) && !(byte >= 0x30 && byte <= 0x39) && byte != 0x2D {
                if byte == 0x2A { return "'*' is allowed only as a leading '*.'" }
                if byte == 0x3A || byte == 0x2F { return "a port or a path may not follow the domain" }
                return "'\(host)' holds a character other than letters, digits, '-' and '.'"
            }
            if label.hasPrefix("-") || label.hasSuffix("-") { return "a label may not begin or end with '-'" }
        }
        if labels.allSatisfy({ $0.allSatisfy(\.isNumber) }) { return "an IP address cannot confirm an association" }
        return nil
    }
}

/// An associated-domain entry that names no usable domain: the entry as written and why.
public struct AssociatedDomainSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The entry as written.
    public var entry: String
    /// Why it was refused, for people.
    public var reason: String

    /// `'entry': reason`.
    public var description: String { "'\(entry)': \(reason)" }
}

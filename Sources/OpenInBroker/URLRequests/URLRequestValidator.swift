/// Checks a URL string strictly before it is routed to a handler, and splits it into parts.
///
/// Policy (RFC 3986 syntax, plus refusals that keep handlers safe):
/// - At most ``maximumLength`` bytes (8 KiB by default): ``HandOverError/Code/urlTooLong``.
/// - Only printable ASCII: a raw space is `invalidCharacter`, a raw control character is
///   `controlCharacter`, anything beyond ASCII is `nonASCII` (it must be percent-encoded).
/// - `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, at most 64 characters, then `:`;
///   the scheme is lower-cased; with ``allowedSchemes`` set, others are `schemeNotAllowed`.
/// - Each component uses only its RFC 3986 characters: authority = `[userinfo "@"] host
///   [":" port]` (host a registered name or a bracketed IP literal, port up to 65535), path =
///   pchar and `/`, query and fragment = pchar, `/` and `?`.
/// - Percent-encoding is `%` plus two hexadecimal digits; `%00` is `encodedNul`, `%01`–`%1F`
///   and `%7F` are `encodedControlCharacter`, in every component.
/// - In the path, `%2F` and `%5C` (encoded `/` and `\`) are `encodedPathSeparator`, and a `.`
///   or `..` segment, literal or encoded (`%2e%2e`), is `pathTraversal`: a handler that maps
///   the path onto files can never be walked out of its folder.
/// - The query is split on `&` into items, each split on its one `=` (a second `=` must be
///   written `%3D`); empty items and empty names are `invalidQuery`; names and values are
///   percent-decoded and must be UTF-8 (`invalidUTF8`); `+` stays a plus (RFC 3986, not
///   HTML forms). Duplicate names are allowed and listed in
///   ``ValidatedURL/duplicateQueryNames``.
///
/// ```swift
/// let url = try URLRequestValidator().validate("MyApp://open/doc?id=42&mode=view")
/// url.scheme           // "myapp"
/// url.queryItems[0]    // name "id", value "42"
/// ```
public struct URLRequestValidator: Sendable {
    /// The longest accepted URL, in bytes.
    public var maximumLength: Int
    /// Lower-cased schemes that may be routed; `nil` accepts every well-formed scheme.
    public var allowedSchemes: Set<String>?

    /// Creates a validator.
    ///
    /// - Parameters:
    ///   - maximumLength: the longest accepted URL in bytes (8 KiB by default).
    ///   - allowedSchemes: schemes to accept (compared lower-cased), or `nil` for any.
    public init(maximumLength: Int = 8 * 1024, allowedSchemes: Set<String>? = nil) {
        self.maximumLength = maximumLength
        self.allowedSchemes = allowedSchemes.map { Set($0.map { $0.lowercased() }) }
    }

    /// Validates `string` and returns its parts.
    ///
    /// - Throws: ``HandOverError`` with the code of the first rule broken; `key` names the
    ///   component (`scheme`, `authority`, `path`, `query`, `fragment`, or `url`), `value` the
    ///   offending text.
    public func validate(_ string: String) throws(HandOverError) -> ValidatedURL {
        let bytes = Array(string.utf8)
        guard bytes.count <= maximumLength else {
            throw HandOverError(
                .urlTooLong, reason: "the URL has \(bytes.count) bytes; the limit is \(maximumLength)",
                key: "url", value: String(string.prefix(64)) + "…")
        }
        for (offset, scalar) in string.unicodeScalars.enumerated() {
            if scalar.value > 0x7F {
                throw HandOverError(
                    .nonASCII, reason: "non-ASCII character at position \(offset); percent-encode it",
                    key: "url", value: String(scalar))
            }
            if scalar.value < 0x20 || scalar.value == 0x7F {
                throw HandOverError(
                    .controlCharacter, reason: "control character at position \(offset)", key: "url",
                    value: String(scalar))
            }
            if scalar == " " {
                throw HandOverError(
                    .invalidCharacter, reason: "space at position \(offset); percent-encode it as %20",
                    key: "url", value: " ")
            }
        }
        return try Parser(bytes: bytes, allowedSchemes: allowedSchemes).parse()
    }
}

public import DeclarationFormats

/// The rules an association file's HTTP answer must pass, and how long what it says holds.
///
/// Policy, in order (the first rule broken refuses the file):
/// 1. a redirect (3xx) is refused, naming where it pointed: the file must be served by the
///    domain itself, at the requested URL;
/// 2. any status but 200 is refused (404 lets the fetcher try the next location first);
/// 3. the `Content-Type` must be `application/json` (parameters such as `charset` allowed);
/// 4. the body must be at most 128 KiB and a well-formed association (``SiteAssociation``).
///
/// Validity: `Cache-Control: max-age` when given, kept between one hour and seven days
/// (`no-store`/`no-cache` count as one hour); otherwise one day. A refusal holds for one hour,
/// so routing does not ask the domain again on every URL.
public enum AssociationFileCheck {
    /// How long an accepted file holds when the answer says nothing: one day, in seconds.
    public static let defaultValidity: Double = 86_400
    /// The shortest validity: one hour.
    public static let minimumValidity: Double = 3_600
    /// The longest validity: seven days.
    public static let maximumValidity: Double = 7 * 86_400
    /// How long a refusal holds: one hour.
    public static let refusalValidity: Double = 3_600

    /// The outcome of checking one answer.
    public enum Outcome: Sendable, Equatable {
        /// Accepted: the file, what it says, and for how many seconds it holds.
        case accepted(content: [UInt8], association: SiteAssociation, validity: Double)
        /// Refused, with the reason.
        case refused(String)
        /// Not there (404): the next location may be tried.
        case notFound
    }

    /// Checks `response`, the answer for `url`.
    public static func check(_ response: HTTPResponse, url: String) -> Outcome {
        if (300...399).contains(response.status) {
            let target = response.header("location").map { " to \($0)" } ?? ""
            return .refused("\(url) answered with a redirect (HTTP \(response.status))\(target); an association file must be served directly")
        }
        if response.status == 404 { return .notFound }
        guard response.status == 200 else { return .refused("\(url) answered HTTP \(response.status)") }
        guard let type = response.header("content-type") else { return .refused("\(url) was served without a Content-Type; application/json is required") }
        let essence = type.prefix { $0 != ";" }.trimmingCharacters(" \t").lowercased()
        guard essence == "application/json" else { return .refused("\(url) was served as '\(essence)', not application/json") }
        guard response.body.count <= SiteAssociation.maximumSize else {
            return .refused("\(url) is \(response.body.count) bytes, over the limit of 128 KiB")
        }
        do {
            let association = try SiteAssociation.parse(response.body, source: url)
            return .accepted(content: response.body, association: association, validity: validity(cacheControl: response.header("cache-control")))
        } catch {
            return .refused(error.description)
        }
    }

    /// Seconds a file holds under a `Cache-Control` value (see the policy above).
    public static func validity(cacheControl: String?) -> Double {
        guard let cacheControl else { return defaultValidity }
        for directive in cacheControl.lowercased().split(separator: ",") {
            let text = directive.trimmingCharacters(" \t")
            if text == "no-store" || text == "no-cache" { return minimumValidity }
            if text.hasPrefix("max-age="), let seconds = Double(text.dropFirst("max-age=".count)) {
                return min(max(seconds, minimumValidity), maximumValidity)
            }
        }
        return defaultValidity
    }
}

extension StringProtocol {
    /// The text without leading and trailing characters of `blanks`.
    fileprivate func trimmingCharacters(_ blanks: String) -> String {
        String(drop { blanks.contains($0) }.reversed().drop { blanks.contains($0) }.reversed())
    }
}

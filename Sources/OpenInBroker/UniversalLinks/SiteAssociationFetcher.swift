public import DocumentCatalog

/// Fetches a domain's `apple-app-site-association` file and judges it.
///
/// Policy: the well-known location first, the domain root only when the well-known location
/// answers 404 (see ``AssociationFileOrigin``); every answer is checked by
/// ``AssociationFileCheck``. The result is a record to store — the file, or why it was refused —
/// or, when the network failed (name, connection, time), ``Fetch/unreachable(_:)``, which
/// leaves whatever the catalog held as it was.
///
/// ```swift
/// let fetch = SiteAssociationFetcher().fetch(domain: "example.com", now: WallClock.now())
/// ```
public struct SiteAssociationFetcher: Sendable {
    /// The result of one fetch.
    public enum Fetch: Sendable, Equatable {
        /// The domain answered: the record to store (accepted or refused).
        case answered(SiteAssociationRecord)
        /// The network failed; nothing is known about the file.
        case unreachable(String)
    }

    /// Where files are fetched from.
    public var origin: AssociationFileOrigin
    /// How a file is downloaded.
    public var download: AssociationFileDownload

    /// A fetcher (the domain over HTTPS, with `curl`, unless told otherwise).
    public init(origin: AssociationFileOrigin = .https, download: AssociationFileDownload = AssociationFileDownload()) {
        self.origin = origin
        self.download = download
    }

    /// Fetches and judges `domain`'s file at time `now` (seconds since 1970).
    public func fetch(domain: String, now: Double) -> Fetch {
        var tried: [String] = []
        for path in AssociationFileOrigin.paths {
            let url = origin.url(domain: domain, path: path)
            let host: String? = if case .loopback = origin { domain } else { nil }
            let response: HTTPResponse
            switch download.get(url, host: host, plainHTTP: host != nil) {
            case .success(let answer): response = answer
            case .failure(let unavailable):
                if unavailable.isRefusal { return .answered(refusal(domain, url, "\(url): \(unavailable.reason)", now)) }
                return .unreachable("\(url): \(unavailable.reason)")
            }
            switch AssociationFileCheck.check(response, url: url) {
            case .accepted(let content, _, let validity):
                return .answered(SiteAssociationRecord(domain: domain, origin: .https, source: url, checkedAt: now, validUntil: now + validity, content: content, refusal: nil))
            case .refused(let reason): return .answered(refusal(domain, url, reason, now))
            case .notFound: tried.append(url)
            }
        }
        return .answered(refusal(domain, tried.first ?? domain, "no association file: \(tried.joined(separator: " and ")) answered 404", now))
    }

    private func refusal(_ domain: String, _ url: String, _ reason: String, _ now: Double) -> SiteAssociationRecord {
        SiteAssociationRecord(domain: domain, origin: .https, source: url, checkedAt: now, validUntil: now + AssociationFileCheck.refusalValidity, content: nil, refusal: reason)
    }
}

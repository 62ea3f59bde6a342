public import DeclarationFormats
public import DocumentCatalog

extension HandOverBroker {
    /// Confirms `domain`'s association from a local copy of its `apple-app-site-association`
    /// file (which then holds until it is replaced or removed).
    ///
    /// Policy: the file must be a regular file of at most 128 KiB and a well-formed association;
    /// otherwise the refusal is stored in its place (the domain keeps no association, and says
    /// why) and thrown.
    ///
    /// - Throws: ``HandOverError`` — `.invalidDomain`; `.associationRefused` naming the file and
    ///   the reason; the file's read errors (`notFound`, `permissionDenied` …), which store nothing.
    @discardableResult
    public func associate(domain: String, file path: String) throws(HandOverError) -> SiteAssociationRecord {
        let host = try Self.checkedDomain(domain)
        let now = WallClock.now()
        let bytes: [UInt8]
        do { bytes = try BoundedFileRead.read(path, limit: SiteAssociation.maximumSize, what: "the association file") } catch where error.code == .fileTooLarge {
            throw try refuse(SiteAssociationRecord(domain: host, origin: .file, source: path, checkedAt: now, validUntil: nil, content: nil, refusal: error.reason))
        }
        do { _ = try SiteAssociation.parse(bytes, source: path) } catch {
            throw try refuse(SiteAssociationRecord(domain: host, origin: .file, source: path, checkedAt: now, validUntil: nil, content: nil, refusal: error.description))
        }
        let record = SiteAssociationRecord(domain: host, origin: .file, source: path, checkedAt: now, validUntil: nil, content: bytes, refusal: nil)
        do { try catalog.recordSiteAssociation(record) } catch { throw HandOverError(error) }
        return record
    }

    /// Fetches `domain`'s association file with `fetcher` and stores what it says (see
    /// ``SiteAssociationFetcher`` and ``AssociationFileCheck`` for the rules).
    ///
    /// - Throws: ``HandOverError`` — `.invalidDomain`; `.associationRefused` (the refusal is
    ///   stored: the domain keeps no association); `.associationUnreachable` (nothing changes).
    @discardableResult
    public func associate(domain: String, fetcher: SiteAssociationFetcher) throws(HandOverError) -> SiteAssociationRecord {
        let host = try Self.checkedDomain(domain)
        switch fetcher.fetch(domain: host, now: WallClock.now()) {
        case .unreachable(let reason):
            throw HandOverError(.associationUnreachable, reason: reason, key: "domain", value: host)
        case .answered(let record) where record.refusal != nil:
            throw try refuse(record)
        case .answered(let record):
            do { try catalog.recordSiteAssociation(record) } catch { throw HandOverError(error) }
            return record
        }
    }

    /// What a stored association says, parsed (`nil` for a refusal).
    public func siteAssociation(_ record: SiteAssociationRecord) -> SiteAssociation? {
        record.content.flatMap { try? SiteAssociation.parse($0, source: record.source) }
    }

    /// Stores a refusal and returns the error to throw.
    private func refuse(_ record: SiteAssociationRecord) throws(HandOverError) -> HandOverError {
        do { try catalog.recordSiteAssociation(record) } catch { throw HandOverError(error) }
        return HandOverError(.associationRefused, reason: "\(record.domain) keeps no association: \(record.refusal ?? "refused")", path: record.origin == .file ? record.source : nil, key: "domain", value: record.domain)
    }

    /// A domain named by a caller, checked as an associated domain (no wildcard), lower case.
    static func checkedDomain(_ domain: String) throws(HandOverError) -> String {
        guard !domain.hasPrefix("*") else {
            throw HandOverError(.invalidDomain, reason: "an association file belongs to one domain, not a wildcard", key: "domain", value: domain)
        }
        do { return try AssociatedDomain(domain: domain).host } catch {
            throw HandOverError(.invalidDomain, reason: error.reason, key: "domain", value: domain)
        }
    }
}

public import DeclarationFormats

extension DocumentCatalog {
    /// Stores the domains an app declares, replacing those it declared before (part of
    /// `insert(_:into:)`, inside the registration's transaction).
    static func storeAssociatedDomains(of app: AppRegistration, into db: SQLiteConnection) throws {
        try db.execute(sql: "DELETE FROM associated_domains WHERE app_id = ?", arguments: [app.id])
        for (position, domain) in app.associatedDomains.enumerated() {
            try db.execute(
                sql: "INSERT OR IGNORE INTO associated_domains(app_id, host, covers_subdomains, position) VALUES (?, ?, ?, ?)",
                arguments: [app.id, domain.host, domain.coversSubdomains, position])
        }
    }

    /// The domains an app declares, in declaration order.
    public func associatedDomains(appID: String) throws(CatalogError) -> [AssociatedDomain] {
        try read { db in try Self.loadAssociatedDomains(db, appID: appID) }
    }

    /// The domains an app declares, read inside a transaction.
    static func loadAssociatedDomains(_ db: SQLiteConnection, appID: String) throws -> [AssociatedDomain] {
        try SQLiteRow.fetchAll(db, sql: "SELECT host, covers_subdomains FROM associated_domains WHERE app_id = ? ORDER BY position", arguments: [appID])
            .compactMap { row in domain(row) }
    }

    /// The present apps whose declared domains cover `host`: claims of the host itself first,
    /// then wildcard claims from the nearest parent domain out; by app id within each.
    public func domainClaims(host: String) throws(CatalogError) -> [DomainClaim] {
        let lower = host.lowercased()
        var parents: [String] = []
        var rest = Substring(lower)
        while let dot = rest.firstIndex(of: ".") {
            rest = rest[rest.index(after: dot)...]
            if rest.contains(".") { parents.append(String(rest)) }
        }
        return try read { db in
            var claims: [DomainClaim] = []
            let present = "AND app_id IN (SELECT id FROM apps WHERE absent_since IS NULL)"
            for row in try SQLiteRow.fetchAll(db, sql: "SELECT app_id, host, covers_subdomains FROM associated_domains WHERE host = ? AND covers_subdomains = 0 \(present) ORDER BY app_id", arguments: [lower]) {
                if let domain = Self.domain(row) { claims.append(DomainClaim(appID: row["app_id"], domain: domain)) }
            }
            for parent in parents {
                for row in try SQLiteRow.fetchAll(db, sql: "SELECT app_id, host, covers_subdomains FROM associated_domains WHERE host = ? AND covers_subdomains = 1 \(present) ORDER BY app_id", arguments: [parent]) {
                    if let domain = Self.domain(row) { claims.append(DomainClaim(appID: row["app_id"], domain: domain)) }
                }
            }
            return claims
        }
    }

    /// What the catalog holds about a domain's association file, if anything.
    public func siteAssociation(domain: String) throws(CatalogError) -> SiteAssociationRecord? {
        try read { db in
            try SQLiteRow.fetchOne(db, sql: "SELECT * FROM site_associations WHERE domain = ?", arguments: [domain.lowercased()]).map(Self.siteAssociation)
        }
    }

    /// Every domain's association record, by domain.
    public func siteAssociations() throws(CatalogError) -> [SiteAssociationRecord] {
        try read { db in try SQLiteRow.fetchAll(db, sql: "SELECT * FROM site_associations ORDER BY domain").map(Self.siteAssociation) }
    }

    /// Stores what was learnt about a domain's association file, replacing what was held
    /// before; audited as `associate` (accepted) or `association-refused`, with the source.
    public func recordSiteAssociation(_ record: SiteAssociationRecord) throws(CatalogError) {
        let action = record.refusal == nil ? "associate" : "association-refused"
        try write(action: action, subject: record.domain, detail: record.refusal.map { "\(record.source): \($0)" } ?? record.source) { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO site_associations(domain, origin, source, checked_at, valid_until, content, refusal)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [record.domain, record.origin.rawValue, record.source, record.checkedAt, record.validUntil, record.content, record.refusal])
        }
    }

    /// Forgets a domain's association file (audited as `dissociate`).
    ///
    /// - Throws: ``CatalogError`` `.notFound` when the catalog holds nothing for the domain.
    public func removeSiteAssociation(domain: String) throws(CatalogError) {
        try write(action: "dissociate", subject: domain.lowercased()) { db in
            try db.execute(sql: "DELETE FROM site_associations WHERE domain = ?", arguments: [domain.lowercased()])
            if db.changesCount == 0 {
                throw CatalogError(.notFound, path: location.path, key: domain, reason: "the catalog holds no association for this domain")
            }
        }
    }

    private static func domain(_ row: SQLiteRow) -> AssociatedDomain? {
        let host: String = row["host"]
        let wildcard: Bool = row["covers_subdomains"]
        return try? AssociatedDomain(domain: wildcard ? "*." + host : host)
    }

    private static func siteAssociation(_ row: SQLiteRow) -> SiteAssociationRecord {
        let content: [UInt8]? = row["content"]
        return SiteAssociationRecord(
            domain: row["domain"], origin: SiteAssociationRecord.Origin(rawValue: row["origin"]) ?? .file, source: row["source"],
            checkedAt: row["checked_at"], validUntil: row["valid_until"], content: content.map { Array($0) }, refusal: row["refusal"])
    }
}

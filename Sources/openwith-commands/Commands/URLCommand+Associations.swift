import ArgumentParser
import DocumentCatalog
import OpenInBroker
import OpenWithCommandLine

/// `openwith url associate`, `url associations`, `url dissociate`: the domains' association files.
extension URLCommand {
    /// The fetcher `url open` and `url associate` use: the domain over HTTPS, or the local server
    /// `$OPENWITH_ASSOCIATION_ORIGIN` names (`http://127.0.0.1:PORT` only, for tests).
    static func fetcher() throws -> SiteAssociationFetcher {
        guard let named = ProcessEnvironment.value("OPENWITH_ASSOCIATION_ORIGIN"), !named.isEmpty else { return SiteAssociationFetcher() }
        guard let origin = AssociationFileOrigin(naming: named) else {
            throw CommandFailure(
                status: .badInput, message: "OPENWITH_ASSOCIATION_ORIGIN: '\(named)' is neither https nor http://127.0.0.1:PORT",
                hint: "unset it to fetch association files from the domains themselves")
        }
        return SiteAssociationFetcher(origin: origin)
    }

    struct Associate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "associate",
            abstract: "Read a domain's apple-app-site-association file: fetched over HTTPS from /.well-known/, or from --file; a refused file leaves the domain no association.")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The domain (example.com).") var domain: String
        @Option(help: "A local copy of the file, used instead of fetching it.") var file: String?
        @Flag(help: "Print JSON.") var json = false
        struct Output: Encodable { let domain: String, origin: String, source: String, checkedAt: String, validUntil: String?, details: [Detail] }
        struct Detail: Encodable { let appIDs: [String], components: [String] }

        func run() throws {
            let broker = try catalog.broker()
            let record = try file.map { path throws -> SiteAssociationRecord in try broker.associate(domain: domain, file: path) }
                ?? broker.associate(domain: domain, fetcher: URLCommand.fetcher())
            let details = broker.siteAssociation(record)?.details.map { Detail(appIDs: $0.appIDs, components: $0.components.map(\.summary)) } ?? []
            if json {
                try JSONOutput.print(
                    Output(
                        domain: record.domain, origin: record.origin.rawValue, source: record.source, checkedAt: UniversalLinkReport.utc(record.checkedAt),
                        validUntil: record.validUntil.map(UniversalLinkReport.utc), details: details))
                return
            }
            let validity = record.validUntil.map { "valid until \(UniversalLinkReport.utc($0))" } ?? "valid until replaced"
            print("\(record.domain): confirmed from \(record.source), \(validity)")
            for detail in details {
                print("  \(detail.appIDs.joined(separator: ", ")): \(detail.components.isEmpty ? "no components" : detail.components.joined(separator: "; "))")
            }
        }
    }

    struct Associations: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "associations", abstract: "List the domains' association files the catalog holds, confirmed or refused, and the apps that claim each domain.")
        @OptionGroup var catalog: CatalogOptions
        @Flag(help: "Print JSON.") var json = false
        struct Output: Encodable { let domain: String, state: String, origin: String, source: String, checkedAt: String, validUntil: String?, refusal: String?, claimedBy: [String] }

        func run() throws {
            let opened = try catalog.open()
            let rows = try opened.siteAssociations().map { record in
                Output(
                    domain: record.domain, state: record.refusal == nil ? "confirmed" : "refused", origin: record.origin.rawValue, source: record.source,
                    checkedAt: UniversalLinkReport.utc(record.checkedAt), validUntil: record.validUntil.map(UniversalLinkReport.utc), refusal: record.refusal,
                    claimedBy: try opened.domainClaims(host: record.domain).map(\.appID))
            }
            if json { try JSONOutput.print(rows); return }
            if rows.isEmpty { print("no association files are held; openwith url associate DOMAIN reads one") }
            for row in rows {
                print("\(row.domain)\t\(row.state)\t\(row.source)\t\(row.claimedBy.isEmpty ? "claimed by no app" : row.claimedBy.joined(separator: ", "))")
                if let refusal = row.refusal { print("  \(refusal)") }
            }
        }
    }

    struct Dissociate: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "dissociate", abstract: "Forget a domain's association file (its URLs go to the browser until it is read again).")
        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The domain.") var domain: String

        func run() throws {
            try catalog.open().removeSiteAssociation(domain: domain)
            print("forgot the association of \(domain.lowercased())")
        }
    }
}

import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithTestSupport
import Testing

@Suite("Fetching association files from a loopback server: accepted, refused, unreachable", .serialized)
struct SiteAssociationFetchTests {
    @Test("A file served as application/json at /.well-known/ is accepted, with the domain sent as Host and validity from Cache-Control")
    func accepted() throws {
        let fixture = try UniversalLinkFixture()
        try fixture.serveWellKnown(headers: [("Cache-Control", "public, max-age=7200")])
        let record = try fixture.broker.associate(domain: "Example.com", fetcher: fixture.fetcher)
        #expect(record.domain == "example.com")
        #expect(record.source == "http://127.0.0.1:\(fixture.server.port)/.well-known/apple-app-site-association")
        #expect(record.content == Array(UniversalLinkFixture.readerFile.utf8))
        let validity = try #require(record.validUntil) - record.checkedAt
        #expect(abs(validity - 7200) < 1)
        #expect(fixture.server.requests == ["example.com /.well-known/apple-app-site-association"])
        #expect(try fixture.catalog.siteAssociation(domain: "example.com") == record)
    }

    @Test(
        "A refused answer leaves the domain no association, and says why",
        arguments: [
            ("text/html", 200, [("X", "y")], "served as 'text/html'"),
            ("application/json", 500, [], "HTTP 500"),
            ("application/json", 301, [("Location", "https://evil.example.net/aasa")], "redirect (HTTP 301) to https://evil.example.net/aasa"),
        ])
    func refusedAnswers(type: String, status: Int, headers: [(String, String)], reason: String) throws {
        let fixture = try UniversalLinkFixture()
        try fixture.serveWellKnown()
        try fixture.broker.associate(domain: "example.com", fetcher: fixture.fetcher)
        try fixture.serveWellKnown(type: type, status: status, headers: headers)
        let error = HandOverTestHelpers.expectError(.associationRefused) { try fixture.broker.associate(domain: "example.com", fetcher: fixture.fetcher) }
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
        let held = try #require(try fixture.catalog.siteAssociation(domain: "example.com"))
        #expect(held.content == nil)
        #expect(held.refusal?.contains(reason) == true)
        #expect(!fixture.server.requests.contains { $0.contains("evil") })
    }

    @Test("A file over 128 KiB is refused")
    func oversized() throws {
        let fixture = try UniversalLinkFixture()
        let padding = String(repeating: " ", count: 128 * 1024)
        try fixture.serveWellKnown(UniversalLinkFixture.readerFile + padding)
        let error = HandOverTestHelpers.expectError(.associationRefused) { try fixture.broker.associate(domain: "example.com", fetcher: fixture.fetcher) }
        #expect(error?.reason.contains("128 KiB") == true, "\(String(describing: error))")
        #expect(try fixture.catalog.siteAssociation(domain: "example.com")?.content == nil)
    }

    @Test("A malformed file is refused with the parser's reason")
    func malformed() throws {
        let fixture = try UniversalLinkFixture()
        try fixture.serveWellKnown(#"{"applinks": {"details": [{"appIDs": ["a.b"], "components": [{"/": 7}]}]}}"#)
        let error = HandOverTestHelpers.expectError(.associationRefused) { try fixture.broker.associate(domain: "example.com", fetcher: fixture.fetcher) }
        #expect(error?.reason.contains("applinks.details[0].components[0]./") == true, "\(String(describing: error))")
    }

    @Test("When /.well-known/ answers 404, the domain root is tried; when both do, the domain keeps no association")
    func rootFallback() throws {
        let fixture = try UniversalLinkFixture()
        try fixture.server.serve([
            "/apple-app-site-association": .init(status: 200, headers: [("Content-Type", "application/json")], body: Array(UniversalLinkFixture.readerFile.utf8))
        ])
        let record = try fixture.broker.associate(domain: "example.com", fetcher: fixture.fetcher)
        #expect(record.source.hasSuffix(":\(fixture.server.port)/apple-app-site-association"))
        #expect(fixture.server.requests == ["example.com /.well-known/apple-app-site-association", "example.com /apple-app-site-association"])
        try fixture.server.serve([:])
        let error = HandOverTestHelpers.expectError(.associationRefused) { try fixture.broker.associate(domain: "example.com", fetcher: fixture.fetcher) }
        #expect(error?.reason.contains("404") == true)
    }

    @Test("An unreachable server changes nothing: the file held before is kept")
    func unreachable() throws {
        let fixture = try UniversalLinkFixture()
        try fixture.serveWellKnown()
        let held = try fixture.broker.associate(domain: "example.com", fetcher: fixture.fetcher)
        let nowhere = SiteAssociationFetcher(origin: .loopback(port: 1))
        HandOverTestHelpers.expectError(.associationUnreachable) { try fixture.broker.associate(domain: "example.com", fetcher: nowhere) }
        #expect(try fixture.catalog.siteAssociation(domain: "example.com") == held)
    }

    @Test("A local file is accepted until replaced; an oversized or malformed one is refused and stored as the refusal")
    func localFile() throws {
        let fixture = try UniversalLinkFixture()
        let good = try fixture.folder.write("aasa.json", text: UniversalLinkFixture.readerFile)
        let record = try fixture.broker.associate(domain: "example.com", file: good)
        #expect(record.origin == .file && record.validUntil == nil && record.source == good)
        let big = try fixture.folder.write("big.json", text: UniversalLinkFixture.readerFile + String(repeating: " ", count: 128 * 1024))
        let error = HandOverTestHelpers.expectError(.associationRefused) { try fixture.broker.associate(domain: "example.com", file: big) }
        #expect(error?.path == big)
        #expect(try fixture.catalog.siteAssociation(domain: "example.com")?.refusal != nil)
        let bad = try fixture.folder.write("bad.json", text: "{\"applinks\": ")
        HandOverTestHelpers.expectError(.associationRefused) { try fixture.broker.associate(domain: "example.com", file: bad) }
        HandOverTestHelpers.expectError(.invalidDomain) { try fixture.broker.associate(domain: "*.example.com", file: good) }
        HandOverTestHelpers.expectError(.notFound) { try fixture.broker.associate(domain: "example.com", file: fixture.folder.path("missing.json")) }
    }
}

import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithTestSupport
import Testing

@Suite("Routing web URLs as universal links", .serialized)
struct UniversalLinkRoutingTests {
    @Test("A URL the confirmed file gives the app goes to the app; the file is fetched once and then read from the catalog")
    func toTheApp() throws {
        let fixture = try UniversalLinkFixture()
        try fixture.serveWellKnown()
        let routed = try fixture.broker.routeUniversalLink("https://example.com/articles/42", fetcher: fixture.fetcher)
        #expect(routed.isUniversalLink)
        #expect(routed.handler.id == "org.example.reader.desktop")
        #expect(routed.delivery.commands == [["/bin/echo", "reader", "https://example.com/articles/42"]])
        #expect(routed.association?.state == "confirmed")
        #expect(routed.steps.map(\.verdict) == ["matched"])
        #expect(routed.steps.first?.component == 1)
        #expect(routed.steps.first?.pattern == "/: /articles/*")
        _ = try fixture.broker.routeUniversalLink("https://example.com/articles/43", fetcher: fixture.fetcher)
        #expect(fixture.server.requests.count == 1)
    }

    @Test("An excluded URL, one no component matches, and a host no app claims go to the browser")
    func toTheBrowser() throws {
        let fixture = try UniversalLinkFixture()
        try fixture.serveWellKnown()
        let excluded = try fixture.broker.routeUniversalLink("https://example.com/articles/42/comments", fetcher: fixture.fetcher)
        #expect(!excluded.isUniversalLink)
        #expect(excluded.handler.id == "browser.desktop")
        #expect(excluded.steps.map(\.verdict) == ["excluded"])
        #expect(excluded.steps.first?.component == 0)
        let unmatched = try fixture.broker.routeUniversalLink("https://example.com/about", fetcher: fixture.fetcher)
        #expect(unmatched.handler.id == "browser.desktop")
        #expect(unmatched.steps.map(\.verdict) == ["no-component-matched"])
        let unclaimed = try fixture.broker.routeUniversalLink("https://example.org/articles/1", fetcher: fixture.fetcher)
        #expect(unclaimed.handler.id == "browser.desktop")
        #expect(unclaimed.association == nil)
        #expect(fixture.server.requests.count == 1)
    }

    @Test("After the domain's file is refused, its URLs go to the browser and the routing says why")
    func refusedDomain() throws {
        let fixture = try UniversalLinkFixture()
        try fixture.serveWellKnown(type: "text/plain")
        let routed = try fixture.broker.routeUniversalLink("https://example.com/articles/42", fetcher: fixture.fetcher)
        #expect(routed.handler.id == "browser.desktop")
        #expect(routed.association?.state == "refused")
        #expect(routed.association?.reason?.contains("text/plain") == true)
        #expect(routed.steps.map(\.verdict) == ["unconfirmed"])
        #expect(routed.reason.contains("confirms no app"))
    }

    @Test("Without a fetcher nothing is fetched: an unread domain's URLs go to the browser")
    func offline() throws {
        let fixture = try UniversalLinkFixture()
        try fixture.serveWellKnown()
        let routed = try fixture.broker.routeUniversalLink("https://example.com/articles/42")
        #expect(routed.handler.id == "browser.desktop")
        #expect(routed.association?.state == "none")
        #expect(fixture.server.requests.isEmpty)
    }

    @Test("An app the file does not list is not given the URL, even when it claims the domain")
    func unlistedApp() throws {
        let fixture = try UniversalLinkFixture()
        try fixture.serveWellKnown(#"{"applinks": {"details": [{"appIDs": ["TEAM123456.org.example.other"], "components": [{"/": "*"}]}]}}"#)
        let routed = try fixture.broker.routeUniversalLink("https://example.com/articles/42", fetcher: fixture.fetcher)
        #expect(routed.handler.id == "browser.desktop")
        #expect(routed.steps.map(\.verdict) == ["not-listed"])
    }

    @Test("URLs with a port, user information or another scheme are routed by scheme, never as universal links")
    func notCandidates() throws {
        let fixture = try UniversalLinkFixture()
        try fixture.serveWellKnown()
        for url in ["https://example.com:8443/articles/1", "https://user@example.com/articles/1", "http://example.com/articles/1"] {
            let routed = try fixture.broker.routeUniversalLink(url, fetcher: fixture.fetcher)
            #expect(routed.handler.id == "browser.desktop", "\(url)")
            #expect(!routed.isUniversalLink)
        }
        #expect(fixture.server.requests.isEmpty)
    }
}

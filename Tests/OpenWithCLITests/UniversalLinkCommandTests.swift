import Foundation
import OpenWithTestSupport
import Testing

/// A news reader that claims example.com and a browser for https:, where the first-use import
/// finds them; the reader's association file as the domain would publish it.
private func universalLinkFixture() throws -> (CLIFixture, String) {
    let cli = try CLIFixture()
    try cli.folder.write(
        "xdg-data/applications/org.example.reader.desktop",
        text: "[Desktop Entry]\nType=Application\nName=Reader\nExec=/bin/echo reader %u\nX-OpenWith-Associated-Domains=example.com;\n")
    try cli.folder.write(
        "xdg-data/applications/browser.desktop",
        text: "[Desktop Entry]\nType=Application\nName=Browser\nExec=/bin/echo browser %u\nMimeType=x-scheme-handler/https;\n")
    let file = try cli.folder.write("aasa.json", text: readerAssociation)
    return (cli, file)
}

private let readerAssociation = #"""
    {"applinks": {"details": [{"appIDs": ["TEAM123456.org.example.reader"], "components": [
      {"/": "/articles/*/comments", "exclude": true}, {"/": "/articles/*", "?": {"ref": "*"}}]}]}}
    """#

@Suite("Universal links from the command line: associate, open, explain", .serialized)
struct UniversalLinkCommandTests {
    @Test("A local association file confirms the domain; a matching URL goes to the app, an excluded one to the browser, and --explain says which pattern decided")
    func localFile() throws {
        let (cli, file) = try universalLinkFixture()
        let associated = try cli.run("url", "associate", "example.com", "--file", file)
        #expect(associated.status == 0, "\(associated.error)")
        #expect(associated.output.contains("example.com: confirmed from \(file), valid until replaced"), "\(associated.output)")
        let opened = try cli.run("url", "open", "https://example.com/articles/42", "--dry-run", "--explain")
        #expect(opened.status == 0, "\(opened.error)")
        #expect(opened.output.contains("→ Reader (org.example.reader.desktop) — universal link"), "\(opened.output)")
        #expect(opened.output.contains("org.example.reader.desktop (declares example.com): matched by detail 0, component 1: /: /articles/* ?: ref=*"), "\(opened.output)")
        #expect(opened.output.contains("would run: /bin/echo reader https://example.com/articles/42"), "\(opened.output)")
        let excluded = try cli.run("url", "open", "https://example.com/articles/42/comments", "--dry-run", "--json")
        #expect(excluded.status == 0, "\(excluded.error)")
        let report = try #require(try excluded.json() as? [String: Any])
        #expect(report["handler"] as? String == "browser.desktop")
        #expect(report["universalLink"] as? Bool == false)
        let steps = try #require(report["steps"] as? [[String: Any]])
        #expect(steps.first?["verdict"] as? String == "excluded")
        #expect(steps.first?["component"] as? Int == 0)
        let association = try #require(report["association"] as? [String: Any])
        #expect(association["state"] as? String == "confirmed")
        #expect(association["source"] as? String == file)
    }

    @Test("An oversized or malformed file is refused with the reason; the domain then keeps no association and its URLs go to the browser")
    func refusedFile() throws {
        let (cli, file) = try universalLinkFixture()
        #expect(try cli.run("url", "associate", "example.com", "--file", file).status == 0)
        let big = try cli.folder.write("big.json", text: readerAssociation + String(repeating: " ", count: 128 * 1024))
        let refused = try cli.run("url", "associate", "example.com", "--file", big)
        #expect(refused.status == 2)
        #expect(refused.error.contains("example.com keeps no association"), "\(refused.error)")
        let list = try cli.run("url", "associations", "--json")
        let rows = try #require(try list.json() as? [[String: Any]])
        #expect(rows.first?["state"] as? String == "refused")
        #expect(rows.first?["claimedBy"] as? [String] == ["org.example.reader.desktop"])
        let opened = try cli.run("url", "open", "https://example.com/articles/42", "--dry-run", "--offline", "--explain")
        #expect(opened.output.contains("→ Browser (browser.desktop)"), "\(opened.output)")
        #expect(opened.output.contains("association of example.com: refused"), "\(opened.output)")
    }

    @Test("Fetched from a local server: a file served as text/html is refused, a good one confirms the domain, and routing reads it from the catalog")
    func fetched() throws {
        let (cli, _) = try universalLinkFixture()
        let server = try LoopbackHTTPServer()
        var runner = cli.runner
        runner.environment["OPENWITH_ASSOCIATION_ORIGIN"] = "http://127.0.0.1:\(server.port)"
        let path = "/.well-known/apple-app-site-association"
        try server.serve([path: .init(status: 200, headers: [("Content-Type", "text/html")], body: Array(readerAssociation.utf8))])
        let refused = try runner.run(["url", "associate", "example.com"])
        #expect(refused.status == 2)
        #expect(refused.error.contains("served as 'text/html', not application/json"), "\(refused.error)")
        try server.serve([path: .init(status: 200, headers: [("Content-Type", "application/json; charset=utf-8")], body: Array(readerAssociation.utf8))])
        let confirmed = try runner.run(["url", "associate", "example.com", "--json"])
        #expect(confirmed.status == 0, "\(confirmed.error)")
        let record = try #require(try confirmed.json() as? [String: Any])
        #expect(record["origin"] as? String == "https")
        #expect((record["details"] as? [[String: Any]])?.first?["appIDs"] as? [String] == ["TEAM123456.org.example.reader"])
        let opened = try runner.run(["url", "open", "https://example.com/articles/7?ref=mail", "--dry-run"])
        #expect(opened.output.contains("would run: /bin/echo reader 'https://example.com/articles/7?ref=mail'"), "\(opened.output)")
        #expect(server.requests == Array(repeating: "example.com \(path)", count: 2))
        runner.environment["OPENWITH_ASSOCIATION_ORIGIN"] = "http://203.0.113.9:80"
        let bad = try runner.run(["url", "associate", "example.com"])
        #expect(bad.status == 2)
        #expect(bad.error.contains("OPENWITH_ASSOCIATION_ORIGIN"))
    }

    @Test("dissociate forgets a domain's file; forgetting it twice is an error")
    func dissociate() throws {
        let (cli, file) = try universalLinkFixture()
        #expect(try cli.run("url", "associate", "example.com", "--file", file).status == 0)
        #expect(try cli.run("url", "dissociate", "example.com").status == 0)
        #expect(try cli.run("url", "dissociate", "example.com").status != 0)
        let opened = try cli.run("url", "open", "https://example.com/articles/42", "--dry-run", "--offline")
        #expect(opened.output.contains("browser.desktop"), "\(opened.output)")
    }
}

import DeclarationFormats
import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithTestSupport

/// A catalog with a news reader that claims `example.com` (desktop entry), a browser that
/// handles `https:`, a loopback server to serve the domain's association file, and a broker that
/// plans deliveries without running them.
struct UniversalLinkFixture {
    let folder = TemporaryDirectory("universal-links")
    let catalog: DocumentCatalog
    let broker: HandOverBroker
    let server: LoopbackHTTPServer

    /// The reader's file: articles open in the app, their comments stay on the web.
    static let readerFile = #"""
        {"applinks": {"details": [
          {"appIDs": ["TEAM123456.org.example.reader"],
           "components": [
             {"/": "/articles/*/comments", "exclude": true, "comment": "comments stay on the web"},
             {"/": "/articles/*"}
           ]}
        ]}}
        """#

    init() throws {
        catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("data/catalog.sqlite")))
        let reader = try folder.write("applications/org.example.reader.desktop", text: """
            [Desktop Entry]
            Type=Application
            Name=Reader
            Exec=/bin/echo reader %u
            X-OpenWith-Associated-Domains=example.com;
            """)
        let browser = try folder.write("applications/browser.desktop", text: """
            [Desktop Entry]
            Type=Application
            Name=Browser
            Exec=/bin/echo browser %u
            MimeType=x-scheme-handler/https;x-scheme-handler/http;
            """)
        let applications = folder.path("applications")
        let registrations = try [reader, browser].map { path in
            try DesktopEntryImporter.registration(path: path, applicationsFolder: applications).0
        }
        try catalog.register(registrations)
        broker = try HandOverBroker(catalog: catalog, launcher: HandlerLauncher(dryRun: true))
        server = try LoopbackHTTPServer()
    }

    /// A fetcher of the loopback server.
    var fetcher: SiteAssociationFetcher { SiteAssociationFetcher(origin: .loopback(port: server.port)) }

    /// Serves `body` at the well-known path with `type`.
    func serveWellKnown(_ body: String = readerFile, type: String = "application/json", status: Int = 200, headers: [(String, String)] = []) throws {
        try server.serve([
            "/.well-known/apple-app-site-association": .init(status: status, headers: [("Content-Type", type)] + headers, body: Array(body.utf8))
        ])
    }
}

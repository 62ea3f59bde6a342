import DeclarationFormats
import DocumentCatalog
import Foundation
import OpenWithTestSupport
import Testing

/// A catalog with a shop bundle (Info.plist entitlement) and a desktop reader claiming domains.
private struct DomainApps {
    let folder = TemporaryDirectory("associated-domains")
    let catalog: DocumentCatalog

    init() throws {
        catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("data/catalog.sqlite")))
        _ = try folder.write("apps/Shop.app/Contents/Info.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>CFBundleIdentifier</key><string>com.example.shop</string>
              <key>CFBundleName</key><string>Shop</string>
              <key>com.apple.developer.associated-domains</key>
              <array><string>applinks:example.com</string><string>applinks:*.example.com</string><string>webcredentials:example.com</string></array>
            </dict></plist>
            """)
        let (shop, _) = try InfoPlistImporter.registration(path: folder.path("apps/Shop.app"))
        let entry = try folder.write("applications/reader.desktop", text: """
            [Desktop Entry]
            Type=Application
            Name=Reader
            Exec=/bin/true %u
            X-OpenWith-Associated-Domains=news.example.com;*.shop.example.com;
            """)
        let (reader, _) = try DesktopEntryImporter.registration(path: entry, applicationsFolder: folder.path("applications"))
        try catalog.register([shop, reader])
    }
}

@Suite("Associated domains in the catalog")
struct AssociatedDomainCatalogTests {
    @Test("Registered apps keep their declared domains, read back in declaration order")
    func stored() throws {
        let apps = try DomainApps()
        #expect(try apps.catalog.associatedDomains(appID: "com.example.shop").map(\.description) == ["example.com", "*.example.com"])
        #expect(try apps.catalog.registration(appID: "reader.desktop").associatedDomains.map(\.description) == ["news.example.com", "*.shop.example.com"])
    }

    @Test("Claims on a host: the host itself first, then wildcards from the nearest parent out")
    func claims() throws {
        let apps = try DomainApps()
        let deep = try apps.catalog.domainClaims(host: "a.shop.example.com")
        #expect(deep.map { "\($0.appID) \($0.domain)" } == ["reader.desktop *.shop.example.com", "com.example.shop *.example.com"])
        #expect(try apps.catalog.domainClaims(host: "News.Example.com").map(\.appID) == ["reader.desktop", "com.example.shop"])
        #expect(try apps.catalog.domainClaims(host: "example.com").map(\.appID) == ["com.example.shop"])
        #expect(try apps.catalog.domainClaims(host: "example.org").isEmpty)
    }

    @Test("An app's domains go with the app when it is unregistered")
    func removedWithApp() throws {
        let apps = try DomainApps()
        try apps.catalog.unregister(appID: "com.example.shop")
        #expect(try apps.catalog.domainClaims(host: "example.com").isEmpty)
        let rows = try SQLiteShell.query(apps.folder.path("data/catalog.sqlite"), "SELECT COUNT(*) FROM associated_domains WHERE app_id = 'com.example.shop'")
        #expect(rows.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test("A refusal replaces the association held before, and both are audited")
    func refusalReplaces() throws {
        let apps = try DomainApps()
        let accepted = SiteAssociationRecord(
            domain: "Example.com", origin: .file, source: "/tmp/aasa.json", checkedAt: 100, validUntil: nil, content: Array("{}".utf8), refusal: nil)
        try apps.catalog.recordSiteAssociation(accepted)
        #expect(try apps.catalog.siteAssociation(domain: "example.com") == accepted)
        let refused = SiteAssociationRecord(
            domain: "example.com", origin: .https, source: "https://example.com/.well-known/apple-app-site-association", checkedAt: 200,
            validUntil: 3800, content: nil, refusal: "served as 'text/html', not application/json")
        try apps.catalog.recordSiteAssociation(refused)
        let held = try #require(try apps.catalog.siteAssociation(domain: "example.com"))
        #expect(held.content == nil)
        #expect(held.refusal == "served as 'text/html', not application/json")
        #expect(!held.isValid(at: 3800) && held.isValid(at: 3799))
        let actions = try apps.catalog.auditLog(limit: 2).map(\.action)
        #expect(actions == ["association-refused", "associate"])
        try apps.catalog.removeSiteAssociation(domain: "example.com")
        #expect(try apps.catalog.siteAssociation(domain: "example.com") == nil)
        #expect(throws: CatalogError.self) { try apps.catalog.removeSiteAssociation(domain: "example.com") }
    }
}

import DeclarationFormats
import Testing

@Suite("Associated domains: applinks: entries and the desktop-entry key")
struct AssociatedDomainTests {
    @Test(
        "Entitlement entries name a host, optionally every subdomain of it",
        arguments: [
            ("applinks:example.com", "example.com", false),
            ("applinks:Shop.Example.COM", "shop.example.com", false),
            ("applinks:*.example.com", "example.com", true),
            ("applinks:example.com?mode=developer", "example.com", false),
            ("applinks:xn--bcher-kva.example", "xn--bcher-kva.example", false),
        ])
    func validEntries(entry: String, host: String, wildcard: Bool) throws {
        let domain = try #require(try AssociatedDomain(entitlement: entry))
        #expect(domain.host == host)
        #expect(domain.coversSubdomains == wildcard)
    }

    @Test("Other services of the entitlement are not universal links")
    func otherServices() throws {
        #expect(try AssociatedDomain(entitlement: "webcredentials:example.com") == nil)
        #expect(try AssociatedDomain(entitlement: "activitycontinuation:example.com") == nil)
    }

    @Test(
        "Entries that name no usable domain are refused with the reason",
        arguments: [
            ("applinks:example.com:8443", "port"),
            ("applinks:example.com/path", "path"),
            ("applinks:localhost", "two labels"),
            ("applinks:192.168.1.10", "IP address"),
            ("applinks:shop.*.example.com", "'*'"),
            ("applinks:a..example.com", "empty label"),
            ("applinks:", "empty"),
            ("applinks:-bad.example.com", "'-'"),
            ("applinks:example.com?mode=open", "mode"),
            ("example.com", "service:domain"),
        ])
    func invalidEntries(entry: String, reason: String) {
        do {
            _ = try AssociatedDomain(entitlement: entry)
            Issue.record("\(entry) was accepted")
        } catch {
            #expect(error.entry == entry)
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test("A wildcard covers subdomains at any depth but not the domain itself; hosts compare ignoring case")
    func matching() throws {
        let wildcard = try AssociatedDomain(domain: "*.example.com")
        #expect(wildcard.matches(host: "shop.example.com"))
        #expect(wildcard.matches(host: "a.b.EXAMPLE.com"))
        #expect(!wildcard.matches(host: "example.com"))
        #expect(!wildcard.matches(host: "badexample.com"))
        let exact = try AssociatedDomain(domain: "example.com")
        #expect(exact.matches(host: "Example.Com"))
        #expect(!exact.matches(host: "shop.example.com"))
        #expect(wildcard.description == "*.example.com")
    }

    @Test("An Info.plist's entitlement list yields its applinks: domains; bad entries are skipped with the file, the key and the reason")
    func infoPlist() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>CFBundleIdentifier</key><string>com.example.Reader</string>
                <key>CFBundleName</key><string>Reader</string>
                <key>com.apple.developer.associated-domains</key>
                <array>
                    <string>applinks:reader.example.com</string>
                    <string>webcredentials:reader.example.com</string>
                    <string>applinks:*.example.org?mode=developer</string>
                    <string>applinks:reader.example.com:8080</string>
                    <integer>7</integer>
                    <string>applinks:reader.example.com</string>
                </array>
            </dict>
            </plist>
            """
        let document = try InfoPlistDocument.parse(Array(plist.utf8), source: "Reader.app/Contents/Info.plist")
        #expect(document.associatedDomains.map(\.description) == ["reader.example.com", "*.example.org"])
        let warnings = document.warnings.filter { $0.key?.hasPrefix(AssociatedDomain.entitlementKey) == true }
        #expect(warnings.map(\.key) == ["com.apple.developer.associated-domains[3]", "com.apple.developer.associated-domains[4]"])
        #expect(warnings.allSatisfy { $0.source == "Reader.app/Contents/Info.plist" })
        #expect(warnings[0].reason.contains("port"))
        #expect(warnings[1].code == .wrongValueType)
    }

    @Test("A desktop entry declares domains with X-OpenWith-Associated-Domains; the applinks: prefix is allowed, bad ones are skipped with the line")
    func desktopEntry() throws {
        let text = """
            [Desktop Entry]
            Type=Application
            Name=Reader
            Exec=reader %u
            X-OpenWith-Associated-Domains=reader.example.com; applinks:*.example.org;bad domain;
            """
        let entry = try DesktopEntryParser.parse(Array(text.utf8), source: "/usr/share/applications/reader.desktop")
        var warnings: [CatalogFormatWarning] = []
        let domains = AssociatedDomain.declared(in: entry, warnings: &warnings)
        #expect(domains.map(\.description) == ["reader.example.com", "*.example.org"])
        #expect(warnings.count == 1)
        #expect(warnings.first?.key == "X-OpenWith-Associated-Domains[2]")
        #expect(warnings.first?.line == 5)
        #expect(warnings.first?.source == "/usr/share/applications/reader.desktop")
    }
}

import DeclarationFormats
import Testing

/// An association file as a shop publishes it: one app for products (but not their reviews),
/// a second for the help pages by query and fragment, a third in the older paths form.
private let shopFile = #"""
    {
      "applinks": {
        "defaults": { "caseSensitive": false },
        "details": [
          {
            "appIDs": ["ABCDE12345.com.example.shop", "com.example.shop.beta"],
            "components": [
              { "/": "/products/*/reviews", "exclude": true, "comment": "reviews stay on the web" },
              { "/": "/products/*" },
              { "/": "/cart", "?": { "promo": "SPRING??" } },
              { "/": "/caf%C3%A9/*" }
            ]
          },
          {
            "appIDs": ["ABCDE12345.org.example.help"],
            "defaults": { "caseSensitive": true },
            "components": [
              { "/": "/help/*", "#": "section-*" },
              { "/": "/search", "?": "q=*" }
            ]
          },
          { "appID": "ABCDE12345.net.example.legacy", "paths": ["NOT /old/private/*", "/old/*"] }
        ]
      },
      "webcredentials": { "apps": ["ABCDE12345.com.example.shop"] }
    }
    """#

@Suite("The apple-app-site-association file: details, components, exclusions and the older paths form")
struct SiteAssociationTests {
    let association: SiteAssociation

    init() throws { association = try SiteAssociation.parse(Array(shopFile.utf8), source: "shop.example.com") }

    @Test("Details keep their apps, components and order")
    func structure() {
        #expect(association.details.count == 3)
        #expect(association.details[0].appIDs == ["ABCDE12345.com.example.shop", "com.example.shop.beta"])
        #expect(association.details[0].components.map(\.excludes) == [true, false, false, false])
        #expect(association.details[0].components[0].comment == "reviews stay on the web")
        #expect(association.details[2].appIDs == ["ABCDE12345.net.example.legacy"])
        #expect(association.details[2].components.map(\.excludes) == [true, false])
    }

    @Test(
        "The first matching component decides; an exclude match refuses the URL",
        arguments: [
            ("com.example.shop", "/products/42", nil, nil, "matched 0.1"),
            ("com.example.shop", "/PRODUCTS/42", nil, nil, "matched 0.1"),
            ("com.example.shop", "/products/42/reviews", nil, nil, "excluded 0.0"),
            ("com.example.shop", "/cart", "promo=SPRING24&x=1", nil, "matched 0.2"),
            ("com.example.shop", "/cart", "promo=SUMMER24", nil, "none 0"),
            ("com.example.shop", "/cart", nil, nil, "none 0"),
            ("com.example.shop", "/caf%C3%A9/menu", nil, nil, "matched 0.3"),
            ("com.example.shop.beta", "/products/1", nil, nil, "matched 0.1"),
            ("org.example.help", "/help/printing", nil, "section-2", "matched 1.0"),
            ("org.example.help", "/help/printing", nil, "top", "none 1"),
            ("org.example.help", "/HELP/printing", nil, "section-2", "none 1"),
            ("org.example.help", "/search", "q=ink", nil, "matched 1.1"),
            ("net.example.legacy", "/old/private/key", nil, nil, "excluded 2.0"),
            ("net.example.legacy", "/old/page", nil, nil, "matched 2.1"),
            ("com.example.other", "/products/42", nil, nil, "not listed"),
        ] as [(String, String, String?, String?, String)])
    func decisions(app: String, path: String, query: String?, fragment: String?, expected: String) {
        let decision = association.decision(appIDs: [app], path: path, query: query, fragment: fragment)
        let text: String =
            switch decision {
            case .matched(let detail, let component): "matched \(detail).\(component.index)"
            case .excluded(let detail, let component): "excluded \(detail).\(component.index)"
            case .noComponentMatched(let detail): "none \(detail)"
            case .appNotListed: "not listed"
            }
        #expect(text == expected)
    }

    @Test(
        "A file that is not a usable association is refused as a whole, naming the key",
        arguments: [
            (#"{"webcredentials": {"apps": []}}"#, "applinks", "no applinks"),
            (#"{"applinks": {"details": {}}}"#, "applinks.details", "not an array"),
            (#"{"applinks": {"details": [{"components": []}]}}"#, "applinks.details[0].appIDs", "names no app"),
            (#"{"applinks": {"details": [{"appIDs": ["a.b"], "components": [{"/": 5}]}]}}"#, "applinks.details[0].components[0]./", "not a string"),
            (#"{"applinks": {"details": [{"appIDs": ["a.b"], "components": [{"exclude": "yes"}]}]}}"#, "applinks.details[0].components[0].exclude", "not true or false"),
            (#"{"applinks": {"substitutionVariables": {}, "details": []}}"#, "applinks.substitutionVariables", "not supported"),
            (#"[1, 2]"#, "(root)", "not an object"),
        ])
    func refusals(text: String, key: String, reason: String) {
        do {
            _ = try SiteAssociation.parse(Array(text.utf8), source: "example.com")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code == .malformedSiteAssociation)
            #expect(error.key == key)
            #expect(error.reason.contains(reason), "\(error.reason)")
            #expect(error.source == "example.com")
        }
    }

    @Test("A file over 128 KiB is refused before it is parsed; one just under is read")
    func sizeLimit() throws {
        let head = Array(#"{"applinks": {"details": []}, "padding": ""#.utf8)
        let tail = Array(#""}"#.utf8)
        let fits = head + [UInt8](repeating: 0x61, count: 128 * 1024 - head.count - tail.count) + tail
        #expect(try SiteAssociation.parse(fits, source: "a").details.isEmpty)
        let over = head + [UInt8](repeating: 0x61, count: 128 * 1024 - head.count - tail.count + 1) + tail
        #expect(throws: CatalogFormatError.self) { try SiteAssociation.parse(over, source: "a") }
        do { _ = try SiteAssociation.parse(over, source: "a") } catch { #expect(error.code == .limitExceeded) }
    }

    @Test(
        "Patterns: * is any run, ? one character, the rest itself",
        arguments: [
            ("/items/*", "/items/42", true), ("/items/*", "/items", false), ("/items/*", "/items/", true),
            ("/a?c", "/abc", true), ("/a?c", "/ac", false), ("*", "", true), ("*.pdf", "/docs/a.b.pdf", true),
            ("/x*y*z", "/xaaybbz", true), ("/x*y*z", "/xaazbby", false), ("/é?", "/éa", true),
        ])
    func patterns(pattern: String, text: String, matches: Bool) {
        #expect(SiteAssociationPattern(pattern).matches(text) == matches)
    }

    @Test("A hostile pattern costs bounded time")
    func hostilePattern() {
        let pattern = SiteAssociationPattern(String(repeating: "*a", count: 200) + "b")
        #expect(!pattern.matches(String(repeating: "a", count: 4000)))
    }
}

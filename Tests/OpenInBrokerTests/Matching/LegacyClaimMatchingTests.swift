import DocumentCatalog
import OpenInBroker
import OpenWithTestSupport
import Testing
import UniformTypes

/// Apps registered from the files they declare themselves in, on a catalog on disk: an
/// `Info.plist` whose `CFBundleTypeExtensions` or `CFBundleTypeMIMETypes` name an extension or a
/// MIME type that no declared type owns, and desktop entries whose `MimeType=` does.
struct LegacyClaimFixture {
    let folder = TemporaryDirectory("legacy-claims")
    let catalog: DocumentCatalog

    init() throws {
        catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("catalog.sqlite")))
    }

    /// Writes an `Info.plist` with one legacy document type and registers it.
    func registerBundle(
        _ id: String, name: String, extensions: [String] = [], mimeTypes: [String] = [], role: String = "Editor", rank: String = "Owner"
    ) throws {
        func strings(_ values: [String]) -> String { values.map { "<string>\($0)</string>" }.joined() }
        var entry = "<key>CFBundleTypeName</key><string>\(name) document</string>"
        entry += "<key>CFBundleTypeRole</key><string>\(role)</string><key>LSHandlerRank</key><string>\(rank)</string>"
        if !extensions.isEmpty { entry += "<key>CFBundleTypeExtensions</key><array>\(strings(extensions))</array>" }
        if !mimeTypes.isEmpty { entry += "<key>CFBundleTypeMIMETypes</key><array>\(strings(mimeTypes))</array>" }
        let plist = try folder.write("apps/\(id)/Info.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>\(id)</string>
            <key>CFBundleName</key><string>\(name)</string>
            <key>CFBundleDocumentTypes</key><array><dict>\(entry)</dict></array>
            </dict></plist>
            """)
        let report = try catalog.registerApps(at: [plist])
        try #require(report.registeredApps == [id])
    }

    /// Writes a desktop entry running `true` and registers it.
    func registerDesktopEntry(_ id: String, name: String, mimeTypes: [String]) throws {
        let path = try folder.write("apps/\(id).desktop", text: """
            [Desktop Entry]
            Type=Application
            Name=\(name)
            Exec=true %f
            MimeType=\(mimeTypes.joined(separator: ";"));
            """)
        let report = try catalog.registerApps(at: [path])
        try #require(report.registeredApps == ["\(id).desktop"])
    }

    func lookup(remembersAnswers: Bool = true) throws -> HandlerLookup {
        HandlerLookup(snapshot: try catalog.snapshot(), remembersAnswers: remembersAnswers)
    }
}

@Suite("Legacy claims of extensions and MIME types no declared type owns")
struct LegacyClaimMatchingTests {
    /// An extension and a MIME type no registry names.
    static let legacyExtension = "owlegacy"
    static let legacyMIME = "application/x-openwith-test-legacy"
    static let text = Array("cube([10, 10, 10]);\nsphere(r = 5);\n".utf8)
    /// The KeePass 2 signature, then bytes no signature knows.
    static let keePass: [UInt8] = [0x03, 0xD9, 0xA2, 0x9A, 0x67, 0xFB, 0x4B, 0xB5, 0x01, 0x00, 0x04, 0x00, 0xFE, 0x81, 0x00, 0x17]

    @Test("the test's extension and MIME type are ones no declared type owns")
    func undeclared() throws {
        let graph = try LegacyClaimFixture().catalog.snapshot().graph
        #expect(graph.types(filenameExtension: Self.legacyExtension).isEmpty)
        #expect(graph.types(mimeType: Self.legacyMIME).isEmpty)
    }

    @Test("an Info.plist claiming an undeclared extension is offered for files with it, and only for those")
    func extensionClaim() throws {
        let fixture = try LegacyClaimFixture()
        try fixture.registerBundle("org.example.vault", name: "Vault", extensions: [Self.legacyExtension])
        try fixture.registerDesktopEntry("texteditor", name: "Text Editor", mimeTypes: ["text/plain"])
        let lookup = try fixture.lookup()

        let vault = try lookup.handlers(forFileAt: try fixture.folder.write("vault.\(Self.legacyExtension)", bytes: Self.keePass))
        #expect(vault.handlers.candidates.map(\.app.id) == ["org.example.vault"])
        let claim = try #require(vault.handlers.defaultHandler)
        #expect(claim.app.id == "org.example.vault")
        #expect(claim.group == .recommended)
        #expect(claim.distance == 0)
        #expect(claim.matchedType.identifier == "dyn.ext.owlegacy")
        #expect(claim.claimValue == Self.legacyExtension)
        #expect(claim.reason == "claims the extension .owlegacy, which no declared type owns, as Editor (rank Owner)")

        let renamed = try lookup.handlers(forFileAt: try fixture.folder.write("vault.txt", bytes: Self.keePass))
        #expect(!renamed.handlers.candidates.contains { $0.app.id == "org.example.vault" })
        #expect(!renamed.handlers.excluded.contains { $0.app.id == "org.example.vault" })
    }

    @Test("text under an undeclared extension: the app claiming the extension first, the text editor still recommended")
    func extensionBeforeContentType() throws {
        let fixture = try LegacyClaimFixture()
        // Rank Alternate against the editor's Default: the extension's level comes first regardless.
        try fixture.registerBundle("org.example.cad", name: "CAD", extensions: [Self.legacyExtension], role: "Viewer", rank: "Alternate")
        try fixture.registerDesktopEntry("texteditor", name: "Text Editor", mimeTypes: ["text/plain"])
        let part = try fixture.folder.write("part.\(Self.legacyExtension)", bytes: Self.text)
        let answer = try fixture.lookup().handlers(forFileAt: part)
        #expect(answer.resolution.type.identifier == .plainText)
        #expect(answer.handlers.candidates.map(\.app.id) == ["org.example.cad", "texteditor.desktop"])
        #expect(answer.handlers.candidates.map(\.group) == [.recommended, .recommended])
        #expect(answer.handlers.candidates.map(\.matchedType.identifier) == ["dyn.ext.owlegacy", "public.plain-text"])
        #expect(answer.handlers.defaultHandler?.app.id == "org.example.cad")
    }

    @Test("claims are matched whatever the case of the extension, in the claim and in the name")
    func caseOfExtension() throws {
        let fixture = try LegacyClaimFixture()
        try fixture.registerBundle("org.example.vault", name: "Vault", extensions: ["OWLegacy"])
        let file = try fixture.folder.write("Vault.OWLEGACY", bytes: Self.keePass)
        #expect(try fixture.lookup().handlers(forFileAt: file).handlers.defaultHandler?.app.id == "org.example.vault")
    }

    @Test("the remembered answer for a type is not the answer for the same type under an undeclared extension")
    func memoKeepsNameTypesApart() throws {
        let fixture = try LegacyClaimFixture()
        try fixture.registerBundle("org.example.cad", name: "CAD", extensions: [Self.legacyExtension])
        try fixture.registerDesktopEntry("texteditor", name: "Text Editor", mimeTypes: ["text/plain"])
        let lookup = try fixture.lookup(remembersAnswers: true)
        let notes = try fixture.folder.write("notes.txt", bytes: Self.text)
        let part = try fixture.folder.write("part.\(Self.legacyExtension)", bytes: Self.text)
        #expect(try lookup.handlers(forFileAt: notes).handlers.candidates.map(\.app.id) == ["texteditor.desktop"])
        #expect(try lookup.handlers(forFileAt: part).handlers.candidates.map(\.app.id) == ["org.example.cad", "texteditor.desktop"])
        #expect(try lookup.handlers(forFileAt: notes).handlers.candidates.map(\.app.id) == ["texteditor.desktop"])
    }

    @Test("desktop MimeType= and CFBundleTypeMIMETypes of an undeclared MIME type both claim its dynamic type, and say so")
    func mimeClaims() throws {
        let fixture = try LegacyClaimFixture()
        try fixture.registerDesktopEntry("legacyviewer", name: "Legacy Viewer", mimeTypes: [Self.legacyMIME])
        try fixture.registerBundle("org.example.legacy", name: "Legacy", mimeTypes: [Self.legacyMIME.uppercased()], role: "Viewer", rank: "Default")
        let lookup = try fixture.lookup()
        // The type a file declared (or answered by libmagic) as that MIME type resolves to.
        let type = try #require(lookup.snapshot.graph.type(mimeType: Self.legacyMIME + "; charset=binary"))
        #expect(type.identifier == DynamicTypeIdentifier(tagClass: .mimeType, tag: Self.legacyMIME).identifier)
        let list = lookup.ranking.handlers(for: type)
        #expect(Set(list.candidates.map(\.app.id)) == ["legacyviewer.desktop", "org.example.legacy"])
        #expect(list.candidates.allSatisfy { $0.group == .recommended && $0.matchedType == type })
        let viewer = try #require(list.candidates.first { $0.app.id == "legacyviewer.desktop" })
        #expect(viewer.reason == "claims the MIME type application/x-openwith-test-legacy, which no declared type names, as Viewer (rank Default)")
        // A file whose name and content say nothing of that MIME type is not offered to them.
        let file = try fixture.folder.write("download", bytes: Self.keePass)
        #expect(try lookup.handlers(forFileAt: file).handlers.candidates.isEmpty)
    }

    @Test("a default set for an undeclared extension comes first for files with it")
    func userDefaultForExtension() throws {
        let fixture = try LegacyClaimFixture()
        try fixture.registerBundle("org.example.first", name: "First", extensions: [Self.legacyExtension], rank: "Owner")
        try fixture.registerBundle("org.example.second", name: "Second", extensions: [Self.legacyExtension], rank: "Alternate")
        let graph = try fixture.catalog.snapshot().graph
        let target = try DefaultTarget(parsing: ".\(Self.legacyExtension)", graph: graph)
        #expect(target == DefaultTarget(scope: .type, key: "dyn.ext.owlegacy"))
        try fixture.catalog.setDefault(scope: target.scope, key: target.key, appID: "org.example.second")
        let lookup = try fixture.lookup()
        let answer = try lookup.handlers(forFileAt: try fixture.folder.write("vault.\(Self.legacyExtension)", bytes: Self.keePass))
        #expect(answer.handlers.candidates.map(\.app.id) == ["org.example.second", "org.example.first"])
        #expect(answer.handlers.candidates.first?.group == .userDefault)
        #expect(answer.handlers.candidates.first?.matchedType.identifier == "dyn.ext.owlegacy")
        #expect(lookup.defaultHandler(for: target)?.app.id == "org.example.second")
    }

    @Test("KeePassXC's kdbx and OpenSCAD's scad, as their Info.plists claim them", arguments: [("kdbx", "org.keepassxc.keepassxc"), ("scad", "org.openscad.OpenSCAD")])
    func realWorld(ext: String, id: String) throws {
        let fixture = try LegacyClaimFixture()
        try fixture.registerBundle(id, name: id, extensions: [ext])
        try fixture.registerDesktopEntry("texteditor", name: "Text Editor", mimeTypes: ["text/plain"])
        let lookup = try fixture.lookup()
        let file = try fixture.folder.write("file.\(ext)", bytes: ext == "scad" ? Self.text : Self.keePass)
        let answer = try lookup.handlers(forFileAt: file)
        #expect(answer.handlers.defaultHandler?.app.id == id)
        if lookup.snapshot.graph.types(filenameExtension: ext).isEmpty {
            #expect(answer.handlers.defaultHandler?.matchedType.isDynamic == true)
            #expect(answer.handlers.defaultHandler?.reason.contains("claims the extension .\(ext), which no declared type owns") == true)
        }
    }
}

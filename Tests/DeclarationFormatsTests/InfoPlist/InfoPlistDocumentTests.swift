import Foundation
import Testing

@testable import DeclarationFormats

@Suite("Info.plist documents")
struct InfoPlistDocumentTests {
    /// Every row of PROVENANCE.tsv: the parsed document's counts match the recorded columns.
    @Test(
        .enabled(
            if: FormatFixtures.plistFixturesAvailable,
            "the shared plist fixtures are missing at ../shared/fixtures/plists"),
        arguments: FormatFixtures.provenance)
    func fixtureMatchesProvenance(row: [String: String]) throws {
        let file = try #require(row["file"])
        let source = FormatFixtures.plistFolder.appendingPathComponent(file).path
        let document = try InfoPlistDocument.parse(FormatFixtures.plistBytes(file), source: source)
        func column(_ name: String) throws -> Int {
            let text = row[name] ?? ""
            return try #require(Int(text), "\(file) \(name) = \"\(text)\"")
        }
        func skippedEmpty(_ key: String) -> Int {
            document.warnings.filter {
                $0.code == .emptyString && $0.key?.hasPrefix("CFBundleDocumentTypes[") == true
                    && $0.key?.contains(".\(key)[") == true
            }.count
        }
        let types = document.documentTypes
        #expect(types.count == (try column("doc_types")), "\(file)")
        #expect(
            types.filter(\.declaresContentTypes).count == (try column("doc_types_with_LSItemContentTypes")), "\(file)")
        #expect(
            types.map(\.contentTypes.count).reduce(0, +) + skippedEmpty("LSItemContentTypes")
                == (try column("LSItemContentTypes_refs")), "\(file)")
        #expect(
            types.map { $0.extensions.count + ($0.matchesAllExtensions ? 1 : 0) }.reduce(0, +)
                + skippedEmpty("CFBundleTypeExtensions") == (try column("CFBundleTypeExtensions_refs")), "\(file)")
        #expect(
            types.map(\.mimeTypes.count).reduce(0, +) + skippedEmpty("CFBundleTypeMIMETypes")
                == (try column("CFBundleTypeMIMETypes_refs")), "\(file)")
        #expect(
            types.map { $0.osTypes.count + ($0.matchesAllOSTypes ? 1 : 0) }.reduce(0, +)
                + skippedEmpty("CFBundleTypeOSTypes") == (try column("CFBundleTypeOSTypes_refs")), "\(file)")
        #expect(document.importedTypes.count == (try column("imported_UTIs")), "\(file)")
        #expect(document.exportedTypes.count == (try column("exported_UTIs")), "\(file)")
        #expect(document.urlTypes.count == (try column("url_types")), "\(file)")
        let schemes = document.urlTypes.flatMap(\.schemes)
        #expect(schemes.count == (try column("url_schemes")), "\(file)")
        #expect(schemes.joined(separator: ",") == row["url_scheme_list"], "\(file)")
        #expect(Self.histogram(types.map { $0.declaredRole?.rawValue ?? "(none)" }) == row["roles"], "\(file)")
        #expect(Self.histogram(types.map { $0.handlerRank?.rawValue ?? "(none)" }) == row["handler_ranks"], "\(file)")
        #expect(document.buildVariables.joined(separator: " ") == row["build_variables"], "\(file)")
        #expect(document.hasUnresolvedBuildVariable == !(row["build_variables"] ?? "").isEmpty, "\(file)")
        // Nothing in these real files is of the wrong type: no entry may be silently lost.
        #expect(document.warnings.filter { $0.code == .wrongValueType }.isEmpty, "\(document.warnings)")
        for quirk in (row["quirks"] ?? "").split(separator: "; ").map(String.init) {
            try Self.check(quirk: quirk, in: document, file: file)
        }
    }

    static func histogram(_ values: [String]) -> String {
        Dictionary(grouping: values, by: { $0 }).map { "\($0.key):\($0.value.count)" }.sorted().joined(separator: ",")
    }

    static func check(quirk: String, in document: InfoPlistDocument, file: String) throws {
        let types = document.documentTypes
        if quirk == "wildcard extension '*'" {
            #expect(types.contains { $0.matchesAllExtensions }, "\(file)")
            #expect(!types.contains { $0.extensions.contains("*") }, "\(file)")
        } else if quirk == "wildcard OSType '****'" {
            #expect(types.contains { $0.matchesAllOSTypes }, "\(file)")
        } else if quirk == "empty string in LSItemContentTypes" {
            #expect(
                document.warnings.contains {
                    $0.code == .emptyString && $0.key?.contains("LSItemContentTypes") == true
                },
                "\(file)")
            #expect(!types.contains { $0.contentTypes.contains("") }, "\(file)")
        } else if quirk.contains("mix LSItemContentTypes with legacy"), let count = Int(quirk.prefix(while: \.isNumber))
        {
            #expect(types.filter { $0.declaresContentTypes && $0.hasLegacyClaims }.count == count, "\(file)")
            #expect(types.filter(\.legacyKeysIgnored).allSatisfy { !$0.contentTypes.isEmpty })
        } else if quirk == "CFBundleTypeRole inside CFBundleURLTypes entries" {
            #expect(document.urlTypes.contains { $0.declaredRole != nil }, "\(file)")
        } else if quirk.hasPrefix("same UTI both imported and exported: ") {
            let identifier = String(quirk.dropFirst("same UTI both imported and exported: ".count))
            #expect(document.importedTypes.contains { $0.identifier == identifier }, "\(file)")
            #expect(document.exportedTypes.contains { $0.identifier == identifier }, "\(file)")
        } else {
            Issue.record("\(file): unhandled quirk \"\(quirk)\" in PROVENANCE.tsv")
        }
    }

    @Test(.enabled(if: FormatFixtures.plistFixturesAvailable, "the shared plist fixtures are missing"))
    func everyFixtureIsListedInProvenance() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: FormatFixtures.plistFolder.path)
            .filter { $0.hasSuffix(".plist") }
        #expect(!files.isEmpty)
        #expect(Set(files) == Set(FormatFixtures.provenanceFiles))
    }

    @Test(.enabled(if: FormatFixtures.plistFixturesAvailable, "the shared plist fixtures are missing"))
    func fixtureSpotChecks() throws {
        let hexFiend = try InfoPlistDocument.parse(
            FormatFixtures.plistBytes("hexfiend.plist"), source: "hexfiend.plist")
        #expect(hexFiend.bundleIdentifier == "$(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(hexFiend.executable == "${EXECUTABLE_NAME}")
        #expect(throws: CatalogFormatError.self) { try hexFiend.requireIdentity() }
        #expect(try hexFiend.requireIdentity(fallback: "Hex Fiend") == "Hex Fiend")

        let kiwix = try InfoPlistDocument.parse(FormatFixtures.plistBytes("kiwix-apple.plist"), source: "kiwix.plist")
        #expect(kiwix.documentTypes.first?.declaredRole == nil)
        #expect(kiwix.documentTypes.first?.role == .viewer)
        #expect(kiwix.documentTypes.first?.handlerRank == .owner)
        #expect(kiwix.warnings.contains { $0.code == .missingIdentity })
        let missing = #expect(throws: CatalogFormatError.self) { try kiwix.requireIdentity() }
        #expect(missing?.key == "CFBundleIdentifier")

        let iina = try InfoPlistDocument.parse(FormatFixtures.plistBytes("iina.plist"), source: "iina.plist")
        let matroska = try #require(iina.documentTypes.first { $0.name == "Matroska audio" })
        #expect(matroska.declaresContentTypes && matroska.contentTypes.isEmpty)
        #expect(!matroska.legacyKeysIgnored, "all content types were empty: the extension claim is kept")
        #expect(matroska.extensions == ["mka"])

        let coteditor = try InfoPlistDocument.parse(
            FormatFixtures.plistBytes("coteditor.plist"), source: "coteditor.plist")
        let settings = try #require(coteditor.exportedTypes.first { $0.iconBadgeName != nil })
        #expect(settings.iconText == "settings")
        #expect(coteditor.exportedTypes.allSatisfy { !$0.conformsTo.isEmpty })

        let vlc = try InfoPlistDocument.parse(FormatFixtures.plistBytes("vlc-ios.plist"), source: "vlc.plist")
        #expect(vlc.queriedSchemes.isEmpty == false)
        #expect(vlc.importedTypes.contains { !$0.filenameExtensions.isEmpty && !$0.mimeTypes.isEmpty })

        let transmission = try InfoPlistDocument.parse(
            FormatFixtures.plistBytes("transmission-mac.plist"), source: "transmission.plist")
        #expect(transmission.buildVariables.contains("@CFBUNDLE_VERSION@"))
        #expect(transmission.exportedTypes.first?.tags["com.apple.ostype"]?.isEmpty == false)
    }

    @Test(.enabled(if: FormatFixtures.plistFixturesAvailable, "the shared plist fixtures are missing"))
    func fixturesRoundTripThroughBinary() throws {
        for file in FormatFixtures.provenanceFiles {
            let xml = try PropertyListParser.parse(FormatFixtures.plistBytes(file), source: file)
            let binary = try PropertyListParser.parse(BinaryPropertyListWriter.encode(xml), source: file + ".bin")
            #expect(binary == xml, "\(file)")
            #expect(
                try InfoPlistDocument(propertyList: binary, source: file)
                    == InfoPlistDocument(propertyList: xml, source: file))
        }
    }

    static let messy = """
        <plist><dict>
          <key>CFBundleName</key><string>Messy</string>
          <key>CFBundleDocumentTypes</key>
          <array>
            <string>not a dictionary</string>
            <dict>
              <key>CFBundleTypeName</key><array/>
              <key>CFBundleTypeRole</key><string>Editorr</string>
              <key>LSHandlerRank</key><string>owner</string>
              <key>LSItemContentTypes</key><array><string></string><integer>3</integer><string>public.png</string></array>
              <key>CFBundleTypeExtensions</key><string>png</string>
              <key>LSTypeIsPackage</key><string>YES</string>
            </dict>
          </array>
          <key>UTExportedTypeDeclarations</key>
          <array>
            <dict><key>UTTypeDescription</key><string>no identifier</string></dict>
            <dict>
              <key>UTTypeIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER).doc</string>
              <key>UTTypeConformsTo</key><string>public.data</string>
              <key>UTTypeTagSpecification</key>
              <dict>
                <key>public.filename-extension</key><string>mess</string>
                <key>public.mime-type</key><array><string>application/x-mess</string><string></string></array>
              </dict>
            </dict>
          </array>
          <key>CFBundleURLTypes</key><dict/>
        </dict></plist>
        """

    @Test func messyValuesAreSkippedWithWarnings() throws {
        let document = try InfoPlistDocument.parse(Array(Self.messy.utf8), source: "messy.plist")
        #expect(document.name == "Messy")
        #expect(document.documentTypes.count == 1)
        let type = try #require(document.documentTypes.first)
        #expect(type.index == 1)
        #expect(type.name == nil)
        #expect(type.declaredRole == nil && type.role == .viewer)
        #expect(type.handlerRank == .owner)
        #expect(type.contentTypes == ["public.png"])
        #expect(type.extensions == ["png"])
        #expect(type.isPackage == true)
        #expect(type.legacyKeysIgnored)
        let exported = try #require(document.exportedTypes.first)
        #expect(document.exportedTypes.count == 1)
        #expect(exported.conformsTo == ["public.data"])
        #expect(exported.filenameExtensions == ["mess"])
        #expect(exported.mimeTypes == ["application/x-mess"])
        #expect(exported.hasUnresolvedBuildVariable)
        #expect(document.buildVariables == ["$(PRODUCT_BUNDLE_IDENTIFIER)"])
        let keys = Set(document.warnings.compactMap(\.key))
        for key in [
            "CFBundleDocumentTypes[0]", "CFBundleDocumentTypes[1].CFBundleTypeName",
            "CFBundleDocumentTypes[1].CFBundleTypeRole", "CFBundleDocumentTypes[1].LSItemContentTypes[0]",
            "CFBundleDocumentTypes[1].LSItemContentTypes[1]", "UTExportedTypeDeclarations[0].UTTypeIdentifier",
            "UTExportedTypeDeclarations[1].UTTypeTagSpecification.public.mime-type[1]", "CFBundleURLTypes",
        ] {
            #expect(keys.contains(key), "missing warning for \(key): \(document.warnings)")
        }
        #expect(document.warnings.allSatisfy { $0.source == "messy.plist" })
    }

    @Test func rootMustBeADictionary() {
        let error = #expect(throws: CatalogFormatError.self) {
            try InfoPlistDocument.parse(Array("<plist><array/></plist>".utf8), source: "array.plist")
        }
        #expect(error?.code == .malformedInfoPlist)
    }

    @Test func buildVariablesAreFoundAndSubstituted() {
        #expect(
            BuildVariables.references(in: "$(A) ${B_2} @C@ $(D:rfc1034identifier) $ (x) @ foo@ $(9)")
                == ["$(A)", "${B_2}", "@C@", "$(D:rfc1034identifier)"])
        #expect(!BuildVariables.containsUnresolved("user@example.com"))
        #expect(BuildVariables.references(in: String(repeating: "$(A:x@B", count: 50_000)).isEmpty, "stays linear")
        #expect(
            BuildVariables.substitute(
                in: "org.example.$(PRODUCT_NAME:rfc1034identifier).$(X)", values: ["PRODUCT_NAME": "My App"])
                == "org.example.My-App.$(X)")
        let substituted = BuildVariables.substitute(
            in: .dictionary(["CFBundleIdentifier": .string("$(PRODUCT_BUNDLE_IDENTIFIER)")]),
            values: ["PRODUCT_BUNDLE_IDENTIFIER": "org.example.app"])
        #expect(substituted["CFBundleIdentifier"] == .string("org.example.app"))
    }
}

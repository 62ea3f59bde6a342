import DeclarationFormats
import Testing

/// An extension's `Info.plist` as Xcode writes it, with `rule` as the activation rule's XML.
func extensionPlist(point: String = "com.apple.share-services", rule: String, name: String = "Post to Notes") -> [UInt8] {
    Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>$(DEVELOPMENT_LANGUAGE)</string>
        \t<key>CFBundleDisplayName</key>
        \t<string>\(name)</string>
        \t<key>CFBundleExecutable</key>
        \t<string>$(EXECUTABLE_NAME)</string>
        \t<key>CFBundleIdentifier</key>
        \t<string>org.example.Notes.Share</string>
        \t<key>CFBundlePackageType</key>
        \t<string>XPC!</string>
        \t<key>NSExtension</key>
        \t<dict>
        \t\t<key>NSExtensionAttributes</key>
        \t\t<dict>
        \t\t\t<key>NSExtensionActivationRule</key>
        \(rule)
        \t\t</dict>
        \t\t<key>NSExtensionMainStoryboard</key>
        \t\t<string>MainInterface</string>
        \t\t<key>NSExtensionPointIdentifier</key>
        \t\t<string>\(point)</string>
        \t</dict>
        </dict>
        </plist>
        """.utf8)
}

private func read(_ bytes: [UInt8], source: String = "Share.appex/Info.plist") throws -> ShareExtensionDeclaration? {
    try ShareExtensionDeclaration.read(propertyList: PropertyListParser.parse(bytes, source: source), source: source, identifier: "org.example.Notes.Share")
}

private func refusal(_ bytes: [UInt8]) -> CatalogFormatError? {
    do {
        _ = try read(bytes)
        return nil
    } catch { return error as? CatalogFormatError }
}

@Suite("Share and action extension declarations")
struct ShareExtensionDeclarationTests {
    @Test("The dictionary form: every count key, text as a Boolean, web pages when no web URL count is given")
    func dictionaryForm() throws {
        let plist = extensionPlist(rule: """
            <dict>
            <key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>10</integer>
            <key>NSExtensionActivationSupportsMovieWithMaxCount</key><integer>1</integer>
            <key>NSExtensionActivationSupportsFileWithMaxCount</key><string>3</string>
            <key>NSExtensionActivationSupportsText</key><true/>
            <key>NSExtensionActivationSupportsWebPageWithMaxCount</key><integer>2</integer>
            <key>NSExtensionActivationSupportsAttachmentsWithMinCount</key><integer>1</integer>
            <key>NSExtensionActivationDictionaryVersion</key><integer>2</integer>
            </dict>
            """)
        let declaration = try #require(try read(plist))
        #expect(declaration.kind == .share)
        #expect(declaration.title == "Post to Notes")
        #expect(declaration.identifier == "org.example.Notes.Share")
        let rule = declaration.rule
        #expect(rule.form == .dictionary)
        #expect(rule.maxImages == 10)
        #expect(rule.maxMovies == 1)
        #expect(rule.maxFiles == 3)
        #expect(rule.maxText == ShareActivationRule.unlimited)
        #expect(rule.maxWebURLs == 2)
        #expect(rule.minAttachments == 1)
        #expect(rule.maxAttachments == nil)
        #expect(rule.acceptedTypes.isEmpty)
    }

    @Test("Xcode's predicate template is read for its types and its first @count bound; an action extension point is an action")
    func predicateForm() throws {
        let plist = extensionPlist(point: "com.apple.ui-services", rule: """
            <string>SUBQUERY (
                extensionItems,
                $extensionItem,
                SUBQUERY (
                    $extensionItem.attachments,
                    $attachment,
                    ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf"
                    || ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO 'public.image'
                ).@count &lt;= 4
            ).@count == 1</string>
            """)
        let declaration = try #require(try read(plist))
        #expect(declaration.kind == .action)
        #expect(declaration.rule.form == .predicate)
        #expect(declaration.rule.acceptedTypes == ["com.adobe.pdf", "public.image"])
        #expect(declaration.rule.maxAttachments == 4)
    }

    @Test("TRUEPREDICATE takes anything; a property list of another extension point declares no share extension")
    func truePredicateAndOtherPoints() throws {
        #expect(try read(extensionPlist(rule: "<string>TRUEPREDICATE</string>"))?.rule.form == .anything)
        #expect(try read(extensionPlist(point: "com.apple.widgetkit-extension", rule: "<string>TRUEPREDICATE</string>")) == nil)
        let app = Array("<plist><dict><key>CFBundleIdentifier</key><string>org.example.App</string></dict></plist>".utf8)
        #expect(try read(app) == nil)
    }

    @Test(
        "A malformed rule is refused with the file, the key path and the reason",
        arguments: [
            ("<dict><key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>-1</integer></dict>", "NSExtensionActivationSupportsImageWithMaxCount", "negative"),
            ("<dict><key>NSExtensionActivationSupportsImageWithMaxCount</key><string>many</string></dict>", "NSExtensionActivationSupportsImageWithMaxCount", "'many' is not a count"),
            ("<dict><key>NSExtensionActivationSupportsImagesWithMaxCount</key><integer>1</integer></dict>", "NSExtensionActivationSupportsImagesWithMaxCount", "not an activation rule key"),
            ("<dict><key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>0</integer></dict>", "NSExtensionActivationRule", "accepts nothing"),
            ("<string>SUBQUERY(extensionItems, $e, $e.attachments.@count == 1).@count == 1</string>", "NSExtensionActivationRule", "names no type"),
            ("<string>ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image</string>", "NSExtensionActivationRule", "not closed"),
            ("<array/>", "NSExtensionActivationRule", "is a array"),
        ])
    func malformedRules(rule: String, key: String, reason: String) throws {
        let error = try #require(refusal(extensionPlist(rule: rule)))
        #expect(error.code == .malformedActivationRule)
        #expect(error.source == "Share.appex/Info.plist")
        #expect(error.key?.hasPrefix("NSExtension.NSExtensionAttributes.NSExtensionActivationRule") == true)
        #expect(error.key?.hasSuffix(key) == true, "\(error)")
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test("A share extension without an activation rule is refused")
    func missingRule() throws {
        let plist = Array("""
            <plist><dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict></dict></plist>
            """.utf8)
        let error = try #require(refusal(plist))
        #expect(error.key == "NSExtension.NSExtensionAttributes.NSExtensionActivationRule")
        #expect(error.reason.contains("missing"))
    }

    @Test("A hostile predicate (64 KiB of quotes and keywords) is refused by its length, not scanned")
    func longPredicate() throws {
        let predicate = String(repeating: "UTI-CONFORMS-TO \"a", count: 4000)
        let error = try #require(refusal(extensionPlist(rule: "<string>\(predicate)</string>")))
        #expect(error.reason.contains("at most 16384"))
    }
}

@Suite("Share extensions declared in desktop entries")
struct ShareDesktopEntryTests {
    private func entry(_ keys: String) throws -> DesktopEntry {
        try DesktopEntryParser.parse(
            Array("[Desktop Entry]\nType=Application\nName=Pixel Board\nExec=pixelboard %F\nMimeType=image/png;\n\(keys)".utf8),
            source: "/usr/share/applications/pixelboard.desktop")
    }

    @Test("The documented keys: kind, title, types (identifiers and MIME types) and counts")
    func keys() throws {
        let declaration = try #require(try ShareExtensionDeclaration.read(
            desktopEntry: entry("X-OpenWith-Share-Kind=action\nX-OpenWith-Share-Title=Pin to Board\nX-OpenWith-Share-Types=public.image;application/pdf;\nX-OpenWith-Share-Max-Items=5\n"),
            identifier: "pixelboard.desktop"))
        #expect(declaration.kind == .action)
        #expect(declaration.title == "Pin to Board")
        #expect(declaration.rule.acceptedTypes == ["public.image", "application/pdf"])
        #expect(declaration.rule.maxAttachments == 5)
        #expect(declaration.identifier == "pixelboard.desktop")
        let counts = try #require(try ShareExtensionDeclaration.read(
            desktopEntry: entry("X-OpenWith-Share-Max-Images=4\nX-OpenWith-Share-Max-Web-URLs=1\n"), identifier: "pixelboard.desktop"))
        #expect(counts.kind == .share)
        #expect(counts.title == "Pixel Board")
        #expect(counts.rule.maxImages == 4)
        #expect(counts.rule.maxWebURLs == 1)
        #expect(counts.rule.maxFiles == nil)
        #expect(try ShareExtensionDeclaration.read(desktopEntry: entry(""), identifier: "pixelboard.desktop") == nil)
    }

    @Test(
        "Malformed share keys are refused with the file, the key, the line and the reason",
        arguments: [
            ("X-OpenWith-Share-Max-Images=lots\n", "X-OpenWith-Share-Max-Images", "'lots' is not a count"),
            ("X-OpenWith-Share-Kind=post\n", "X-OpenWith-Share-Kind", "neither share nor action"),
            ("X-OpenWith-Share-Max-Image=3\n", "X-OpenWith-Share-Max-Image", "is not a share key"),
            ("X-OpenWith-Share-Types=image png;\n", "X-OpenWith-Share-Types", "neither a type identifier nor a MIME type"),
            ("X-OpenWith-Share-Max-Files=0\n", "X-OpenWith-Share-*", "accept nothing"),
        ])
    func malformed(keys: String, key: String, reason: String) throws {
        do {
            _ = try ShareExtensionDeclaration.read(desktopEntry: entry(keys), identifier: "pixelboard.desktop")
            Issue.record("\(keys) was accepted")
        } catch let error as CatalogFormatError {
            #expect(error.code == .malformedActivationRule)
            #expect(error.source == "/usr/share/applications/pixelboard.desktop")
            #expect(error.key == key)
            #expect(error.reason.contains(reason), "\(error.reason)")
            if key != "X-OpenWith-Share-*" { #expect(error.line == 6) }
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

@Suite("Activation predicates on hostile text")
struct ShareActivationPredicateRobustnessTests {
    @Test("Cut and mutated predicates are answered or refused, never trapped on")
    func mutatedPredicates() {
        let template = Array(#"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image" || ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO 'com.adobe.pdf').@count <= 4).@count == 1"#.utf8)
        let alphabet = Array("\"' @count<=>UTI-CONFORMS-TO0123456789\u{0}\n.".utf8)
        var state: UInt64 = 0x5EED_1234
        var answered = 0
        for round in 0..<3000 {
            var bytes = Array(template.prefix(round % (template.count + 1)))
            for _ in 0..<(round % 7) where !bytes.isEmpty {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let position = Int(state >> 33) % bytes.count
                bytes[position] = alphabet[Int(state >> 13) % alphabet.count]
            }
            let text = String(decoding: bytes, as: UTF8.self)
            if let rule = try? ShareActivationPredicate.rule(text, source: "fuzz", key: "rule") {
                answered += 1
                #expect(!rule.acceptedTypes.isEmpty || rule.form == .anything)
                #expect((rule.maxAttachments ?? 1) >= 1)
            }
        }
        #expect(answered > 0)
    }
}

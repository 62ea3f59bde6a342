import Foundation
import Testing

@testable import DeclarationFormats

@Suite("shared-mime-info")
struct SharedMimeInfoParserTests {
    /// `bytes` without `<!-- … -->` comments (the database comments out a few rules).
    static func withoutComments(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), matches("<!--", in: bytes, at: index) {
                index += 4
                while index < bytes.count, !matches("-->", in: bytes, at: index) { index += 1 }
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    static func matches(_ needle: String, in bytes: [UInt8], at index: Int) -> Bool {
        var position = index
        for byte in needle.utf8 {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
        }
        return true
    }

    /// Occurrences of `needle` in `bytes`: an independent count to compare the parser with.
    static func occurrences(of needle: String, in bytes: [UInt8]) -> Int {
        var count = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "<") && matches(needle, in: bytes, at: index) {
            count += 1
        }
        return count
    }

    @Test(.enabled(if: FormatFixtures.freedesktopPackageAvailable, "shared-mime-info is not installed"))
    func systemDatabaseParsesCompletely() throws {
        let file = try FormatFixtures.bytes(atPath: FormatFixtures.freedesktopPackagePath)
        let package = try SharedMimeInfoParser.parse(file, source: FormatFixtures.freedesktopPackagePath)
        let bytes = Self.withoutComments(file)
        #expect(package.warnings.isEmpty, "\(package.warnings.prefix(5))")
        let types = package.types
        #expect(types.count == Self.occurrences(of: "<mime-type ", in: bytes))
        #expect(types.count == 851, "Debian 12's shared-mime-info 2.2 has 851 types")
        #expect(Set(types.map(\.type)).count == types.count)
        #expect(types.flatMap(\.globs).count == Self.occurrences(of: "<glob ", in: bytes))
        #expect(types.flatMap(\.aliases).count == Self.occurrences(of: "<alias ", in: bytes))
        #expect(types.flatMap(\.parents).count == Self.occurrences(of: "<sub-class-of ", in: bytes))
        #expect(types.filter { $0.genericIcon != nil }.count == Self.occurrences(of: "<generic-icon ", in: bytes))
        #expect(types.flatMap(\.rootXML).count == Self.occurrences(of: "<root-XML ", in: bytes))
        #expect(types.filter { $0.acronym != nil }.count == Self.occurrences(of: "<acronym>", in: bytes))
        #expect(types.filter { $0.comment != nil }.count == Self.occurrences(of: "<comment>", in: bytes))
        #expect(Self.occurrences(of: "<magic", in: bytes) > 0, "the magic rules are skipped, not refused")
        #expect(Self.occurrences(of: "<treemagic", in: bytes) > 0)

        let png = try #require(package.definition(of: "image/png"))
        #expect(png.globs == [MimeGlob(pattern: "*.png")])
        #expect(png.comment == "PNG image")
        #expect(png.acronym == "PNG")
        #expect(png.expandedAcronym == "Portable Network Graphics")

        let compressedTar = try #require(package.definition(of: "application/x-compressed-tar"))
        #expect(compressedTar.globs.map(\.pattern) == ["*.tar.gz", "*.tgz"])
        #expect(compressedTar.parents == ["application/gzip"])
        #expect(compressedTar.genericIcon == "package-x-generic")
        #expect(compressedTar.comment == "Tar archive (gzip-compressed)")

        #expect(types.contains { $0.globs.contains { $0.caseSensitive } })
        #expect(types.contains { $0.globs.contains { $0.weight != MimeGlob.defaultWeight } })
        let first = try #require(types.first)
        #expect(first.line > 1)
    }

    static let smallPackage = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE mime-info [
          <!ELEMENT mime-info (mime-type)+>
          <!ATTLIST mime-info xmlns CDATA #FIXED "http://www.freedesktop.org/standards/shared-mime-info">
          <!-- comments in the subset are fine, even with <!ENTITY inside a comment? no: see below -->
        ]>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info" xmlns:x="urn:x">
          <mime-type type="application/x-foo">
            <comment>Foo &amp; Bar document</comment>
            <comment xml:lang="de">Foo-Dokument</comment>
            <acronym>FOO</acronym>
            <expanded-acronym>Frobnicated Object Output</expanded-acronym>
            <alias type="application/foo"/>
            <alias type="text/x-foo"/>
            <sub-class-of type="text/plain"/>
            <glob-deleteall/>
            <glob pattern="*.foo"/>
            <glob pattern="*.FOO" case-sensitive="true" weight="80"/>
            <glob pattern="Foofile" weight="bad"/>
            <glob weight="10"/>
            <icon name="foo-icon"/>
            <generic-icon name="text-x-generic"/>
            <root-XML namespaceURI="urn:foo" localName="foo"/>
            <magic priority="80">
              <match type="string" value="FOO" offset="0">
                <match type="big16" value="0x0102" offset="4:8" mask="0xff00"/>
                <match type="quad" value="1" offset="0"><match type="byte" value="1" offset="9"/></match>
              </match>
              <match type="little32" value="7" offset="x"/>
            </magic>
            <treemagic>
              <treematch path="FOO" type="directory" match-case="true">
                <treematch path="FOO/index" executable="true" non-empty="false"/>
              </treematch>
            </treemagic>
            <x:extension><whatever/></x:extension>
          </mime-type>
          <mime-type>
            <comment>no type attribute</comment>
          </mime-type>
          <mime-type type="image/x-bar"><comment><![CDATA[Bar <image>]]></comment><magic-deleteall/></mime-type>
        </mime-info>
        """

    @Test func smallPackageWithEveryElement() throws {
        let package = try SharedMimeInfoParser.parse(Array(Self.smallPackage.utf8), source: "foo.xml")
        #expect(package.types.map(\.type) == ["application/x-foo", "image/x-bar"])
        let foo = try #require(package.types.first)
        #expect(foo.line == 8)
        #expect(foo.comment == "Foo & Bar document")
        #expect(foo.acronym == "FOO")
        #expect(foo.expandedAcronym == "Frobnicated Object Output")
        #expect(foo.aliases == ["application/foo", "text/x-foo"])
        #expect(foo.parents == ["text/plain"])
        #expect(foo.deletesAllGlobs)
        #expect(
            foo.globs == [
                MimeGlob(pattern: "*.foo"), MimeGlob(pattern: "*.FOO", weight: 80, caseSensitive: true),
                MimeGlob(pattern: "Foofile", weight: 50),
            ])
        #expect(foo.icon == "foo-icon")
        #expect(foo.genericIcon == "text-x-generic")
        #expect(foo.rootXML == [MimeRootXML(namespaceURI: "urn:foo", localName: "foo")])
        let bar = try #require(package.types.last)
        #expect(bar.comment == "Bar <image>")
        // <magic>, <treemagic> and <magic-deleteall/> are skipped whole: their bad matches
        // (lines 27 and 29) warn of nothing.
        let warned = package.warnings.map { "\($0.line ?? 0) \($0.key ?? "")" }
        #expect(warned == ["19 <glob>", "20 <glob>", "38 <mime-type>"], "\(package.warnings)")
    }

    @Test(arguments: [
        ("<mime-info><mime-type type=\"a/b\"></mime-info>", CatalogFormatError.Code.malformedXML, 1, "does not match"),
        ("<mime-info>\n<mime-type type=\"a/b\">\n<glob pattern=\"*.x\"/>\n", .malformedXML, 4, "ends before"),
        ("<mime-info><glob pattern=*.x/></mime-info>", .malformedXML, 1, "not quoted"),
        ("<mime-info><glob pattern=\"<\"/></mime-info>", .malformedXML, 1, "\"<\" in the value"),
        ("<mime-info>\n</mime-info>\ntrailing text", .malformedXML, 3, "text after the root element"),
        (
            "<mime-info><mime-type type=\"a/b\"><comment>&unknown;</comment></mime-type></mime-info>", .unsupportedXML,
            1, "not supported"
        ),
        ("<!DOCTYPE m [<!ENTITY e \"x\">]><mime-info/>", .unsupportedXML, 1, "entity declarations are not supported"),
        (
            "<!DOCTYPE m [<!ENTITY % p \"x\"> %p;]><mime-info/>", .unsupportedXML, 1,
            "entity declarations are not supported"
        ),
        ("<!DOCTYPE m [\n<!ELEMENT a %p;>]><mime-info/>", .unsupportedXML, 2, "parameter entity"),
        ("<!DOCTYPE m [<!ELEMENT a ANY>", .malformedXML, 1, "not closed"),
        ("<mime-types/>", .malformedSharedMimeInfo, 1, "not <mime-info>"),
        ("", .malformedXML, 1, "no root element"),
        ("<mime-info><!-- unclosed </mime-info>", .malformedXML, 1, "comment is not closed"),
        ("<mime-info><mime-type type=\"a/b\" type=\"c/d\"/></mime-info>", .malformedXML, 1, "appears twice"),
        (
            "<mime-info><mime-type type=\"a/b\"><comment>&#xD800;</comment></mime-type></mime-info>", .malformedXML, 1,
            "not an allowed XML character"
        ),
        (
            "<mime-info><mime-type type=\"a/b\"><comment>&#x41</comment></mime-type></mime-info>", .malformedXML, 1,
            "complete entity"
        ),
        ("<?xml version=\"1.0\"?><?xml version=\"1.0\"?><mime-info/>", .malformedXML, 1, "XML declaration"),
    ])
    func malformedXMLNamesLineAndReason(document: String, code: CatalogFormatError.Code, line: Int, reason: String) {
        let error = #expect(throws: CatalogFormatError.self) {
            try SharedMimeInfoParser.parse(Array(document.utf8), source: "bad.xml")
        }
        #expect(error?.code == code, "\(String(describing: error))")
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.source == "bad.xml")
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
    }

    @Test func invalidUTF8IsAnEncodingError() {
        let bytes =
            Array("<mime-info>\n<mime-type type=\"a/b\"><comment>".utf8) + [0xFF]
            + Array("</comment></mime-type></mime-info>".utf8)
        let error = #expect(throws: CatalogFormatError.self) {
            try SharedMimeInfoParser.parse(bytes, source: "utf.xml")
        }
        #expect(error?.code == .invalidEncoding)
        #expect(error?.line == 2)
    }

    @Test func limitsAreEnforced() {
        let deep =
            "<mime-info>" + String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40) + "</mime-info>"
        let depthError = #expect(throws: CatalogFormatError.self) {
            try SharedMimeInfoParser.parse(
                Array(deep.utf8), source: "deep.xml", limits: CatalogFormatLimits(maximumDepth: 32))
        }
        #expect(depthError?.code == .limitExceeded)
        let attributes = (0..<20).map { "a\($0)=\"x\"" }.joined(separator: " ")
        let wide = "<mime-info><glob \(attributes)/></mime-info>"
        let attributeError = #expect(throws: CatalogFormatError.self) {
            try SharedMimeInfoParser.parse(
                Array(wide.utf8), source: "wide.xml", limits: CatalogFormatLimits(maximumAttributesPerElement: 8))
        }
        #expect(attributeError?.code == .limitExceeded)
    }

    @Test func truncatedAndCorruptedPackagesNeverTrap() {
        let bytes = Array(Self.smallPackage.utf8)
        for length in 0..<bytes.count {
            #expect(throws: CatalogFormatError.self) {
                try SharedMimeInfoParser.parse(Array(bytes.prefix(length)), source: "cut.xml")
            }
        }
        for index in stride(from: 0, to: bytes.count, by: 5) {
            for replacement in "<>&\"/!".utf8 {
                var corrupted = bytes
                corrupted[index] = replacement
                _ = try? SharedMimeInfoParser.parse(corrupted, source: "corrupt.xml")
                _ = try? PropertyListParser.parse(corrupted, source: "corrupt.plist")
            }
        }
    }
}

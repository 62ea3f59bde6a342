@testable import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// ``MagicRuleSet/freedesktop`` on real bytes: answers, single-type checks, priorities, number
/// encodings, and every rule against bytes built from the rule itself.
@Suite("Magic rules: answers")
struct MagicRuleSetTests {
    let magic = MagicRuleSet.freedesktop

    @Test("each fixture's best match is its format", arguments: MagicRuleCases.all)
    func bestMatch(_ row: MagicRuleCase) throws {
        let match = try #require(row.bytes.withUnsafeBytes { magic.bestMatch(in: $0) })
        #expect(match.mimeType == row.mimeType)
        #expect(row.bytes.withUnsafeBytes { magic.matches(match.identifier, in: $0) })
        #expect(match.identifier == MagicRuleTestSupport.identifier(ofMIMEType: row.mimeType, in: magic))
    }

    @Test("the fixtures are formats the built-in signature sniffer does not recognise")
    func fixturesAreNewFormats() throws {
        let builtIn = Set(SignatureSniffer.recognizedTypes)
        #expect(MagicRuleCases.all.count >= 25)
        for row in MagicRuleCases.all {
            let match = try #require(row.bytes.withUnsafeBytes { magic.bestMatch(in: $0) }, "\(row.name)")
            #expect(!builtIn.contains(match.identifier), "\(row.name): \(match.identifier) is built in")
        }
    }

    /// `(what, identifier, bytes, expected)`.
    static let singleTypeCases: [(String, TypeIdentifier, [UInt8], Bool)] = [
        ("GIMP brush is a brush", "org.freedesktop.mime.image.x-gimp-gbr", MagicRuleCases.all[0].bytes, true),
        ("GIMP brush is not a pattern", "org.freedesktop.mime.image.x-gimp-pat", MagicRuleCases.all[0].bytes, false),
        ("identifiers compare case-insensitively", "ORG.freedesktop.mime.IMAGE.x-gimp-gbr", MagicRuleCases.all[0].bytes, true),
        ("GtkBuilder is also XML (a lower-priority rule)", "public.xml", MagicRuleCases.gtkBuilder, true),
        ("ILBM is also IFF (a lower-priority rule)", "org.freedesktop.mime.application.x-iff", MagicRuleCases.ilbm, true),
        ("QML needs its nested { after the import", "org.freedesktop.mime.text.x-qml", Array("import QtQuick 2.15\n".utf8), false),
        ("QML with a { 3000 bytes later still counts", "org.freedesktop.mime.text.x-qml",
         Array("import Qt".utf8) + [UInt8](repeating: 0x20, count: 2990) + Array("{".utf8), true),
        ("QML with the { past the range does not", "org.freedesktop.mime.text.x-qml",
         Array("import Qt".utf8) + [UInt8](repeating: 0x20, count: 3010) + Array("{".utf8), false),
        ("an XPM at offset 1 is not one", "org.freedesktop.mime.image.x-xpixmap", Array(" /* XPM */\n".utf8), false),
        ("a type without rules", "public.png-but-not-declared", MagicRuleCases.all[0].bytes, false),
        ("an empty buffer", "org.freedesktop.mime.image.x-gimp-gbr", [], false),
    ]

    @Test("matches(_:in:) answers for one type", arguments: singleTypeCases.indices)
    func singleType(_ index: Int) {
        let (what, identifier, bytes, expected) = Self.singleTypeCases[index]
        #expect(bytes.withUnsafeBytes { magic.matches(identifier, in: $0) } == expected, "\(what)")
    }

    @Test("real overlapping rules: the higher priority wins")
    func realPriorities() {
        // ILBM (50) and IFF (40) both match FORM…ILBM; GtkBuilder (50) and XML (40) both match.
        for (bytes, winner, loser) in [
            (MagicRuleCases.ilbm, "image/x-ilbm", "org.freedesktop.mime.application.x-iff"),
            (MagicRuleCases.gtkBuilder, "application/x-gtk-builder", "public.xml"),
        ] as [([UInt8], String, TypeIdentifier)] {
            let match = bytes.withUnsafeBytes { magic.bestMatch(in: $0) }
            #expect(match?.mimeType == winner)
            #expect(bytes.withUnsafeBytes { magic.matches(loser, in: $0) })
        }
        // Plain FORM data is IFF alone.
        let iff = Array("FORM".utf8) + ByteFixtures.be32(4) + Array("ZZZZ".utf8)
        #expect(iff.withUnsafeBytes { magic.bestMatch(in: $0) }?.mimeType == "application/x-iff")
    }

    /// Two rules over the same bytes, in both index paths (first-byte table and scanned list).
    static let priorityTables: [(String, String)] = [
        ("the later, higher rule wins over the earlier one",
         "[40:application/x-low] org.example.low\n>string 0 =414243\n\n[60:application/x-high] org.example.high\n>string 0 =41\n\n"),
        ("a scanned rule (a range) outranks a table rule",
         "[40:application/x-low] org.example.low\n>string 0 =414243\n\n[60:application/x-high] org.example.high\n>string 0:4 =42\n\n"),
        ("a table rule outranks a scanned rule",
         "[40:application/x-low] org.example.low\n>string 1 =42\n\n[60:application/x-high] org.example.high\n>byte 0 =0x41\n\n"),
        ("equal priorities: the first rule wins",
         "[60:application/x-high] org.example.high\n>string 1 =4243\n\n[60:application/x-low] org.example.low\n>string 0 =41\n\n"),
    ]

    @Test("priority ordering, then table order", arguments: priorityTables.indices)
    func syntheticPriorities(_ index: Int) {
        let (what, text) = Self.priorityTables[index]
        let parsed = MagicRuleSet.parse(text)
        #expect(parsed.problems.isEmpty)
        let abc = Array("ABC".utf8)
        let match = abc.withUnsafeBytes { parsed.set.bestMatch(in: $0) }
        #expect(match == MagicMatch(identifier: "org.example.high", mimeType: "application/x-high", priority: 60), "\(what)")
        #expect(abc.withUnsafeBytes { parsed.set.matches("org.example.low", in: $0) }, "\(what)")
    }

    @Test("numbers: octal values and masks, byte order, host order, string masks")
    func numberEncodings() {
        // application/x-sharedlib: little16 0603 (octal) at 0, nested little16 mask 030000 value 020000 at 22.
        let sharedlib: TypeIdentifier = "org.freedesktop.mime.application.x-sharedlib"
        let header = ByteFixtures.le16(0o603) + ByteFixtures.zeros(20)
        #expect((header + ByteFixtures.le16(0x2ABC)).withUnsafeBytes { magic.matches(sharedlib, in: $0) })
        #expect(!(header + ByteFixtures.le16(0x3ABC)).withUnsafeBytes { magic.matches(sharedlib, in: $0) })
        #expect(!(header + ByteFixtures.le16(0x1ABC)).withUnsafeBytes { magic.matches(sharedlib, in: $0) })
        // little32 and big32 read in their own byte order.
        let exr: TypeIdentifier = "com.ilm.openexr-image"
        #expect(ByteFixtures.le32(0x0131_2F76).withUnsafeBytes { magic.matches(exr, in: $0) })
        #expect(!ByteFixtures.be32(0x0131_2F76).withUnsafeBytes { magic.matches(exr, in: $0) })
        let sun: TypeIdentifier = "org.freedesktop.mime.image.x-sun-raster"
        #expect(ByteFixtures.be32(0x59A6_6A95).withUnsafeBytes { magic.matches(sun, in: $0) })
        #expect(!ByteFixtures.le32(0x59A6_6A95).withUnsafeBytes { magic.matches(sun, in: $0) })
        // application/x-executable: host16 0x0110 is read in this machine's order.
        let executable: TypeIdentifier = "org.freedesktop.mime.application.x-executable"
        #if _endian(little)
        #expect(ByteFixtures.le16(0x0110).withUnsafeBytes { magic.matches(executable, in: $0) })
        #expect(!ByteFixtures.be16(0x0110).withUnsafeBytes { magic.matches(executable, in: $0) })
        #else
        #expect(ByteFixtures.be16(0x0110).withUnsafeBytes { magic.matches(executable, in: $0) })
        #expect(!ByteFixtures.le16(0x0110).withUnsafeBytes { magic.matches(executable, in: $0) })
        #endif
        // CorelDRAW: string CDRXvrsn at 8 with mask ffffff00ffffffff: the fourth byte is free.
        let corel: TypeIdentifier = "org.freedesktop.mime.application.vnd.corel-draw"
        let riff = Array("RIFF".utf8) + ByteFixtures.le32(1000)
        #expect((riff + Array("CDR9vrsn".utf8)).withUnsafeBytes { magic.matches(corel, in: $0) })
        #expect((riff + Array("CDRAvrsn".utf8)).withUnsafeBytes { magic.matches(corel, in: $0) })
        // Without the mask's match, only Tika's looser RIFF…CDR rule (priority 60) still holds.
        #expect((riff + Array("CDR9vrsX".utf8)).withUnsafeBytes { magic.bestMatch(in: $0) }?.priority == 60)
        #expect(!(riff + Array("XDR9vrsn".utf8)).withUnsafeBytes { magic.matches(corel, in: $0) })
        #expect((riff + Array("CDR9vrsn".utf8)).withUnsafeBytes { magic.bestMatch(in: $0) }?.priority == 80)
    }

    @Test("maximumOffset covers every check; the deep rules are the ones reaching past 4 KiB")
    func maximumOffset() {
        let farthest = magic.checks.map(\.readEnd).max() ?? 0
        #expect(magic.maximumOffset == farthest)
        // ISO 9660's third volume descriptor: CD001 at 36865.
        #expect(magic.maximumOffset >= 36_870)
        #expect(MagicRuleSet.parse("").set.maximumOffset == 0)
        let deep = Set(magic.deepRanks.map { Int(magic.ranked[Int($0)].rule) })
        let reaching = Set(magic.rules.indices.filter { magic.checks[magic.rules[$0].checks].contains { $0.readEnd > 4096 } })
        #expect(deep == reaching)
        #expect(!deep.isEmpty && deep.count * 10 < magic.count)
    }

    @Test("every rule matches bytes built from the rule itself, and the best match is at least as strong")
    func everyRuleMatchesItsOwnBytes() throws {
        var unsatisfiable: [String] = []
        for rule in magic.rules {
            guard let bytes = MagicRuleTestSupport.synthesize(rule, in: magic) else {
                unsatisfiable.append(rule.mimeType)
                continue
            }
            #expect(bytes.withUnsafeBytes { magic.matches(rule.identifier, in: $0) }, "\(rule.mimeType)")
            let best = bytes.withUnsafeBytes { magic.bestMatch(in: $0) }
            #expect((best?.priority ?? -1) >= rule.priority, "\(rule.mimeType): best \(String(describing: best))")
            #expect(
                bytes.withUnsafeBytes { magic.firstMatchingRule(in: $0) }
                    == bytes.withUnsafeBytes { MagicRuleTestSupport.referenceBestRule(in: $0, of: magic) },
                "\(rule.mimeType): the indexed answer differs from a plain scan of every rule")
        }
        #expect(unsatisfiable.isEmpty, "no bytes could be built for \(unsatisfiable)")
    }

    @Test("nothing matches an empty buffer")
    func emptyBuffer() {
        #expect([UInt8]().withUnsafeBytes { magic.bestMatch(in: $0) } == nil)
        #expect(magic.bestMatch(in: UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
    }

    @Test("recognizedTypes lists each rule's type once")
    func recognizedTypes() {
        #expect(Set(magic.recognizedTypes).count == magic.recognizedTypes.count)
        #expect(Set(magic.recognizedTypes) == Set(magic.rules.map(\.identifier)))
    }
}

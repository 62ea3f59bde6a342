import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// A name that claims a binary format must be confirmed by the content: plain text under a
/// tracker-module, MacBinary, archive or iWork template name is text, and the resolution says the name was
/// overruled. A file that does carry the format's marks keeps its name's type.
@Suite("Names of binary formats need their content's confirmation")
struct NameConfirmationTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)
    static let prose = Array("This is plain English text, written as notes.\nNothing in it is audio or an archive.\n".utf8)

    @Test("plain text under a binary format's name is text, with a conflict", arguments: [
        ("notes.it", "audio/x-it"), ("readme.mod", "audio/x-mod"), ("deskey.bin", "application/x-macbinary"),
        // iWork's single-file templates are ZIP archives, as its single-file documents are.
        ("Makevars.template", "application/x-iwork-pages-sfftemplate"), ("budget.nmbtemplate", "application/x-iwork-numbers-sfftemplate"),
    ])
    func textUnderBinaryName(name: String, claimedMIME: String) throws {
        let claimed = try #require(resolver.graph.type(mimeType: claimedMIME))
        let resolution = resolver.resolve(bytes: Self.prose, name: name)
        #expect(resolution.type.conforms(to: resolver.graph.identity(.text)))
        #expect(resolution.conflict?.claimed == claimed.identifier)
        #expect(resolution.conflict?.reason.contains("magic") == true)
    }

    /// X11's locale tables (`compose.dir`), readline's sample key bindings (`inputrc.arrows`) and
    /// SGML catalogs (`xml-core.cat`), as Debian installs them, under the names of a Director
    /// movie, an Arrow IPC stream and a Windows security catalog: binary formats nothing can
    /// confirm, which text is not.
    @Test("text under the name of a binary format nothing confirms is text, with a conflict", arguments: [
        ("compose.dir", "application/x-director"), ("inputrc.arrows", "application/vnd.apache.arrow.stream"),
        ("xml-core.cat", "application/vnd.ms-pki.seccat"), ("notes.dmg", "application/x-apple-diskimage"),
        ("AvailableInSearchSel.prc", "application/vnd.palm"), ("kernel.app", "com.apple.application-file"),
    ])
    func textUnderUnconfirmableBinaryName(name: String, claimedMIME: String) throws {
        // A MIME type, or the identifier of a type that has none.
        let claimed = try #require(resolver.graph.types(mimeType: claimedMIME).first ?? resolver.graph[TypeIdentifier(claimedMIME)])
        let match = resolver.graph.match(filename: name)
        try #require(match.type == claimed || match.tiedTypes.contains(claimed))
        let resolution = resolver.resolve(bytes: Self.prose, name: name)
        #expect(resolution.type.conforms(to: resolver.graph.identity(.text)), "\(resolution.type.identifier)")
        #expect(resolution.conflict?.claimed == claimed.identifier)
        #expect(resolution.conflict?.reason.contains("a binary format") == true, "\(resolution.conflict?.reason ?? "")")
    }

    @Test("JSON under the name of a binary format without magic is JSON, with a conflict", arguments: [
        // `*.ice` is Cooltalk audio in Tika's registry; `*.prc` a Palm database: neither has
        // magic, and a Palm database is binary by its specification, which the reason then says.
        ("block-counter.ice", "x-conference/x-cooltalk", "JSON"), ("settings.prc", "application/vnd.palm", "a binary format"),
    ])
    func jsonUnderBinaryName(name: String, claimedMIME: String, reason: String) throws {
        let claimed = try #require(resolver.graph.type(mimeType: claimedMIME))
        #expect(!claimed.conforms(to: resolver.graph.identity(.text)))
        let json = Array("""
            {
              "name": "block-counter",
              "ports": [{"name": "clk", "direction": "input"}, {"name": "count", "direction": "output", "width": 8}],
              "synthesis": {"tool": "yosys", "seed": 42, "retime": false}
            }

            """.utf8)
        let resolution = resolver.resolve(bytes: json, name: name)
        #expect(resolution.type.preferredMIMEType == "application/json")
        #expect(resolution.conflict?.claimed == claimed.identifier)
        #expect(resolution.conflict?.reason.contains(reason) == true, "\(resolution.conflict?.reason ?? "")")
    }

    @Test("a JSON format's name over JSON keeps its name")
    func jsonFormatName() throws {
        let har = Array(#"{"log": {"version": "1.2", "creator": {"name": "browser", "version": "1"}, "entries": []}}"#.utf8)
        let resolution = resolver.resolve(bytes: har, name: "recording.har")
        #expect(resolution.type.preferredMIMEType == "application/har+json")
        #expect(resolution.conflict == nil)
    }

    @Test("a file that bears the claimed format's magic keeps its name")
    func confirmedName() throws {
        // An Impulse Tracker module starts with "IMPM" and its song name.
        var module = Array("IMPM".utf8) + Array("a short song".utf8)
        module += [UInt8](repeating: 0, count: 64 - module.count)
        module += Array("This tracker module's message is written in plain words.\n".utf8)
        let resolution = resolver.resolve(bytes: module, name: "song.it")
        #expect(resolution.type.preferredMIMEType == "audio/x-it")
        #expect(resolution.conflict == nil)
    }

    @Test("a text format that is not declared as text keeps its name when its magic matches")
    func textFormatWithMagic() throws {
        let afm = Array("StartFontMetrics 4.1\nFontName Example-Regular\nEndFontMetrics\n".utf8)
        let resolution = resolver.resolve(bytes: afm, name: "Example-Regular.afm")
        #expect(resolution.type.preferredMIMEType == "application/x-font-afm")
        #expect(resolution.conflict == nil)
    }

    @Test("a name that a folder type claims does not make a file a folder")
    func folderTypeName() throws {
        // `*.fs` names Apple's file-system plug-in, a bundle; this file is F# source.
        #expect(resolver.graph.types(filenameExtension: "fs").contains { $0.conforms(to: resolver.graph.identity("public.directory")) })
        let source = Array("module Combinators\n\nlet twice f x = f (f x)\n".utf8)
        let resolution = resolver.resolve(bytes: source, name: "Combinators.fs")
        #expect(!resolution.type.conforms(to: resolver.graph.identity("public.directory")))
        #expect(resolution.type.conforms(to: resolver.graph.identity(.text)))
    }

    @Test("binary bytes under a text format's name are data, with a conflict", arguments: ["recovery.rtf", "notes.txt", "main.c"])
    func binaryUnderTextName(name: String) throws {
        // Bytes no signature knows, with NULs and high bytes: not text in any encoding.
        let bytes: [UInt8] = (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) } + [0, 0, 0, 0xFF, 0xFE, 0]
        let resolution = resolver.resolve(bytes: bytes, name: name)
        #expect(resolution.type.identifier == .data)
        #expect(resolution.conflict?.winner == .fallback)
        #expect(resolution.conflict?.claimedBy == .name)
    }

    /// UTF-32 text without a byte order mark, as the chardet project's test files hold it: three
    /// NULs beside every ASCII character are text, not binary bytes that refute the name.
    @Test("UTF-32 text without a byte order mark under a text name keeps the name, without a conflict", arguments: [true, false])
    func utf32WithoutMark(littleEndian: Bool) throws {
        let text = "DateTime,Bid,Ask\n2010-03-01 00:00,1.3651,1.3653\n"
        let bytes = text.unicodeScalars.flatMap { scalar in
            littleEndian ? ByteFixtures.le32(Int(scalar.value)) : ByteFixtures.be32(Int(scalar.value))
        }
        let resolution = resolver.resolve(bytes: bytes, name: "nobom.txt")
        #expect(resolution.type.conforms(to: resolver.graph.identity(.plainText)), "\(resolution.type.identifier)")
        #expect(resolution.conflict == nil)
    }

    @Test("an X bitmap is C text: it keeps its name though no magic rule matches it")
    func xBitmap() throws {
        let xbm = Array("""
            #define cursor_width 8
            #define cursor_height 8
            static unsigned char cursor_bits[] = {
               0x00, 0x18, 0x3c, 0x7e, 0x7e, 0x3c, 0x18, 0x00 };

            """.utf8)
        let resolution = resolver.resolve(bytes: xbm, name: "cursor.xbm")
        #expect(resolution.type.preferredMIMEType == "image/x-xbitmap")
        #expect(resolution.conflict == nil)
    }

    @Test("an SGI image is one type whether named .sgi or .rgb (image/x-rgb names the same format), without a conflict")
    func sgiImageNames() throws {
        let sgi: [UInt8] = [0x01, 0xDA, 1, 1, 0, 3, 0, 64, 0, 64, 0, 3] + ByteFixtures.zeros(500)
        let sgiType = try #require(resolver.graph["com.sgi.sgi-image"])
        #expect(resolver.graph.type(mimeType: "image/x-rgb") == sgiType)
        for name in ["hopper.rgb", "hopper.sgi", "hopper.bin"] {
            let resolution = resolver.resolve(bytes: sgi, name: name)
            #expect(resolution.type == sgiType, "\(name)")
            #expect(resolution.conflict == nil || name == "hopper.bin", "\(name)")
        }
        #expect(resolver.resolve(bytes: sgi, name: nil).type == sgiType)
    }

    /// A GIMP image (`gimp xcf `, which only a magic rule knows) under a chemistry format's name
    /// (`*.cache`): the rule outweighs the name, and the conflict says it was a magic rule.
    @Test("a magic rule that overrules a name is named as the winner, not as a signature")
    func magicRuleWinner() throws {
        let xcf = Array("gimp xcf v011\0".utf8) + ByteFixtures.be32(64) + ByteFixtures.be32(64) + ByteFixtures.be32(0)
            + (0..<500).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) } + ByteFixtures.zeros(64)
        let resolution = resolver.resolve(bytes: xcf, name: "render.cache")
        let conflict = try #require(resolution.conflict)
        #expect(resolution.type.preferredMIMEType == "image/x-xcf")
        try #require(resolution.evidence.contains { $0.source == .magicRules && $0.identifier == resolution.type.identifier })
        try #require(!resolution.evidence.contains { $0.source == .signature })
        #expect(conflict.winner == .magicRules)
        #expect(conflict.reason.contains("magic rule"), "\(conflict.reason)")
    }

    /// A GTK icon cache opens with its version, 1.0 as two 16-bit words, then the offset of its
    /// hash table: `00 01 00 00 00 00`, which shared-mime-info's TrueType rule matches. A
    /// TrueType font's table directory follows its version (a table count from 1, a search range
    /// that agrees with it); the cache has none, so it is no font, under its name or none.
    @Test("a GTK icon cache is no TrueType font, though it opens with TrueType's version")
    func iconCacheIsNoFont() throws {
        var cache: [UInt8] = [0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x00, 0x00, 0x01, 0x50, 0x00, 0x00, 0x00, 0x0B]
        cache += [UInt8](repeating: 0xFF, count: 20) + (0..<500).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) } + ByteFixtures.zeros(64)
        let font = try #require(resolver.graph["public.truetype-ttf-font"])
        for name in ["icon-theme.cache", nil] as [String?] {
            let resolution = resolver.resolve(bytes: cache, name: name)
            #expect(resolution.type != font, "\(name ?? "no name")")
            #expect(!resolution.evidence.contains { $0.identifier == font.identifier && $0.agrees }, "\(name ?? "no name")")
        }
        // A font's own directory: four tables, search range 64.
        let ttf: [UInt8] = [0x00, 0x01, 0x00, 0x00, 0x00, 0x04, 0x00, 0x40, 0x00, 0x02, 0x00, 0x00] + Array("cmap".utf8) + ByteFixtures.zeros(200)
        #expect(resolver.resolve(bytes: ttf, name: "icon-theme.cache").type == font)
    }
}

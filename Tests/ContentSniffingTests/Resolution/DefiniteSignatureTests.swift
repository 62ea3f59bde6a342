import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// Binary bytes that nothing placed are not a format every file of which carries a mark the
/// signatures know, and bytes that are not text are not a text format: the name loses, flagged.
@Suite("Names of formats with definite signatures")
struct DefiniteSignatureTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)
    /// Binary bytes no signature, magic rule or text check places.
    static let unplaced = [UInt8](repeating: 0x9C, count: 3) + ByteFixtures.pseudoRandom(count: 2048, seed: 41)

    @Test("unplaced binary bytes under a name with a definite signature are data, with a conflict", arguments: [
        "photo.png", "animation.gif", "picture.jpg", "layers.psd", "budget.xlsx", "letter.odt", "letter.doc", "backup.7z",
        "song.flac", "movie.mkv", "notes.sqlite", "song.ogg", "talk.opus", "sound.wav", "clip.avi", "tune.mid", "sample.aiff",
        "scan.tif", "module.wasm", "capture.pcap", "setup.exe", "ansi.sys", "bootx64.efi", "classes.pack", "intro.swf", "en.latin1.spl",
    ])
    func unplacedBytes(name: String) throws {
        let nameless = resolver.resolve(bytes: Self.unplaced, name: nil)
        try #require(nameless.type.identifier == .data, "the fixture must be bytes nothing places")
        let claimed = try #require(resolver.graph.match(filename: name).type)
        let resolution = resolver.resolve(bytes: Self.unplaced, name: name)
        #expect(resolution.type.identifier == .data)
        #expect(resolution.conflict?.claimed == claimed.identifier)
        #expect(resolution.conflict?.reason.contains("lacks the signature") == true)
    }

    /// A file that holds a format's whole magic number and ends inside its header is that
    /// format, cut short: its four high bytes read as 8-bit text do not refute the name.
    @Test("a capture cut short after its magic number keeps its .pcap name")
    func truncatedCapture() {
        let magic: [UInt8] = [0xA1, 0xB2, 0xC3, 0xD4]
        let named = resolver.resolve(bytes: magic, name: "capture.pcap")
        #expect(named.type.preferredMIMEType == "application/vnd.tcpdump.pcap")
        #expect(named.conflict == nil)
        #expect(resolver.resolve(bytes: magic, name: nil).type.preferredMIMEType == "application/vnd.tcpdump.pcap")
        // The same four bytes with a version that is not 2 are no capture.
        #expect(resolver.resolve(bytes: magic + [0, 7, 0, 4], name: "capture.pcap").type.preferredMIMEType != "application/vnd.tcpdump.pcap")
    }

    /// `.pack` names two formats with definite marks: a Git pack (`PACK`, version 2 or 3) and a
    /// Pack200 archive (`CAFED00D`). The name ties them; the bytes decide, and refute both when
    /// they hold neither mark.
    @Test("a .pack file is a Git pack or a Pack200 archive by its mark, and neither without one")
    func gitPack() throws {
        // A pack's header: "PACK", version 2, 143 objects; then the first object, zlib data.
        let pack = Array("PACK".utf8) + ByteFixtures.be32(2) + ByteFixtures.be32(143) + [0xB6, 0x2D, 0x78, 0x01] + Self.unplaced
        let name = "pack-25aeda71c5198cb44fce0744cda8a35d8ab063e3.pack"
        let pack200 = try #require(resolver.graph.type(mimeType: "application/x-java-pack200"))
        let gitPack = try #require(resolver.graph.type(mimeType: "application/x-git"))
        let match = resolver.graph.match(filename: name)
        try #require(match.isAmbiguous)
        try #require(Set(([match.type] + match.tiedTypes).compactMap { $0?.identifier }) == [pack200.identifier, gitPack.identifier])
        let resolution = resolver.resolve(bytes: pack, name: name)
        #expect(resolution.type == gitPack)
        #expect(resolution.conflict == nil)
        #expect(resolver.resolve(bytes: pack, name: nil).type == gitPack)
        let archive = ByteFixtures.be32(0xCAFE_D00D) + [0x07, 0x96, 0x01] + Self.unplaced
        #expect(resolver.resolve(bytes: archive, name: "classes.pack").type == pack200)
        #expect(resolver.resolve(bytes: archive, name: nil).type == pack200)
        // Neither mark: bytes nothing places are data, text is text.
        let unplaced = resolver.resolve(bytes: Self.unplaced, name: name)
        #expect(unplaced.type.identifier == .data)
        #expect(unplaced.conflict?.reason.contains("lacks the signature") == true)
        let text = resolver.resolve(bytes: Array("set editing-mode vi\nset bell-style none\n".utf8), name: "inputrc.pack")
        #expect(text.type.identifier == .plainText, "\(text.type.identifier)")
        #expect(text.conflict != nil)
    }

    @Test("a format without a definite mark keeps its name over unplaced bytes", arguments: ["texture.tga", "track.mp3"])
    func noDefiniteMark(name: String) throws {
        let claimed = try #require(resolver.graph.match(filename: name).type)
        let resolution = resolver.resolve(bytes: Self.unplaced, name: name)
        #expect(resolution.type == claimed)
        #expect(resolution.conflict == nil)
    }

    @Test("weak evidence wins over a name whose definite signature the bytes lack: Musepack named .ogg or .wav")
    func weakEvidenceOverRefutedName() throws {
        // Musepack SV7: "MP+", a version byte, then frames (no OggS page anywhere).
        let musepack = Array("MP+".utf8) + [0x07] + Self.unplaced
        let nameless = resolver.resolve(bytes: musepack, name: nil)
        #expect(nameless.type.preferredMIMEType == "audio/x-musepack")
        for name in ["click.ogg", "click.wav"] {
            let claimed = try #require(resolver.graph.match(filename: name).type)
            let resolution = resolver.resolve(bytes: musepack, name: name)
            #expect(resolution.type.preferredMIMEType == "audio/x-musepack", "\(name)")
            #expect(resolution.conflict?.claimed == claimed.identifier)
            #expect(resolution.conflict?.winner != .name)
        }
        let ogg = resolver.resolve(bytes: musepack, name: "click.ogg")
        #expect(ogg.conflict?.reason.contains("lacks the signature") == true)
    }

    @Test("a binary format's magic under a text format's name wins, with a conflict")
    func binaryMagicUnderTextName() throws {
        // A PAR2 recovery packet ("PAR2\0PKT", then binary fields) named as RTF.
        let par2 = Array("PAR2\u{0}PKT".utf8) + ByteFixtures.le32(92) + ByteFixtures.zeros(4) + Self.unplaced
        let resolution = resolver.resolve(bytes: par2, name: "sample.rtf")
        #expect(resolution.type.preferredMIMEType == "application/x-par2")
        #expect(resolution.conflict?.claimed == resolver.graph.match(filename: "sample.rtf").type?.identifier)
    }
}

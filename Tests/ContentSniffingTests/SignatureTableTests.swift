import ContentSniffing
import Foundation
import OpenWithTestSupport
import Testing
import UniformTypes

/// The case table through both of the sniffer's modes.
@Suite("Signature sniffer: every format in the case table")
struct SignatureTableTests {
    let sniffer = SignatureSniffer()

    @Test("sniff(prefix:) over the whole bytes", arguments: SignatureCases.all)
    func prefixMode(_ row: SignatureCase) {
        let match = row.bytes.withUnsafeBytes { sniffer.sniff(prefix: $0) }
        #expect(match?.identifier == row.expected, "got \(match.map(String.init(describing:)) ?? "nil")")
        if let strength = row.strength {
            #expect(match?.strength == strength)
        }
        #expect(match?.detail.isEmpty == false)
    }

    @Test("sniff(_:) through a memory source", arguments: SignatureCases.all)
    func sourceMode(_ row: SignatureCase) throws {
        let match = try sniffer.sniff(MemoryByteSource(row.bytes))
        #expect(match?.identifier == row.expected, "got \(match.map(String.init(describing:)) ?? "nil")")
        if let strength = row.strength {
            #expect(match?.strength == strength)
        }
    }

    @Test("sniff(_:) with one-byte reads answers the same", arguments: SignatureCases.all)
    func shortReads(_ row: SignatureCase) throws {
        let expected = try sniffer.sniff(MemoryByteSource(row.bytes))
        let source = CountingByteSource(row.bytes, chunk: 1)
        #expect(try sniffer.sniff(source) == expected)
    }

    @Test("the input is not modified", arguments: SignatureCases.all.prefix(40))
    func inputUntouched(_ row: SignatureCase) {
        var copy = row.bytes
        _ = copy.withUnsafeMutableBytes { sniffer.sniff(prefix: UnsafeRawBufferPointer($0)) }
        #expect(copy == row.bytes)
    }

    @Test("every expected identifier is one the sniffer says it can emit", arguments: SignatureCases.all)
    func expectedIsRecognized(_ row: SignatureCase) {
        #expect(SignatureSniffer.recognizedTypes.contains(row.expected))
    }

    @Test("recognizedTypes has no repeats")
    func noRepeats() {
        let types = SignatureSniffer.recognizedTypes
        #expect(Set(types).count == types.count)
    }

    /// Types the sniffer can emit that no row of the table produces, each for a stated reason.
    static let uncoveredOnPurpose: Set<TypeIdentifier> = [
        "org.oasis-open.opendocument.text-master", "org.oasis-open.opendocument.text-web",
        "org.oasis-open.opendocument.spreadsheet-template", "org.oasis-open.opendocument.presentation-template",
        "org.oasis-open.opendocument.graphics-template", "org.oasis-open.opendocument.chart",
        "org.oasis-open.opendocument.chart-template", "org.oasis-open.opendocument.formula",
        "org.oasis-open.opendocument.formula-template", "org.oasis-open.opendocument.image",
        "org.oasis-open.opendocument.image-template", "org.openoffice.text-template", "org.openoffice.text-master",
        "org.openoffice.spreadsheet", "org.openoffice.spreadsheet-template", "org.openoffice.presentation",
        "org.openoffice.presentation-template", "org.openoffice.graphics", "org.openoffice.graphics-template",
        "org.openoffice.formula",  // the same mimetype-table lookup as the ODF rows that are covered
        "com.apple.protected-mpeg-4-audio",  // the same brand lookup as M4A/M4B
        "org.freedesktop.mime.application.vnd.ms-publisher",  // the same directory lookup as Visio
        "org.freedesktop.mime.video.ogg",  // the same first-packet lookup as Theora
        "public.elf-binary",  // an ELF with an unusual e_type: see ExecutableTests
        "public.ksh-script", "public.csh-script", "public.tcsh-script", "public.php-script",
        "org.freedesktop.mime.text.x-lua", "org.freedesktop.mime.text.tcl",
        "org.freedesktop.mime.text.x-awk",  // the same interpreter lookup as the covered scripts
        "org.apache.tika.mime.text.x-rsrc", "org.freedesktop.mime.text.x-erlang", "org.apache.tika.mime.text.x-clojure",
        "org.freedesktop.mime.text.x-haskell", "org.freedesktop.mime.text.x-ocaml", "org.freedesktop.mime.text.x-scheme",
        "org.freedesktop.mime.text.x-groovy", "org.freedesktop.mime.text.x-scala", "org.freedesktop.mime.text.x-kotlin",
        "org.freedesktop.mime.text.x-elixir", "org.freedesktop.mime.application.x-powershell",
        "org.freedesktop.mime.application.x-fishscript", "org.freedesktop.mime.text.x-common-lisp",
        "org.freedesktop.mime.text.x-emacs-lisp", "org.freedesktop.mime.text.x-matlab", "org.freedesktop.mime.text.x-crystal",
        "org.freedesktop.mime.text.x-dart", "com.apple.applescript.text", "org.freedesktop.mime.text.x-sed",
        "org.apache.tika.mime.text.x-expect", "public.swift-source",  // each in ShebangInterpreterTests
        "public.ac3-audio", "public.enhanced-ac3-audio",  // made frame by frame in DolbyAudioFrameTests
        "org.freedesktop.mime.application.pgp-signature", "org.freedesktop.mime.application.pgp-encrypted",
        "org.freedesktop.mime.application.x-pkcs7-certificates",  // the same armour-label lookup as PGP keys
    ]

    @Test("every recognised type is produced by some row, or is listed as covered by a sibling")
    func coverage() {
        let produced = Set(SignatureCases.all.map(\.expected))
        let missing = SignatureSniffer.recognizedTypes.filter { !produced.contains($0) && !Self.uncoveredOnPurpose.contains($0) }
        #expect(missing.isEmpty, "no row produces \(missing)")
    }

    @Test(
        "every recognised type is declared in Catalog/system-types.tsv",
        .enabled(if: FileManager.default.fileExists(atPath: RepositoryPaths.path("Catalog/system-types.tsv")),
                 "the catalog table is not in this checkout"))
    func declaredInCatalog() throws {
        let rows = try RepositoryPaths.tsv(RepositoryPaths.path("Catalog/system-types.tsv"))
        let declared = Set(rows.compactMap { $0["identifier"] }.map { TypeIdentifier($0) })
        let missing = SignatureSniffer.recognizedTypes.filter { !declared.contains($0) }
        #expect(missing.isEmpty, "not in the catalog: \(missing)")
    }

    /// Recognised types that no registry gives a MIME type of their own: shell dialects (their
    /// scripts are application/x-shellscript, the parent's name), Apple's umbrella OOXML type,
    /// the large-document Photoshop format, MPEG-4 audio with FairPlay, Type 1 font encodings and
    /// OpenType collections (named as their families), a script of an unknown language, a folder.
    static let withoutMIMEOnPurpose: Set<TypeIdentifier> = [
        "public.bash-script", "public.zsh-script", "public.ksh-script", "public.tcsh-script", "org.openxmlformats.openxml",
        "com.adobe.photoshop-large-image", "com.apple.protected-mpeg-4-audio", "public.directory",
        "com.adobe.postscript-pfa-font", "com.adobe.postscript-pfb-font", "public.opentype-collection-font", "public.script",
    ]

    @Test(
        "every recognised type has a MIME type in Catalog/system-types.tsv, so a file its content names is never shown as application/octet-stream",
        .enabled(if: FileManager.default.fileExists(atPath: RepositoryPaths.path("Catalog/system-types.tsv")),
                 "the catalog table is not in this checkout"))
    func recognisedTypesHaveMIMETypes() throws {
        let rows = try RepositoryPaths.tsv(RepositoryPaths.path("Catalog/system-types.tsv"))
        let named = Set(rows.filter { !($0["mime_types"] ?? "").isEmpty }.compactMap { $0["identifier"] }.map { TypeIdentifier($0) })
        let unnamed = SignatureSniffer.recognizedTypes.filter { !named.contains($0) && !Self.withoutMIMEOnPurpose.contains($0) }
        #expect(unnamed.isEmpty, "recognised but without a MIME type: \(unnamed)")
    }

    @Test("empty input matches nothing")
    func empty() throws {
        #expect([UInt8]().withUnsafeBytes { sniffer.sniff(prefix: $0) } == nil)
        #expect(try sniffer.sniff(MemoryByteSource([])) == nil)
    }
}

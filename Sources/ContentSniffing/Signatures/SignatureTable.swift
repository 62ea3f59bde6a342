/// One entry of the detection order: a name for people and the check that recognises it.
struct SignatureRule: Sendable {
    /// What the rule recognises, for documentation and debugging.
    let name: StaticString
    /// Returns a match, or `nil` to let the next rule try.
    let check: @Sendable (Probe) throws(SniffingError) -> SignatureMatch?

    init(_ name: StaticString, _ check: @escaping @Sendable (Probe) throws(SniffingError) -> SignatureMatch?) {
        self.name = name
        self.check = check
    }
}

/// The detection order, as data. The first rule that matches answers.
///
/// Why the order is what it is:
/// 1. **Exact magic numbers at offset 0.** Four or more fixed bytes, or fewer with a
///    structural check, that no text and no other format starts with. They exclude one
///    another, so among themselves they are ordered by how common the format is, which only
///    saves time. Each costs a load and a compare.
/// 2. **Textual magic** (`%!PS`, `{\rtf`, `-----BEGIN`, `#!/`): strong signatures made of ASCII.
///    They must run before text classification, which would otherwise call them plain text.
/// 3. **Magic away from offset 0** (tar at 257, Berkeley DB at 12): after the offset-0 magic,
///    because a file that has a magic number at offset 0 is that format.
/// 4. **Short or heuristic binary signatures** (MPEG-TS sync bytes, MPEG audio frame sync,
///    Dolby Digital sync frames, DER certificate shape, JPEG XL's two-byte codestream marker):
///    late, so that a longer, more specific magic wins over a pattern that can occur by chance.
/// 5. **A PDF header after junk** (anywhere in the first 1024 bytes): a scan, so after
///    everything anchored at offset 0.
/// 6. **Text**: flat OpenDocument (an XML root whose attribute names the kind), then encoding
///    (BOMs, UTF-8, UTF-16 without BOM), then the dialects (XML and its vocabularies, HTML,
///    JSON, NDJSON, CSV/TSV), else plain text.
/// 7. **A zlib stream**: a two-byte header and DEFLATE data that inflates. After text, because
///    text can open with the same two bytes (`x^`); the inflation rules out the rest.
/// 8. **ISO 9660** (`CD001` at 32769): the only check that needs a read far from the start,
///    so it comes last and costs I/O only for binaries nothing else claimed.
enum SignatureTable {
    static let rules: [SignatureRule] = [
        // 1. Exact magic numbers at offset 0, most common formats first.
        SignatureRule("PNG", ImageSignatures.png),
        SignatureRule("JPEG", ImageSignatures.jpeg),
        SignatureRule("ZIP and the documents inside it", ZipInspector.check),
        SignatureRule("PDF", DocumentSignatures.pdf),
        SignatureRule("GIF", ImageSignatures.gif),
        SignatureRule("ISO base media: MP4, QuickTime, HEIF, AVIF", ISOBaseMediaInspector.check),
        SignatureRule("ELF", ExecutableSignatures.elf),
        SignatureRule("Compound File (OLE2): doc, xls, ppt, msi, msg, StarOffice, Works, HWP", CompoundFileInspector.check),
        SignatureRule("gzip (and tar inside it), bzip2, xz, zstd, LZ4, compress", ArchiveSignatures.compressedStream),
        SignatureRule("RIFF: WAVE, AVI, WebP, ANI, DLS, QLCM, CorelDRAW", MediaSignatures.riff),
        SignatureRule("Mach-O", ExecutableSignatures.machO),
        SignatureRule("CAFEBABE: universal Mach-O or Java class", ExecutableSignatures.cafeBabe),
        SignatureRule("Pack200", ExecutableSignatures.pack200),
        SignatureRule("Git pack", ArchiveSignatures.gitPack),
        SignatureRule("Java module (JMOD)", JavaPlatformSignatures.javaModule),
        SignatureRule("Java runtime image", JavaPlatformSignatures.runtimeImage),
        SignatureRule("PE and DOS executables", ExecutableSignatures.portableExecutable),
        SignatureRule("TIFF", ImageSignatures.tiff),
        SignatureRule("7-Zip and RAR", ArchiveSignatures.sevenZipOrRAR),
        SignatureRule("fonts: TrueType, OpenType, collections, WOFF", FontSignatures.font),
        SignatureRule("SQLite", DataSignatures.sqlite),
        SignatureRule("ID3v2-tagged audio", MediaSignatures.id3),
        SignatureRule("FLAC", MediaSignatures.flac),
        SignatureRule("Ogg", MediaSignatures.ogg),
        SignatureRule("Matroska and WebM", MediaSignatures.matroska),
        SignatureRule("ASF: WMA, WMV", AdvancedSystemsFormatSignature.check),
        SignatureRule("MIDI", MediaSignatures.midi),
        SignatureRule("AIFF", MediaSignatures.aiff),
        SignatureRule("FLV", MediaSignatures.flashVideo),
        SignatureRule("SWF", MediaSignatures.flashMovie),
        SignatureRule("MPEG program stream", MediaSignatures.programStream),
        SignatureRule("BMP", ImageSignatures.bmp),
        SignatureRule("ICO and CUR", ImageSignatures.icon),
        SignatureRule("Photoshop", ImageSignatures.photoshop),
        SignatureRule("Paint Shop Pro", ImageSignatures.paintShopPro),
        SignatureRule("XISF", ImageSignatures.xisf),
        SignatureRule("SGI image", ImageSignatures.sgi),
        SignatureRule("DSS dictation", MediaSignatures.digitalSpeechStandard),
        SignatureRule("Creative Voice File", MediaSignatures.creativeVoice),
        SignatureRule("JPEG XL container and JPEG 2000 signature boxes", ImageSignatures.signatureBox),
        SignatureRule("WebAssembly", ExecutableSignatures.webAssembly),
        SignatureRule("LLVM bitcode", ExecutableSignatures.llvmBitcode),
        // pcapng's "0A 0D 0D 0A" also reads as a Python bytecode magic followed by "\r\n".
        SignatureRule("pcap and pcapng", DataSignatures.packetCapture),
        SignatureRule("Python bytecode", ExecutableSignatures.pythonBytecode),
        SignatureRule("binary property list", DataSignatures.binaryPropertyList),
        SignatureRule("gettext message catalog", DataSignatures.gettextCatalog),
        SignatureRule("TZif time zone information", DataSignatures.timeZoneInformation),
        SignatureRule("RPM", ArchiveSignatures.rpm),
        SignatureRule("ar and Debian packages", ArchiveSignatures.ar),
        SignatureRule("cpio", ArchiveSignatures.cpio),
        SignatureRule("binary OpenPGP: keys, signatures, encrypted messages", OpenPGPPacketSignature.check),
        SignatureRule("compiled terminfo entry", TerminfoSignature.check),
        // 2. Textual magic, before text classification. Type 1 fonts are told from PostScript
        //    inside one rule because "%!PS-AdobeFont" also starts with "%!PS".
        SignatureRule("PostScript, EPS, Type 1 fonts", DocumentSignatures.postScript),
        SignatureRule("RTF", DocumentSignatures.rtf),
        SignatureRule("WordPerfect documents and graphics", DocumentSignatures.wordPerfect),
        SignatureRule("Netpbm (PBM, PGM, PPM, PAM) and PFM", NetpbmSignature.check),
        SignatureRule("FITS", ImageSignatures.fits),
        SignatureRule("PEM and PGP armour", DataSignatures.armor),
        SignatureRule("#! scripts", ScriptSignatures.shebang),
        // 3. Magic away from offset 0.
        SignatureRule("tar", ArchiveSignatures.tar),
        SignatureRule("Berkeley DB", DataSignatures.berkeleyDB),
        SignatureRule("Photo CD", ImageSignatures.photoCD),
        // 4. Short or heuristic binary signatures.
        SignatureRule("MPEG transport stream", MediaSignatures.transportStream),
        SignatureRule("MPEG audio and ADTS frame sync", MediaSignatures.audioFrames),
        SignatureRule("Dolby Digital (AC-3) and Dolby Digital Plus (E-AC-3) sync frames", MediaSignatures.dolbyDigital),
        SignatureRule("JPEG 2000 and JPEG XL codestreams", ImageSignatures.codestream),
        SignatureRule("DER certificate", DataSignatures.derCertificate),
        // 5. A PDF header after junk.
        SignatureRule("PDF after leading junk", DocumentSignatures.pdfAfterJunk),
        // 6. Text. Flat OpenDocument first: its root element alone does not tell the kind.
        SignatureRule("flat OpenDocument (office:mimetype)", FlatOpenDocumentSignature.check),
        SignatureRule("text: encoding, markup, JSON, CSV/TSV, plain", TextSignatures.text),
        // 7. A zlib stream: its header is two bytes that text can open with (`x^`).
        SignatureRule("zlib stream (Git objects)", ZlibStreamSignature.check),
        // 8. A far read.
        SignatureRule("ISO 9660", ArchiveSignatures.iso9660),
    ]

    /// The first rule's match, in table order.
    static func firstMatch(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        guard !probe.bytes.isEmpty else { return nil }
        for rule in rules {
            if let match = try rule.check(probe) { return match }
        }
        return nil
    }
}

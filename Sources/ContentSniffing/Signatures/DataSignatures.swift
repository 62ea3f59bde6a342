/// Signatures of databases, captures, property lists, keys and certificates.
enum DataSignatures {
    /// SQLite 3: `SQLite format 3\0`.
    static func sqlite(_ probe: Probe) -> SignatureMatch? {
        guard probe.bytes.has("SQLite format 3\u{0}") else { return nil }
        return SignatureMatch(KnownType.sqlite, .strong, "SQLite format 3 header")
    }

    /// Berkeley DB: the hash, B-tree or queue magic at offset 12, in either byte order, with a
    /// plausible version after it.
    static func berkeleyDB(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard isBerkeleyDB(b, littleEndian: true) || isBerkeleyDB(b, littleEndian: false) else { return nil }
        return SignatureMatch(KnownType.berkeleyDB, .strong, "Berkeley DB magic at offset 12")
    }

    private static func isBerkeleyDB(_ b: UnsafeRawBufferPointer, littleEndian: Bool) -> Bool {
        switch b.u32(at: 12, littleEndian: littleEndian) {
        case 0x0006_1561?, 0x0005_3162?, 0x0004_2253?:  // hash, B-tree, queue
            guard let version = b.u32(at: 16, littleEndian: littleEndian) else { return false }
            return (2...12).contains(version)
        default:
            return false
        }
    }

    /// pcap (microsecond and nanosecond variants, both byte orders, major version 2) and
    /// pcapng (section header block with its byte-order magic). A whole file that holds a pcap
    /// magic number and ends before the version is a truncated capture: a weak match, which a
    /// `.pcap` name confirms and no text reading of its four high bytes refutes.
    static func packetCapture(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let head = b.u32be(at: 0) else { return nil }
        switch head {
        case 0xA1B2_C3D4, 0xA1B2_3C4D, 0xD4C3_B2A1, 0x4D3C_B2A1:
            let littleEndian = head & 0xFF == 0xA1
            guard let major = b.u16(at: 4, littleEndian: littleEndian) else {
                return probe.isWholeFile ? SignatureMatch(KnownType.pcap, .weak, "pcap magic number; the file ends before its version") : nil
            }
            guard major == 2 else { return nil }
            return SignatureMatch(KnownType.pcap, .strong, "pcap header (\(littleEndian ? "little" : "big")-endian)")
        case 0x0A0D_0D0A:
            guard let order = b.u32be(at: 8), order == 0x1A2B_3C4D || order == 0x4D3C_2B1A else { return nil }
            return SignatureMatch(KnownType.pcapng, .strong, "pcapng section header block")
        default:
            return nil
        }
    }

    /// GNU gettext message catalog (`.mo`): magic `0x950412DE` in either byte order and a
    /// major revision of 0 or 1.
    static func gettextCatalog(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let magic = b.u32le(at: 0), magic == 0x9504_12DE || magic == 0xDE12_0495,
            let revision = b.u32(at: 4, littleEndian: magic == 0x9504_12DE), revision >> 16 <= 1
        else { return nil }
        return SignatureMatch(KnownType.gettextCatalog, .strong, "gettext message catalog magic")
    }

    /// Time zone information (TZif, RFC 8536): `TZif`, a version byte (NUL, `2`, `3` or `4`),
    /// fifteen reserved zero bytes, then six counts of which the type and abbreviation counts
    /// cannot be zero and the two indicator counts are zero or the type count (§3.1). A file
    /// with leap-second records is `application/tzif-leap` (§9.2): its leap count is read in
    /// the version 1 header and, when the prefix reaches it, in the version 2+ header after the
    /// version 1 data block (a "slim" file leaves the version 1 block empty).
    static func timeZoneInformation(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let header = TZifHeader(b, at: 0), let version = b.byte(at: 4), version == 0 || (0x32...0x34).contains(version)
        else { return nil }
        var leapSeconds = header.leapCount > 0
        if !leapSeconds, version != 0, let next = header.dataBlockEnd(timeSize: 4), let second = TZifHeader(b, at: next) {
            leapSeconds = second.leapCount > 0
        }
        return leapSeconds
            ? SignatureMatch(KnownType.timeZoneInformationLeap, .strong, "TZif header with leap-second records")
            : SignatureMatch(KnownType.timeZoneInformation, .strong, "TZif header")
    }

    /// The six counts of a TZif header at `offset`, checked as RFC 8536 §3.1 requires.
    private struct TZifHeader {
        var utIndicatorCount, standardIndicatorCount, leapCount, transitionCount, typeCount, abbreviationCount: UInt32

        init?(_ b: UnsafeRawBufferPointer, at offset: Int) {
            guard b.has("TZif", at: offset) else { return nil }
            for index in 5..<20 where b.byte(at: offset + index) != 0 { return nil }
            guard let ut = b.u32be(at: offset + 20), let standard = b.u32be(at: offset + 24), let leap = b.u32be(at: offset + 28),
                let transitions = b.u32be(at: offset + 32), let types = b.u32be(at: offset + 36), let abbreviations = b.u32be(at: offset + 40),
                types != 0, abbreviations != 0, ut == 0 || ut == types, standard == 0 || standard == types
            else { return nil }
            (utIndicatorCount, standardIndicatorCount, leapCount) = (ut, standard, leap)
            (transitionCount, typeCount, abbreviationCount) = (transitions, types, abbreviations)
        }

        /// Where the data block after this header (at offset 0) ends, for times of `timeSize`
        /// bytes; `nil` when the counts are too large to lie in a file of any sensible size.
        func dataBlockEnd(timeSize: Int) -> Int? {
            // Every count below 2^20 (so the sum cannot overflow), checked without a list.
            let anyCount = transitionCount | typeCount | abbreviationCount | leapCount | standardIndicatorCount | utIndicatorCount
            guard anyCount < 1 << 20 else { return nil }
            return 44 + Int(transitionCount) * (timeSize + 1) + Int(typeCount) * 6 + Int(abbreviationCount)
                + Int(leapCount) * (timeSize + 4) + Int(standardIndicatorCount) + Int(utIndicatorCount)
        }
    }

    /// Binary property list: `bplist0`.
    static func binaryPropertyList(_ probe: Probe) -> SignatureMatch? {
        guard probe.bytes.has("bplist0") else { return nil }
        return SignatureMatch(KnownType.binaryPropertyList, .strong, "bplist0 header")
    }

    /// PEM and PGP armour: `-----BEGIN <label>-----` after optional leading whitespace; the
    /// label names the content. Labels without a declared type (`PUBLIC KEY`, `RSA PRIVATE KEY`,
    /// `OPENSSH PRIVATE KEY`, ...) are left to the text rules.
    static func armor(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        var start = 0
        while start < 64, let byte = b.byte(at: start), ASCII.isWhitespace(byte) { start += 1 }
        guard b.has("-----BEGIN ", at: start) else { return nil }
        let label = start + 11
        func labelIs(_ text: StaticString) -> Bool {
            b.has(text, at: label) && b.has("-----", at: label + text.utf8CodeUnitCount)
        }
        if labelIs("CERTIFICATE") || labelIs("X509 CERTIFICATE") || labelIs("TRUSTED CERTIFICATE")
            || labelIs("CA CERTIFICATE")
        {
            return SignatureMatch(KnownType.x509Certificate, .strong, "PEM certificate")
        }
        if labelIs("X509 CRL") {
            return SignatureMatch(KnownType.certificateRevocationList, .strong, "PEM certificate revocation list")
        }
        if labelIs("CERTIFICATE REQUEST") || labelIs("NEW CERTIFICATE REQUEST") {
            return SignatureMatch(KnownType.certificateRequest, .strong, "PEM certificate request (PKCS #10)")
        }
        if labelIs("PRIVATE KEY") {
            return SignatureMatch(KnownType.pkcs8, .strong, "PEM private key (PKCS #8)")
        }
        if labelIs("ENCRYPTED PRIVATE KEY") {
            return SignatureMatch(KnownType.pkcs8Encrypted, .strong, "PEM encrypted private key (PKCS #8)")
        }
        if labelIs("PKCS7") {
            return SignatureMatch(KnownType.pkcs7, .strong, "PEM PKCS #7 certificates")
        }
        if labelIs("PGP PUBLIC KEY BLOCK") || labelIs("PGP PRIVATE KEY BLOCK") {
            return SignatureMatch(KnownType.pgpKeys, .strong, "PGP armoured key block")
        }
        if labelIs("PGP SIGNATURE") {
            return SignatureMatch(KnownType.pgpSignature, .strong, "PGP armoured signature")
        }
        if labelIs("PGP MESSAGE") {
            return SignatureMatch(KnownType.pgpEncrypted, .strong, "PGP armoured message")
        }
        return nil
    }

    /// A DER-encoded X.509 certificate: `SEQUENCE { SEQUENCE { [0] version, INTEGER serial ...`
    /// with definite long-form lengths. Strong when the outer length covers exactly the whole
    /// file, weak when the file's end is not known.
    static func derCertificate(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.byte(at: 0) == 0x30, let (outerLength, outerHeader) = derLength(b, at: 1),
            b.byte(at: outerHeader) == 0x30, let (innerLength, innerHeader) = derLength(b, at: outerHeader + 1),
            innerLength < outerLength
        else { return nil }
        let body = outerHeader + innerHeader
        let hasVersion = b.byte(at: body) == 0xA0 && b.byte(at: body + 1) == 0x03 && b.byte(at: body + 2) == 0x02
            && b.byte(at: body + 3) == 0x01 && (b.byte(at: body + 4) ?? 0xFF) <= 2
        guard hasVersion || b.byte(at: body) == 0x02 else { return nil }
        let total = Int64(outerHeader) + Int64(outerLength)
        if let size = probe.knownSize {
            guard size == total else { return nil }
            return SignatureMatch(KnownType.x509Certificate, .strong, "DER certificate structure spanning the file")
        }
        return SignatureMatch(KnownType.x509Certificate, .weak, "DER certificate structure")
    }

    /// A DER length in long form (0x81–0x83) at `offset`: the length, and the offset just
    /// past it.
    private static func derLength(_ b: UnsafeRawBufferPointer, at offset: Int) -> (Int, Int)? {
        guard let first = b.byte(at: offset), first >= 0x81, first <= 0x83 else { return nil }
        let count = Int(first & 0x7F)
        guard b.contains(offset: offset + 1, length: count), b[offset + 1] != 0 || count == 1 else { return nil }
        var length = 0
        for index in 0..<count { length = length << 8 | Int(b[offset + 1 + index]) }
        guard length >= 0x80 else { return nil }
        return (length, offset + 1 + count)
    }
}

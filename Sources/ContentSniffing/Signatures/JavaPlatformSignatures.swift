/// Files of the Java platform's own module system (JEP 220, JEP 261): packaged modules and
/// the runtime image a JDK reads its classes from.
enum JavaPlatformSignatures {
    /// A packaged Java module (`*.jmod`): `JM`, format version 1.0, then a ZIP archive's first
    /// local file header.
    static func javaModule(_ probe: Probe) -> SignatureMatch? {
        guard probe.bytes.has("JM\u{1}\u{0}PK\u{3}\u{4}") else { return nil }
        return SignatureMatch(KnownType.javaModule, .strong, "JMOD header (JM, version 1.0) before a ZIP local file header")
    }

    /// A Java runtime image (`lib/modules`): the magic `CAFEDADA` in the writer's byte order,
    /// then a version whose major number is small and non-zero.
    static func runtimeImage(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        for littleEndian in [true, false] where b.u32(at: 0, littleEndian: littleEndian) == 0xCAFE_DADA {
            guard let version = b.u32(at: 4, littleEndian: littleEndian), (1...15).contains(version >> 16) else { return nil }
            return SignatureMatch(KnownType.javaRuntimeImage, .strong, "Java runtime image, version \(version >> 16).\(version & 0xFFFF)")
        }
        return nil
    }
}

/// PEM and OpenPGP ASCII armour: a `-----BEGIN LABEL-----` line at the start of a line in the
/// first 64 lines, told by its label. Certificates (`CERTIFICATE`, `X509 CERTIFICATE`,
/// `TRUSTED CERTIFICATE`) are `application/x-x509-ca-cert`; `CERTIFICATE REQUEST` is PKCS#10;
/// `PKCS7` and `CMS` are PKCS#7; private keys are PKCS#8 (`ENCRYPTED PRIVATE KEY` its encrypted
/// form; the older RSA, EC, DSA and OpenSSH key forms are reported as PKCS#8, the nearest
/// declared type); PGP messages, signatures and key blocks are the OpenPGP types. Other labels
/// (a bare `PUBLIC KEY`, parameters) are no answer.
enum ArmorShape {
    /// The armour's type.
    static func recognize(_ t: UnsafeRawBufferPointer) -> TextStructureMatch? {
        var lines = TextLines(t)
        while let line = lines.next() {
            guard line.has("-----BEGIN "), line.count > 16 else { continue }
            let label = line.slice(from: 11)
            guard let close = label.firstOffset(of: "-----") else { continue }
            return match(label.slice(from: 0, to: close))
        }
        return nil
    }

    private static func match(_ label: UnsafeRawBufferPointer) -> TextStructureMatch? {
        func named(_ text: StaticString) -> Bool { label.count == text.utf8CodeUnitCount && label.has(text) }
        if named("CERTIFICATE") || named("X509 CERTIFICATE") || named("TRUSTED CERTIFICATE") {
            return TextStructureMatch(mimeType: "application/x-x509-ca-cert", detail: "PEM certificate")
        }
        if named("CERTIFICATE REQUEST") || named("NEW CERTIFICATE REQUEST") {
            return TextStructureMatch(mimeType: "application/pkcs10", detail: "PEM certificate request")
        }
        if named("PKCS7") || named("CMS") {
            return TextStructureMatch(mimeType: "application/pkcs7-mime", detail: "PEM PKCS#7 data")
        }
        if named("ENCRYPTED PRIVATE KEY") {
            return TextStructureMatch(mimeType: "application/pkcs8-encrypted", detail: "PEM encrypted private key")
        }
        if named("PRIVATE KEY") {
            return TextStructureMatch(mimeType: "application/pkcs8", detail: "PEM private key")
        }
        if named("RSA PRIVATE KEY") || named("EC PRIVATE KEY") || named("DSA PRIVATE KEY") || named("OPENSSH PRIVATE KEY") {
            return TextStructureMatch(mimeType: "application/pkcs8", detail: "PEM private key (a pre-PKCS#8 form)")
        }
        if named("PGP MESSAGE") {
            return TextStructureMatch(mimeType: "application/pgp-encrypted", detail: "OpenPGP armoured message")
        }
        if named("PGP SIGNATURE") || named("PGP SIGNED MESSAGE") {
            return TextStructureMatch(mimeType: "application/pgp-signature", detail: "OpenPGP armoured signature")
        }
        if named("PGP PUBLIC KEY BLOCK") || named("PGP PRIVATE KEY BLOCK") {
            return TextStructureMatch(mimeType: "application/pgp-keys", detail: "OpenPGP armoured key block")
        }
        return nil
    }
}

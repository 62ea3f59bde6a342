import Foundation
import OpenInBroker
import Testing

private typealias H = HandOverTestHelpers

@Suite("RequestSignature")
struct RequestSignatureTests {
    static let key = [UInt8](repeating: 0x42, count: 32)
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func signer(at date: Date = now, key: [UInt8] = key) throws -> RequestSignature {
        try RequestSignature(keyBytes: key, clock: { date })
    }

    @Test("a signed request verifies, keeps the fragment, and has ts then sig")
    func roundTrip() throws {
        let signed = try Self.signer().sign("MyApp://open/doc?id=42#top", sourceApp: "org.example.mail")
        #expect(signed.hasPrefix("myapp://open/doc?id=42&ts=1700000000&sig="))
        #expect(signed.hasSuffix("#top"))
        let verified = try Self.signer().verify(signed, sourceApp: "org.example.mail")
        #expect(verified.values(named: "id") == ["42"])
    }

    @Test("the canonical form is exactly as documented")
    func canonicalForm() throws {
        let url = try URLRequestValidator().validate("MyApp://h/p?b=2&sig=00&a=%41#f")
        let text = RequestSignature.canonicalForm(of: url, sourceApp: "org.example.app")
        #expect(text == "OPENWITH-HMAC-SHA256-V1\norg.example.app\nmyapp://h/p?b=2&a=%41#f")
    }

    @Test(
        "the signature is the HMAC-SHA256 that OpenSSL computes over the canonical form",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs /usr/bin/openssl"))
    func matchesOpenSSL() throws {
        let signed = try Self.signer().sign("myapp://x", sourceApp: "a")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "dgst", "-sha256", "-mac", "HMAC", "-macopt", "hexkey:" + String(repeating: "42", count: 32),
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("OPENWITH-HMAC-SHA256-V1\na\nmyapp://x?ts=1700000000".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let hex = text.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        #expect(hex.count == 64)
        #expect(signed == "myapp://x?ts=1700000000&sig=" + hex)
    }

    @Test("a tampered query is a mismatch")
    func tampered() throws {
        let signed = try Self.signer().sign("myapp://open?id=42", sourceApp: "org.example.mail")
        H.expectError(.signatureMismatch) {
            try Self.signer().verify(
                signed.replacingOccurrences(of: "id=42", with: "id=43"), sourceApp: "org.example.mail")
        }
    }

    @Test("another key or another source app is a mismatch")
    func wrongKeyOrApp() throws {
        let signed = try Self.signer().sign("myapp://open?id=42", sourceApp: "org.example.mail")
        let other = try Self.signer(key: [UInt8](repeating: 0x43, count: 32))
        H.expectError(.signatureMismatch) { try other.verify(signed, sourceApp: "org.example.mail") }
        H.expectError(.signatureMismatch) { try Self.signer().verify(signed, sourceApp: "org.example.evil") }
    }

    @Test("an old (replayed) or future timestamp is refused; within the skew it passes")
    func timestamps() throws {
        let signed = try Self.signer().sign("myapp://open?id=42", sourceApp: "a")
        H.expectError(.timestampOutOfRange) {
            try Self.signer(at: Self.now.addingTimeInterval(301)).verify(signed, sourceApp: "a")
        }
        H.expectError(.timestampOutOfRange) {
            try Self.signer(at: Self.now.addingTimeInterval(-301)).verify(signed, sourceApp: "a")
        }
        _ = try Self.signer(at: Self.now.addingTimeInterval(300)).verify(signed, sourceApp: "a")
    }

    @Test(
        "missing, duplicate and malformed items",
        arguments: [
            ("myapp://x?ts=1700000000", HandOverError.Code.signatureMissing),
            (
                "myapp://x?ts=1700000000&sig=\(String(repeating: "a", count: 64))&sig=\(String(repeating: "a", count: 64))",
                .signatureDuplicate
            ),
            ("myapp://x?ts=1700000000&sig=\(String(repeating: "A", count: 64))", .signatureMalformed),
            ("myapp://x?ts=1700000000&sig=abc", .signatureMalformed),
            ("myapp://x?ts=1700000000&sig", .signatureMalformed),
            ("myapp://x?sig=\(String(repeating: "a", count: 64))", .timestampMissing),
            ("myapp://x?ts=1&ts=2&sig=\(String(repeating: "a", count: 64))", .signatureDuplicate),
            ("myapp://x?ts=-5&sig=\(String(repeating: "a", count: 64))", .timestampMalformed),
            ("myapp://x?ts=17e8&sig=\(String(repeating: "a", count: 64))", .timestampMalformed),
            ("myapp://x?ts=1700000000&sig=\(String(repeating: "a", count: 64))", .signatureMismatch),
            ("myapp://x?ts=1700000000&%73ig=\(String(repeating: "a", count: 64))", .signatureMismatch),
            ("myapp://x/%00?ts=1700000000", .encodedNul),
        ])
    func malformed(url: String, code: HandOverError.Code) throws {
        let signer = try Self.signer()
        H.expectError(code) { try signer.verify(url, sourceApp: "a") }
    }

    @Test("signing refuses URLs that already carry sig or ts, bad source apps, and weak keys")
    func signingRefusals() throws {
        H.expectError(.signatureDuplicate) { try Self.signer().sign("myapp://x?sig=1", sourceApp: "a") }
        H.expectError(.signatureDuplicate) { try Self.signer().sign("myapp://x?ts=1", sourceApp: "a") }
        H.expectError(.invalidSourceApp) { try Self.signer().sign("myapp://x", sourceApp: "") }
        H.expectError(.invalidSourceApp) { try Self.signer().sign("myapp://x", sourceApp: "a\nb") }
        H.expectError(.weakKey) { try RequestSignature(keyBytes: [UInt8](repeating: 1, count: 8)) }
    }
}

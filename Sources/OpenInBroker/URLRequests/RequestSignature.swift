public import FoundationEssentials

/// Signs and verifies URL requests with HMAC-SHA256, for handlers that ask for signed requests.
///
/// Policy — the canonical form, exactly (UTF-8, `\n` is one line feed, no trailing newline):
///
/// ```text
/// OPENWITH-HMAC-SHA256-V1\n<source app id>\n<canonical URL>
/// ```
///
/// where the canonical URL is the URL as ``URLRequestValidator`` splits it, reassembled with
/// the scheme lower-cased and the query items whose decoded name is `sig` removed:
/// `scheme ":" ["//" authority] path ["?" items] ["#" fragment]`, the items being the remaining
/// items *as written* (still percent-encoded) joined with `&`, in their original order, and
/// `?` omitted when none remain. The `ts` item (whole seconds since 1970, decimal ASCII) is
/// part of the URL, so it is signed too.
///
/// The signature is the HMAC's 32 bytes as 64 **lowercase** hexadecimal digits in a `sig`
/// query item. Verification refuses, in this order: an invalid URL (the validator's codes); a
/// source app id that is empty or holds control characters (`invalidSourceApp`); no `sig`
/// (`signatureMissing`); two `sig` or two `ts` (`signatureDuplicate`); a `sig` that is not 64
/// lowercase hex digits (`signatureMalformed`); no `ts` (`timestampMissing`); a `ts` that is
/// not 1–12 decimal digits (`timestampMalformed`); a `ts` more than ``allowedSkew`` seconds
/// from the clock, in either direction (`timestampOutOfRange`); and a MAC that does not match,
/// compared in constant time (`signatureMismatch`). A request replayed *within* the skew
/// window verifies: reject repeats with a cache of seen signatures if that matters.
///
/// ```swift
/// let signer = try RequestSignature(keyBytes: RequestSignature.newKey())
/// let signed = try signer.sign("myapp://open?id=42", sourceApp: "org.example.mail")
/// try signer.verify(signed, sourceApp: "org.example.mail")
/// ```
public struct RequestSignature: Sendable {
    /// The query item that carries the signature.
    public static let signatureItemName = "sig"
    /// The query item that carries the signing time.
    public static let timestampItemName = "ts"
    /// The first line of the canonical form, naming the scheme version.
    public static let canonicalPrefix = "OPENWITH-HMAC-SHA256-V1"

    /// The shared secret.
    public let key: [UInt8]
    /// The largest accepted distance between `ts` and the clock, in seconds.
    public var allowedSkew: Int64
    /// The validator applied before signing and verifying.
    public var validator: URLRequestValidator
    /// The clock; inject a fixed one in tests.
    public var clock: @Sendable () -> Date

    /// Creates a signer/verifier from raw key bytes (e.g. as stored in the catalog).
    ///
    /// - Parameters:
    ///   - keyBytes: the shared secret, at least 128 bits (256 recommended).
    ///   - allowedSkew: the accepted clock distance in seconds (5 minutes by default).
    ///   - validator: the URL validator to apply.
    ///   - clock: the current time.
    /// - Throws: ``HandOverError`` `weakKey` for fewer than 16 bytes.
    public init(
        keyBytes: [UInt8], allowedSkew: Int64 = 300, validator: URLRequestValidator = URLRequestValidator(),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws(HandOverError) {
        guard keyBytes.count >= 16 else {
            throw HandOverError(.weakKey, reason: "an HMAC key needs at least 128 bits, this one has \(keyBytes.count * 8)")
        }
        self.key = keyBytes
        self.allowedSkew = max(0, allowedSkew)
        self.validator = validator
        self.clock = clock
    }

    /// Adds `ts` (the clock's time) and `sig` to `url`, before any fragment.
    ///
    /// - Throws: ``HandOverError``: the validator's codes, `invalidSourceApp`, or
    ///   `signatureDuplicate` if the URL already has a `sig` or `ts` item.
    public func sign(_ url: String, sourceApp: String) throws(HandOverError) -> String {
        var parsed = try validator.validate(url)
        try Self.checkSourceApp(sourceApp)
        if parsed.queryItems.contains(where: {
            $0.name == Self.signatureItemName || $0.name == Self.timestampItemName
        }) {
            throw HandOverError(
                .signatureDuplicate, reason: "the URL already carries a `sig` or `ts` item", key: "query",
                value: parsed.query)
        }
        let timestamp = String(Int64(clock().timeIntervalSince1970.rounded(.down)))
        parsed.queryItems.append(
            ValidatedURL.QueryItem(
                name: Self.timestampItemName, value: timestamp, encodedName: Self.timestampItemName,
                encodedValue: timestamp))
        let mac = HMACSHA256.authenticationCode(
            for: Array(Self.canonicalForm(of: parsed, sourceApp: sourceApp).utf8), key: key)
        let signature = Self.hex(mac)
        let items = parsed.queryItems.map(\.encoded) + [Self.signatureItemName + "=" + signature]
        parsed.query = items.joined(separator: "&")
        return parsed.string
    }

    /// Verifies a signed request from `sourceApp` and returns the validated URL.
    ///
    /// - Throws: ``HandOverError`` with the first failing rule's code (see the type's policy).
    @discardableResult
    public func verify(_ url: String, sourceApp: String) throws(HandOverError) -> ValidatedURL {
        let parsed = try validator.validate(url)
        try Self.checkSourceApp(sourceApp)
        let signatures = parsed.values(named: Self.signatureItemName)
        guard !signatures.isEmpty else {
            throw HandOverError(.signatureMissing, reason: "the request has no `sig` item", key: "sig")
        }
        guard signatures.count == 1 else {
            throw HandOverError(.signatureDuplicate, reason: "the request has more than one `sig` item", key: "sig")
        }
        guard let signature = signatures[0], let mac = Self.bytes(fromLowercaseHex: signature), mac.count == 32 else {
            throw HandOverError(
                .signatureMalformed, reason: "`sig` must be 64 lowercase hexadecimal digits", key: "sig",
                value: signatures[0] ?? "")
        }
        let timestamps = parsed.values(named: Self.timestampItemName)
        guard !timestamps.isEmpty else {
            throw HandOverError(.timestampMissing, reason: "the request has no `ts` item", key: "ts")
        }
        guard timestamps.count == 1 else {
            throw HandOverError(.signatureDuplicate, reason: "the request has more than one `ts` item", key: "ts")
        }
        guard let timestampText = timestamps[0], (1...12).contains(timestampText.utf8.count),
            timestampText.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let timestamp = Int64(timestampText)
        else {
            throw HandOverError(
                .timestampMalformed, reason: "`ts` must be 1 to 12 decimal digits (seconds since 1970)",
                key: "ts", value: timestamps[0] ?? "")
        }
        let now = Int64(clock().timeIntervalSince1970.rounded(.down))
        let distance = now >= timestamp ? now - timestamp : timestamp - now
        guard distance <= allowedSkew else {
            throw HandOverError(
                .timestampOutOfRange,
                reason: "`ts` is \(distance) s from now; at most \(allowedSkew) s is accepted", key: "ts",
                value: timestampText)
        }
        let canonical = Array(Self.canonicalForm(of: parsed, sourceApp: sourceApp).utf8)
        guard HMACSHA256.isValid(mac, for: canonical, key: key) else {
            throw HandOverError(.signatureMismatch, reason: "the signature does not match the request", key: "sig")
        }
        return parsed
    }

    /// The exact text that is signed for `url` sent by `sourceApp` (see the type's policy).
    public static func canonicalForm(of url: ValidatedURL, sourceApp: String) -> String {
        var stripped = url
        let kept = url.queryItems.filter { $0.name != signatureItemName }
        stripped.query = kept.isEmpty ? nil : kept.map(\.encoded).joined(separator: "&")
        return canonicalPrefix + "\n" + sourceApp + "\n" + stripped.string
    }

    private static func checkSourceApp(_ sourceApp: String) throws(HandOverError) {
        guard !sourceApp.isEmpty,
            !sourceApp.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        else {
            throw HandOverError(
                .invalidSourceApp, reason: "the source app id must be non-empty without control characters",
                key: "sourceApp", value: sourceApp)
        }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func bytes(fromLowercaseHex text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0,
            utf8.allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            })
        else { return nil }
        return stride(from: 0, to: utf8.count, by: 2).map { index in
            PercentDecoding.hexValue(utf8[index])! << 4 | PercentDecoding.hexValue(utf8[index + 1])!
        }
    }
}

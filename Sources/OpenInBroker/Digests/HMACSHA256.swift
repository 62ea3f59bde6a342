/// HMAC with SHA-256 (RFC 2104, FIPS 198-1): the message authentication code of signed URL
/// requests.
///
/// ```swift
/// let mac = HMACSHA256.authenticationCode(for: message, key: key)   // 32 bytes
/// HMACSHA256.isValid(mac, for: message, key: key)                   // true
/// ```
enum HMACSHA256 {
    /// The hash's block length B, in bytes.
    private static let blockByteCount = SHA256Hasher.blockByteCount

    /// The 32-byte code of `message` under `key` (a key longer than a block is hashed first).
    static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        var block = key.count > blockByteCount ? SHA256Hasher.hash(key) : key
        block.append(contentsOf: repeatElement(0, count: blockByteCount - block.count))
        var inner = SHA256Hasher()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256Hasher()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(inner.finalize())
        return outer.finalize()
    }

    /// Whether `code` is the code of `message` under `key`, compared in constant time.
    static func isValid(_ code: [UInt8], for message: [UInt8], key: [UInt8]) -> Bool {
        constantTimeEqual(code, authenticationCode(for: message, key: key))
    }

    /// Whether two byte strings are equal, in a time that depends only on their lengths (a
    /// difference in length, which is not secret, answers at once).
    static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}

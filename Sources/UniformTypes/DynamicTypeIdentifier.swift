/// The identifier of a type that no declaration claims, made from a tag: deterministic (the
/// same tag always yields the same identifier) and reversible (the identifier decodes back to
/// its tag class and tag).
///
/// Encoding: `dyn.ext.<tag>` for a filename extension, `dyn.mime.<tag>` for a MIME type and
/// `dyn.tag.<class>.<tag>` for any other tag class. The tag is folded to lower case (tags
/// compare case-insensitively), then ASCII letters and digits stay as they are and every other
/// byte becomes `-` and two lower-case hex digits. So the extension `Foo_1` becomes
/// `dyn.ext.foo-5f1` and `application/x-thing` becomes `dyn.mime.application-2fx-2dthing`.
///
/// ```swift
/// let id = DynamicTypeIdentifier(tagClass: .filenameExtension, tag: "xyz").identifier
/// DynamicTypeIdentifier(decoding: id)?.tag   // "xyz"
/// ```
public struct DynamicTypeIdentifier: Hashable, Sendable {
    /// The tag class the identifier was made for.
    public let tagClass: TagClass
    /// The tag, folded to lower case.
    public let tag: String

    /// Makes the dynamic identifier of a tag.
    public init(tagClass: TagClass, tag: String) {
        self.tagClass = tagClass
        self.tag = ASCIICaseFolding.folded(tag)
    }

    /// Decodes a `dyn.` identifier; `nil` if it is not one this encoding produces.
    public init?(decoding identifier: TypeIdentifier) {
        let parts = ASCIICaseFolding.folded(identifier.rawValue).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0] == "dyn" else { return nil }
        switch (parts[1], parts.count) {
        case ("ext", 3):
            guard let tag = Self.decode(parts[2]) else { return nil }
            self.init(tagClass: .filenameExtension, tag: tag)
        case ("mime", 3):
            guard let tag = Self.decode(parts[2]) else { return nil }
            self.init(tagClass: .mimeType, tag: tag)
        case ("tag", 4):
            guard let tagClass = Self.decode(parts[2]), let tag = Self.decode(parts[3]) else { return nil }
            self.init(tagClass: TagClass(tagClass), tag: tag)
        default:
            return nil
        }
    }

    /// The `dyn.` identifier.
    public var identifier: TypeIdentifier {
        switch tagClass {
        case .filenameExtension: TypeIdentifier(Self.encode(tag, after: "dyn.ext."))
        case .mimeType: TypeIdentifier(Self.encode(tag, after: "dyn.mime."))
        default: TypeIdentifier("dyn.tag." + Self.encode(tagClass.rawValue) + "." + Self.encode(tag))
        }
    }

    /// `text` encoded for an identifier, after `prefix`: ASCII letters (folded) and digits stay,
    /// every other byte becomes `-` and two lower-case hex digits. Made in one allocation.
    static func encode(_ text: String, after prefix: StaticString = "") -> String {
        let prefixCount = prefix.utf8CodeUnitCount
        var text = text
        return text.withUTF8 { encode($0, after: prefix, prefixCount: prefixCount) }
    }

    private static func encode(_ text: UnsafeBufferPointer<UInt8>, after prefix: StaticString, prefixCount: Int) -> String {
        String(unsafeUninitializedCapacity: prefixCount + 3 * text.count) { buffer in
            var count = 0
            if prefixCount > 0 {
                prefix.withUTF8Buffer { bytes in
                    for byte in bytes {
                        buffer[count] = byte
                        count += 1
                    }
                }
            }
            @inline(__always) func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }
            for byte in text {
                let folded = ASCIICaseFolding.fold(byte)
                if (folded >= 0x30 && folded <= 0x39) || (folded >= 0x61 && folded <= 0x7A) {
                    buffer[count] = folded
                    count += 1
                } else {
                    buffer[count] = UInt8(ascii: "-")
                    buffer[count + 1] = hexDigit(folded >> 4)
                    buffer[count + 2] = hexDigit(folded & 0xF)
                    count += 3
                }
            }
            return count
        }
    }

    static func decode(_ text: Substring) -> String? {
        guard !text.isEmpty else { return nil }
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "-") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            } else if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) {
                bytes.append(byte)
            } else {
                return nil
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

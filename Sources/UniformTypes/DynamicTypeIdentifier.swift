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
        case .filenameExtension: TypeIdentifier("dyn.ext." + Self.encode(tag))
        case .mimeType: TypeIdentifier("dyn.mime." + Self.encode(tag))
        default: TypeIdentifier("dyn.tag." + Self.encode(tagClass.rawValue) + "." + Self.encode(tag))
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let folded = ASCIICaseFolding.fold(byte)
            if (folded >= 0x30 && folded <= 0x39) || (folded >= 0x61 && folded <= 0x7A) {
                bytes.append(folded)
            } else {
                bytes.append(UInt8(ascii: "-"))
                bytes.append(hexDigits[Int(folded >> 4)])
                bytes.append(hexDigits[Int(folded & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
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

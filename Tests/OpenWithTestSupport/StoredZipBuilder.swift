/// Builds a ZIP archive whose members are stored (method 0, no compression), enough to test
/// readers of local headers and the central directory.
///
/// ```swift
/// var zip = StoredZipBuilder()
/// zip.add("docs/", bytes: [])
/// zip.add("docs/a.txt", text: "hello")
/// let bytes = zip.build()
/// ```
public struct StoredZipBuilder: Sendable {
    private var members: [(name: String, bytes: [UInt8])] = []

    /// An archive comment appended to the end-of-central-directory record.
    public var comment: String = ""

    /// Creates an empty builder.
    public init() {}

    /// Adds a member; a name ending in `/` is a directory.
    public mutating func add(_ name: String, bytes: [UInt8]) { members.append((name, bytes)) }

    /// Adds a member holding UTF-8 text.
    public mutating func add(_ name: String, text: String) { add(name, bytes: Array(text.utf8)) }

    /// The archive's bytes.
    public func build() -> [UInt8] {
        typealias B = ByteFixtures
        var output: [UInt8] = []
        var central: [UInt8] = []
        for member in members {
            let name = Array(member.name.utf8)
            let crc = Int(ByteFixtures.crc32(member.bytes))
            let offset = output.count
            output += [0x50, 0x4B, 0x03, 0x04] + B.le16(20) + B.le16(0x0800) + B.le16(0) + B.le16(0) + B.le16(0x21)
            output += B.le32(crc) + B.le32(member.bytes.count) + B.le32(member.bytes.count)
            output += B.le16(name.count) + B.le16(0) + name + member.bytes
            central += [0x50, 0x4B, 0x01, 0x02] + B.le16(0x031E) + B.le16(20) + B.le16(0x0800) + B.le16(0)
            central += B.le16(0) + B.le16(0x21) + B.le32(crc) + B.le32(member.bytes.count) + B.le32(member.bytes.count)
            central += B.le16(name.count) + B.le16(0) + B.le16(0) + B.le16(0) + B.le16(0)
            central += B.le32(member.name.hasSuffix("/") ? 0x41ED_0010 : 0x81A4_0000) + B.le32(offset) + name
        }
        let centralOffset = output.count
        output += central
        let commentBytes = Array(comment.utf8)
        output += [0x50, 0x4B, 0x05, 0x06] + B.le16(0) + B.le16(0) + B.le16(members.count) + B.le16(members.count)
        output += B.le32(central.count) + B.le32(centralOffset) + B.le16(commentBytes.count) + commentBytes
        return output
    }
}

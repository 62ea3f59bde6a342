import OpenInBroker

/// The JSON form of a board (`openwith pasteboard types --json`, `write --json`, `list --json`).
struct PasteboardReport: Encodable {
    struct Representation: Encodable { let type: String, bytes: Int }
    struct Item: Encodable { let representations: [Representation] }

    let name: String
    let changeCount: Int
    let writtenAt: String?
    let expiresAt: String?
    let localOnly: Bool
    let bytes: Int
    let types: [String]
    let items: [Item]

    init(_ contents: PasteboardContents) {
        name = contents.name.rawValue
        changeCount = contents.changeCount
        writtenAt = contents.writtenAt > 0 ? RFC3339Time.format(secondsSince1970: Double(contents.writtenAt)) : nil
        expiresAt = contents.expiresAt.map { RFC3339Time.format(secondsSince1970: Double($0)) }
        localOnly = contents.isLocalOnly
        bytes = contents.byteCount
        types = contents.types.map(\.rawValue)
        items = contents.items.map { Item(representations: $0.representations.map { Representation(type: $0.type.rawValue, bytes: $0.byteCount) }) }
    }

    /// One line per item: `item 1: public.png (1843 bytes), public.utf8-plain-text (17 bytes)`.
    var itemLines: [String] {
        items.enumerated().map { index, item in
            "item \(index + 1): " + item.representations.map { "\($0.type) (\($0.bytes) byte\($0.bytes == 1 ? "" : "s"))" }.joined(separator: ", ")
        }
    }
}

/// The JSON form of a read by conformance (`openwith pasteboard read --json`): the chosen
/// representation, why, and its bytes as text (UTF-8 text) or base64 (anything else).
struct PasteboardReadReport: Encodable {
    let name: String
    let item: Int
    let type: String
    let requested: String
    let exact: Bool
    let distance: Int
    let bytes: Int
    let text: String?
    let base64: String?
}

import UniformTypes

/// A board's file: a header of text lines, then the bytes of every representation.
///
/// ```
/// openwith-pasteboard 1
/// change 4
/// written 1795000000
/// expires 1795000600          (only with expiry)
/// local-only                  (only when local-only)
/// item
/// representation public.png 0 1843
/// representation public.utf8-plain-text 1843 17
/// data 1860
/// <1860 bytes>
/// ```
///
/// Policy: the reader trusts nothing: the header is bounded by the limits, every number is
/// checked, every representation must lie inside the data, and the data must be exactly as long
/// as the `data` line says, so a file cut short is reported as damaged, never read in part.
extension PasteboardContents {
    static let fileMagic = "openwith-pasteboard 1"

    /// The file of a board of `items`.
    static func encodeFile(changeCount: Int, writtenAt: Int64, expiresAt: Int64?, isLocalOnly: Bool, items: [PasteboardItemData]) -> [UInt8] {
        var header = fileMagic + "\nchange \(changeCount)\nwritten \(writtenAt)\n"
        if let expiresAt { header += "expires \(expiresAt)\n" }
        if isLocalOnly { header += "local-only\n" }
        var offset = 0
        for item in items {
            header += "item\n"
            for representation in item.representations {
                header += "representation \(representation.type.rawValue) \(offset) \(representation.bytes.count)\n"
                offset += representation.bytes.count
            }
        }
        header += "data \(offset)\n"
        var file = Array(header.utf8)
        file.reserveCapacity(file.count + offset)
        for item in items { for representation in item.representations { file += representation.bytes } }
        return file
    }

    /// The board a file holds.
    ///
    /// - Throws: ``HandOverError/Code/pasteboardDamaged`` naming `path` and the line at fault.
    static func decodeFile(_ bytes: [UInt8], name: PasteboardName, path: String, limits: PasteboardLimits) throws(HandOverError) -> PasteboardContents {
        var parser = HeaderParser(bytes: bytes, limit: limits.maximumHeaderBytes)
        func damaged(_ why: String) -> HandOverError {
            HandOverError(.pasteboardDamaged, reason: "not a pasteboard file OpenWith wrote: \(why)", path: path)
        }
        guard parser.nextLine() == fileMagic else { throw damaged("the first line is not '\(fileMagic)'") }
        var changeCount = 0, writtenAt: Int64 = 0, expiresAt: Int64?, isLocalOnly = false
        var items: [PasteboardItem] = [], current: [PasteboardRepresentation]?
        while true {
            guard let line = parser.nextLine() else { throw damaged("the header has no 'data' line within \(limits.maximumHeaderBytes) bytes") }
            let words = line.split(separator: " ", omittingEmptySubsequences: false)
            switch (words.first, words.count) {
            case ("change", 2): guard let value = Int(words[1]), value >= 0 else { throw damaged("bad line '\(line)'") }; changeCount = value
            case ("written", 2): guard let value = Int64(words[1]) else { throw damaged("bad line '\(line)'") }; writtenAt = value
            case ("expires", 2): guard let value = Int64(words[1]) else { throw damaged("bad line '\(line)'") }; expiresAt = value
            case ("local-only", 1): isLocalOnly = true
            case ("item", 1):
                if let current { items.append(PasteboardItem(representations: current)) }
                guard items.count < limits.maximumItems else { throw damaged("more than \(limits.maximumItems) items") }
                current = []
            case ("representation", 4):
                guard current != nil else { throw damaged("a representation before any item") }
                guard current!.count < limits.maximumRepresentations else { throw damaged("an item with more than \(limits.maximumRepresentations) representations") }
                let type = String(words[1])
                guard TypeIdentifier.syntaxProblem(in: type) == nil, let offset = Int(words[2]), let count = Int(words[3]), offset >= 0, count >= 0,
                    offset <= limits.maximumBytes, count <= limits.maximumBytes
                else { throw damaged("bad line '\(line)'") }
                current!.append(PasteboardRepresentation(type: TypeIdentifier(type), byteCount: count, offset: offset))
            case ("data", 2):
                guard let total = Int(words[1]), total >= 0, total <= limits.maximumBytes else { throw damaged("bad line '\(line)'") }
                if let current { items.append(PasteboardItem(representations: current)) }
                guard bytes.count - parser.position == total else {
                    throw damaged("the data is \(bytes.count - parser.position) bytes, not the \(total) its header says (a file cut short)")
                }
                for item in items {
                    for representation in item.representations where representation.offset + representation.byteCount > total {
                        throw damaged("representation \(representation.type) lies outside the data")
                    }
                }
                return PasteboardContents(
                    name: name, changeCount: changeCount, writtenAt: writtenAt, expiresAt: expiresAt, isLocalOnly: isLocalOnly, items: items,
                    data: Array(bytes[parser.position...]))
            default: throw damaged("unknown line '\(line.prefix(80))'")
            }
        }
    }
}

/// Reads the header's lines, never past a limit.
private struct HeaderParser {
    let bytes: [UInt8]
    let limit: Int
    var position = 0

    /// The next line without its newline, or `nil` at the limit or the end.
    mutating func nextLine() -> String? {
        let end = min(bytes.count, limit)
        var index = position
        while index < end, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        guard index < end else { return nil }
        let line = String(decoding: bytes[position..<index], as: UTF8.self)
        position = index + 1
        return line
    }
}

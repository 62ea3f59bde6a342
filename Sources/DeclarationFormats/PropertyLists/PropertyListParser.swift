/// Reads property lists: XML (`<?xml` / `<plist`, with or without a UTF-8 byte-order mark) and binary
/// (`bplist00`), detected from the first bytes.
///
/// Both readers are written for hostile input: no Foundation `PropertyListSerialization` or
/// `XMLParser`, no DTD or entity expansion, bounded size, depth, object count and decoded size
/// (``CatalogFormatLimits``), cycles in binary object graphs detected. Every failure is a
/// ``CatalogFormatError`` naming the file, the key path where known (`CFBundleDocumentTypes[2].LSHandlerRank`)
/// and the reason; nothing traps.
///
/// ```swift
/// let plist = try PropertyListParser.parse(bytes, source: "Foo.app/Contents/Info.plist")
/// plist["CFBundleIdentifier"]?.stringValue // "org.example.foo"
/// ```
///
/// OpenStep-style text property lists (`{ key = value; }`) are refused as
/// ``CatalogFormatError/Code/unsupportedPropertyList``.
public enum PropertyListParser {
    /// The encoding of a property list document.
    public enum Format: Sendable, Equatable {
        /// An XML property list.
        case xml
        /// A binary property list (`bplist00`).
        case binary
    }

    /// Parses an XML or binary property list.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - source: the file's path, used in errors.
    ///   - limits: bounds on size, depth and decoded size.
    /// - Returns: the top-level value (usually a dictionary).
    public static func parse(
        _ bytes: [UInt8], source: String, limits: CatalogFormatLimits = .default
    ) throws(CatalogFormatError) -> PropertyListValue {
        switch try detectFormat(bytes, source: source, limits: limits) {
        case .binary:
            var reader = try PropertyListBinaryReader(bytes: bytes, source: source, limits: limits)
            return try reader.read()
        case .xml:
            return try PropertyListXMLReader.read(bytes, source: source, limits: limits)
        }
    }

    /// Parses a property list held in raw memory (copied once into an array).
    public static func parse(
        _ buffer: UnsafeRawBufferPointer, source: String, limits: CatalogFormatLimits = .default
    ) throws(CatalogFormatError) -> PropertyListValue {
        try limits.checkDocumentSize(buffer.count, source: source)
        return try parse(Array(buffer), source: source, limits: limits)
    }

    /// Tells whether `bytes` hold an XML or a binary property list, or throws if neither.
    public static func detectFormat(
        _ bytes: [UInt8], source: String, limits: CatalogFormatLimits = .default
    ) throws(CatalogFormatError) -> Format {
        try limits.checkDocumentSize(bytes.count, source: source)
        if bytes.starts(with: Array("bplist".utf8)) { return .binary }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw CatalogFormatError(
                code: .unsupportedPropertyList, source: source, line: 1,
                reason: "UTF-16 XML property lists are not supported (UTF-8 only)")
        }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, XMLTokenizer.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else {
            throw CatalogFormatError(code: .malformedPropertyList, source: source, reason: "the file is empty")
        }
        switch bytes[index] {
        case UInt8(ascii: "<"):
            return .xml
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "\""), UInt8(ascii: "/"):
            throw CatalogFormatError(
                code: .unsupportedPropertyList, source: source,
                reason: "OpenStep-style text property lists are not supported (XML or binary only)")
        default:
            throw CatalogFormatError(
                code: .malformedPropertyList, source: source,
                reason: "not a property list: expected \"bplist00\" or XML")
        }
    }
}

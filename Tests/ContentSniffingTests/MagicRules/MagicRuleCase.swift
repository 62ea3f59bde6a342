import Testing

/// One row of the magic-rule case table: a format, the MIME type its shared-mime-info rule
/// answers, and bytes of that format built inline.
struct MagicRuleCase: Sendable, CustomTestStringConvertible {
    let name: String
    let mimeType: String
    let bytes: [UInt8]

    init(_ name: String, _ mimeType: String, _ bytes: [UInt8]) {
        self.name = name
        self.mimeType = mimeType
        self.bytes = bytes
    }

    var testDescription: String { "\(name) → \(mimeType)" }
}

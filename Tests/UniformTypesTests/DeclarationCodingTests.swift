import Testing

@testable import UniformTypes

/// One field of an encoded declaration, read without decoding the rest, is the field the whole
/// decoding gives; a damaged record gives nothing rather than a wrong neighbour.
@Suite("Declaration records: single fields")
struct DeclarationCodingTests {
    static let declarations = ((try? SystemTypeCatalog.declarations()) ?? []) + [
        TypeDeclaration(
            identifier: "com.example.sketch", conformsTo: ["public.image"],
            tags: [.filenameExtension: [], .mimeType: ["application/x-example-sketch", "image/x-sketch"], TagClass("com.example.code"): ["SKCH"]],
            filenamePatterns: [FilenamePattern("Sketchfile", weight: 60)], description: "Example sketch"),
        TypeDeclaration(identifier: "com.example.bare"),
    ]

    @Test("every system declaration's identifier, description and first tags read alone equal the decoded ones")
    func fieldsEqualDecoding() throws {
        #expect(Self.declarations.count > 2_500)
        for declaration in Self.declarations {
            let record = DeclarationCoding.encode(declaration)
            try record.withUnsafeBufferPointer { bytes in
                let decoded = try #require(DeclarationCoding.decode(bytes))
                #expect(DeclarationCoding.read(.identifier, in: bytes) == .some(decoded.identifier.rawValue))
                #expect(DeclarationCoding.read(.description, in: bytes) == .some(decoded.description))
                for tagClass in [TagClass.mimeType, .filenameExtension, TagClass("com.example.code")] {
                    #expect(DeclarationCoding.read(.firstTag(tagClass), in: bytes) == .some(decoded.tags[tagClass]?.first), "\(declaration.identifier)")
                }
            }
        }
    }

    @Test("a record cut before a field's end gives nothing for that field, and never a wrong text")
    func truncated() throws {
        let record = DeclarationCoding.encode(Self.declarations[Self.declarations.count - 2])
        let text = Array("Example sketch".utf8)
        let start = try #require((0...(record.count - text.count)).last { Array(record[$0..<$0 + text.count]) == text })
        let descriptionEnd = start + text.count
        for length in 0..<record.count {
            Array(record[..<length]).withUnsafeBufferPointer { bytes in
                let description = DeclarationCoding.read(.description, in: bytes)
                #expect(description == (length >= descriptionEnd ? .some("Example sketch") : nil), "cut at \(length)")
                let identifier = DeclarationCoding.read(.identifier, in: bytes)
                #expect(identifier == nil || identifier == .some("com.example.sketch"), "cut at \(length)")
            }
        }
    }
}

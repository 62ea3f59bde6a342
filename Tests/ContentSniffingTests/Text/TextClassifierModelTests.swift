@testable import ContentSniffing
import Testing

/// The generated model's decoding: one fallback margin per class, and damaged data refused.
@Suite("Text: the classifier model's data")
struct TextClassifierModelTests {
    /// Weights for a model of two classes over 64 buckets, all zero, in the generated format.
    static let zeroWeights: StaticString = """
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        """

    @Test("the compiled model has one positive margin per class")
    func compiledMargins() throws {
        let model = try #require(TextClassifierModel.compiled)
        #expect(model.fallbackMargins.count == model.classes.count)
        #expect(model.fallbackMargins.allSatisfy { $0 > 0 })
    }

    @Test("margins are read in class order; a count that differs from the classes', or a margin that is not a number, is refused")
    func marginsMatchClasses() throws {
        // 64 × 2 weight bytes + 2 × 2 bias bytes = 132 bytes = 176 base64 characters.
        let model = try #require(TextClassifierModel(
            classNames: "text/x-a text/x-b", bucketCount: 64, fallbackMargins: "7 9", scale: 1, base64: Self.zeroWeights))
        #expect(model.fallbackMargins == [7, 9])
        #expect(TextClassifierModel(
            classNames: "text/x-a text/x-b", bucketCount: 64, fallbackMargins: "7", scale: 1, base64: Self.zeroWeights) == nil)
        #expect(TextClassifierModel(
            classNames: "text/x-a text/x-b", bucketCount: 64, fallbackMargins: "7 nine", scale: 1, base64: Self.zeroWeights) == nil)
    }
}

import CTextClassifierModel
@testable import ContentSniffing
import Testing

/// The generated model's data: one fallback margin per class, weights and biases of the sizes the
/// classes and buckets make, and damaged data refused.
@Suite("Text: the classifier model's data")
struct TextClassifierModelTests {
    /// Weights for a model of two classes over 64 buckets, all zero, and two zero biases: memory
    /// that lives as long as the test process, as a model's weights must.
    nonisolated(unsafe) static let zeroWeights = zeroed(Int8.self, 64 * 2)
    nonisolated(unsafe) static let zeroBiases = zeroed(Int16.self, 2)

    /// `count` zeros in memory never freed.
    static func zeroed<Value: FixedWidthInteger>(_ type: Value.Type, _ count: Int) -> UnsafeBufferPointer<Value> {
        let buffer = UnsafeMutableBufferPointer<Value>.allocate(capacity: count)
        buffer.initialize(repeating: 0)
        return UnsafeBufferPointer(buffer)
    }

    @Test("the compiled model has one positive margin per class, and weights and biases of its sizes")
    func compiledMargins() throws {
        let model = try #require(TextClassifierModel.compiled)
        #expect(model.fallbackMargins.count == model.classes.count)
        #expect(model.fallbackMargins.allSatisfy { $0 > 0 })
        #expect(model.weights.count == model.bucketCount * model.classes.count)
        #expect(model.biases.count == model.classes.count)
        // Trained weights, not a blank table: most rows hold some non-zero weight.
        #expect(model.weights.filter { $0 != 0 }.count > model.weights.count / 4)
    }

    @Test("the compiled model reads its weights where the program holds them: nothing is decoded or copied to use it")
    func compiledWeightsInPlace() throws {
        let model = try #require(TextClassifierModel.compiled)
        #expect(model.weights.baseAddress == UnsafePointer(openwith_text_classifier_weights()))
        #expect(model.weights.count == openwith_text_classifier_weight_count())
        let biases = UnsafeBufferPointer(start: openwith_text_classifier_biases(), count: openwith_text_classifier_bias_count())
        #expect(model.biases == biases.map(Int32.init))
    }

    @Test("words are split at single spaces as characters would split them: runs of spaces and both ends give no empty word")
    func wordsSplitAsCharacters() {
        for text in ["", " ", "a", "text/x-a text/x-b", "  a  b ", "é ü-x\tq", String(TextClassifierModelData.classes.description)] {
            #expect(TextClassifierModel.words(of: text) == text.split(separator: " ").map(String.init), "\(text.prefix(20))")
        }
        #expect(TextClassifierModel.compiled?.classes == TextClassifierModelData.classes.description.split(separator: " ").map(String.init))
    }

    @Test("margins are read in class order; a count that differs from the classes', a margin that is not a number, or weights or biases of other sizes are refused")
    func marginsMatchClasses() throws {
        let model = try #require(TextClassifierModel(
            classNames: "text/x-a text/x-b", bucketCount: 64, fallbackMargins: "7 9", scale: 1, weights: Self.zeroWeights, biases: Self.zeroBiases))
        #expect(model.fallbackMargins == [7, 9])
        #expect(TextClassifierModel(
            classNames: "text/x-a text/x-b", bucketCount: 64, fallbackMargins: "7", scale: 1, weights: Self.zeroWeights, biases: Self.zeroBiases) == nil)
        #expect(TextClassifierModel(
            classNames: "text/x-a text/x-b", bucketCount: 64, fallbackMargins: "7 nine", scale: 1, weights: Self.zeroWeights, biases: Self.zeroBiases) == nil)
        #expect(TextClassifierModel(
            classNames: "text/x-a text/x-b", bucketCount: 64, fallbackMargins: "7 9", scale: 1,
            weights: UnsafeBufferPointer(rebasing: Self.zeroWeights.dropLast()), biases: Self.zeroBiases) == nil)
        #expect(TextClassifierModel(
            classNames: "text/x-a text/x-b", bucketCount: 64, fallbackMargins: "7 9", scale: 1, weights: Self.zeroWeights,
            biases: UnsafeBufferPointer(rebasing: Self.zeroBiases.dropLast())) == nil)
    }
}

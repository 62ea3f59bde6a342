public import UniformTypes

/// What ``TextClassifier`` says text is: a MIME type, its type in the classifier's graph, how
/// sure it is, and on what basis.
///
/// ```swift
/// let answer = TextClassifier().classify("fn main() {\n    println!(\"hi\");\n}\n")
/// answer?.mimeType      // "text/rust"
/// answer?.basis         // .statistics
/// ```
public struct TextClassification: Sendable, Equatable, CustomStringConvertible {
    /// Where an answer comes from.
    public enum Basis: Sendable, Equatable {
        /// A structure that cannot occur by accident: PEM armour, an mbox `From ` line followed
        /// by headers, a unified diff's `---`/`+++`/`@@` lines, a modeline naming the file type.
        case structure
        /// The statistical model, sure enough (its winning margin reached the calibrated
        /// threshold).
        case statistics
        /// The model was not sure enough; the answer is plain text.
        case fallback
    }

    /// The MIME type, in shared-mime-info's spelling (`text/plain` for a fallback).
    public var mimeType: String
    /// The type of ``mimeType`` in the classifier's graph; `nil` when the graph does not know
    /// the MIME type (the model also knows formats that not every catalog declares).
    public var identifier: TypeIdentifier?
    /// How sure: 1 for a structure; for statistics and fallbacks the model's probability of
    /// its best class (0...1), also reported for fallbacks so a caller can see how close it was.
    public var score: Double
    /// Where the answer comes from.
    public var basis: Basis
    /// A short reason: the structure found, or the class the model would have named.
    public var detail: String
    /// For a fallback of a text the model read (long enough, its grammar kept) but whose margin
    /// fell short: the type of the class it would have named; `nil` otherwise.
    public var likeliest: TypeIdentifier?

    /// ``score`` as a whole percentage, as explanations give it.
    var percent: Int { Int((score * 100).rounded()) }

    /// Whether the answer is certain (a structure) rather than statistical.
    public var isStructural: Bool { basis == .structure }

    /// Creates an answer.
    public init(mimeType: String, identifier: TypeIdentifier?, score: Double, basis: Basis, detail: String, likeliest: TypeIdentifier? = nil) {
        self.mimeType = mimeType
        self.identifier = identifier
        self.score = score
        self.basis = basis
        self.detail = detail
        self.likeliest = likeliest
    }

    /// `text/rust (statistics, 0.98)`.
    public var description: String {
        let score = (score * 100).rounded() / 100
        return "\(mimeType) (\(basis), \(score))"
    }
}

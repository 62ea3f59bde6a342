import CTextClassifierModel

/// The text classifier's model: a flat bucket-major table of Int8 weights (one row of
/// `classCount` per feature bucket), a bias per class, the class names (MIME types) and each
/// class's calibrated fallback margin. The library's own model (``compiled``) reads its weights
/// in place from the program's read-only data, so using it decodes and copies nothing.
struct TextClassifierModel: @unchecked Sendable {
    /// The MIME types the model tells apart, in score order.
    let classes: [String]
    /// `bucketCount × classes.count` weights, bucket-major, in memory that lives as long as the
    /// process (never written, so shared safely between threads).
    let weights: UnsafeBufferPointer<Int8>
    /// One bias per class.
    let biases: [Int32]
    /// A power of two.
    let bucketCount: Int
    /// For each class, the smallest winning margin (best score minus second best) at which an
    /// answer naming it is trusted: calibrated per class on held-out files, so that a class
    /// that is rarely mistaken answers sooner than one easily confused with its neighbours.
    let fallbackMargins: [Int32]
    /// Score units per unit of the fitted model (for probabilities).
    let scale: Float
    /// For each class, the grammar without which text is not of it (``grammarClasses``).
    let grammars: [ClassGrammar?]

    /// What text must obey to be of a class, however alike other text reads.
    enum ClassGrammar: Sendable {
        /// JSON, or lines of JSON values, valid to the end of what was read (``JSONShape``):
        /// an Erlang term file and YAML with JSON-like lists read much like it.
        case json
        /// At least one line only a diff has (``DiffShape/hasDiffLine(_:)``): a keymap of
        /// `+`, `-` and `@` lines reads much like a patch.
        case diff
        /// A mapping's keys or a sequence's items at the top level, and nothing else there
        /// (``YAMLShape/hasTopLevelStructure(_:)``): `/etc/group` and pkg-config files read
        /// much like YAML.
        case yaml
        /// No line opening with C's `//` or `/*` outside a `%{ … %}` block
        /// (``MatlabShape/obeysCommentSyntax(_:)``): Objective-C under its licence header
        /// reads much like MATLAB.
        case matlab
        /// No run of three lines opening with `#` outside a fenced code block
        /// (``MarkdownShape/obeysHeadingSyntax(_:)``): a script's or a configuration file's
        /// block of `#` comments reads much like Markdown's headings.
        case markdown

        /// Whether obeying the grammar shows the format's structure (JSON's values, a diff's
        /// lines, YAML's top level), so that even text too short for the model is named by it;
        /// MATLAB's and Markdown's grammars only rule text out, and almost any short text obeys
        /// them.
        var confirms: Bool {
            switch self {
            case .json, .diff, .yaml: true
            case .matlab, .markdown: false
            }
        }
    }

    /// Classes whose grammar decides: the model answers them only for text that obeys it.
    static let grammarClasses: [String: ClassGrammar] = [
        "application/json": .json, "text/x-patch": .diff, "application/x-yaml": .yaml, "text/x-matlab": .matlab,
        "text/markdown": .markdown,
    ]

    /// The model compiled into the library; `nil` only if the generated data is damaged
    /// (a test checks that it is not). Made the first time it is asked for, from the weights
    /// and biases in place.
    static let compiled: TextClassifierModel? = TextClassifierModel(
        classNames: TextClassifierModelData.classes.description,
        bucketCount: TextClassifierModelData.bucketCount,
        fallbackMargins: TextClassifierModelData.fallbackMargins.description,
        scale: TextClassifierModelData.scale,
        weights: UnsafeBufferPointer(start: openwith_text_classifier_weights(), count: openwith_text_classifier_weight_count()),
        biases: UnsafeBufferPointer(start: openwith_text_classifier_biases(), count: openwith_text_classifier_bias_count()))

    /// A model over `weights` (bucket-major, memory that outlives the model) and one bias per
    /// class; `nil` when the sizes disagree with the classes and bucket count, or a margin is
    /// not a number.
    init?(
        classNames: String, bucketCount: Int, fallbackMargins: String, scale: Float, weights: UnsafeBufferPointer<Int8>,
        biases: UnsafeBufferPointer<Int16>
    ) {
        let classes = Self.words(of: classNames)
        let margins = Self.words(of: fallbackMargins).compactMap { Int32($0) }
        guard !classes.isEmpty, margins.count == classes.count, bucketCount >= 64, bucketCount & (bucketCount - 1) == 0,
            weights.count == bucketCount * classes.count, biases.count == classes.count
        else { return nil }
        self.classes = classes
        self.weights = weights
        self.biases = biases.map(Int32.init)
        self.bucketCount = bucketCount
        self.fallbackMargins = margins
        self.scale = scale
        self.grammars = classes.map { Self.grammarClasses[$0] }
    }

    /// The words of `text` that single spaces separate, split on its UTF-8 bytes: splitting
    /// the text as characters cost more than everything else the first classification does.
    static func words(of text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
    }
}

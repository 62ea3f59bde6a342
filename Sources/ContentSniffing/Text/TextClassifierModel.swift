/// The text classifier's weights, decoded once from ``TextClassifierModelData``: a flat
/// bucket-major table of Int8 weights (one row of `classCount` per feature bucket), an Int16
/// bias per class, the class names (MIME types) and each class's calibrated fallback margin.
struct TextClassifierModel: Sendable {
    /// The MIME types the model tells apart, in score order.
    let classes: [String]
    /// `bucketCount × classes.count` weights, bucket-major.
    let weights: [Int8]
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
    }

    /// Classes whose grammar decides: the model answers them only for text that obeys it.
    static let grammarClasses: [String: ClassGrammar] = [
        "application/json": .json, "text/x-patch": .diff, "application/x-yaml": .yaml, "text/x-matlab": .matlab,
    ]

    /// The classes of the model compiled into the library, in its order, read without
    /// decoding the weights.
    static let classNames: [String] = TextClassifierModelData.classes.description.split(separator: " ").map(String.init)

    /// The model compiled into the library; `nil` only if the generated data is damaged
    /// (a test checks that it is not). Decoded the first time it is asked for.
    static let compiled: TextClassifierModel? = TextClassifierModel(
        classNames: TextClassifierModelData.classes.description,
        bucketCount: TextClassifierModelData.bucketCount,
        fallbackMargins: TextClassifierModelData.fallbackMargins.description,
        scale: TextClassifierModelData.scale,
        base64: TextClassifierModelData.weights)

    /// Decodes a model; `nil` when the sizes disagree or a margin is not a number.
    init?(classNames: String, bucketCount: Int, fallbackMargins: String, scale: Float, base64: StaticString) {
        let classes = classNames.split(separator: " ").map(String.init)
        let margins = fallbackMargins.split(separator: " ").compactMap { Int32($0) }
        guard !classes.isEmpty, margins.count == classes.count, bucketCount >= 64, bucketCount & (bucketCount - 1) == 0 else { return nil }
        let bytes = base64.withUTF8Buffer { Self.decodeBase64(UnsafeRawBufferPointer($0)) }
        let weightCount = bucketCount * classes.count
        guard let bytes, bytes.count == weightCount + 2 * classes.count else { return nil }
        self.classes = classes
        self.weights = bytes[..<weightCount].map { Int8(bitPattern: $0) }
        self.biases = (0..<classes.count).map { index in
            let low = UInt16(bytes[weightCount + 2 * index])
            let high = UInt16(bytes[weightCount + 2 * index + 1])
            return Int32(Int16(bitPattern: low | high << 8))
        }
        self.bucketCount = bucketCount
        self.fallbackMargins = margins
        self.scale = scale
        self.grammars = classes.map { Self.grammarClasses[$0] }
    }

    /// Standard base64 with line breaks ignored; `nil` on any other byte outside the alphabet.
    static func decodeBase64(_ text: UnsafeRawBufferPointer) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in text {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="), 0x0A, 0x0D: continue
            default: return nil
            }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }
}

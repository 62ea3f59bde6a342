import ContentSniffing

/// Decoding of the PDF streams a preview reads (cross-reference and object streams):
/// `FlateDecode` through the bounded inflater, then the PNG predictors of `/DecodeParms`
/// (ISO 32000-1 §7.4.4.4). Other filters are not decoded.
enum PDFStreamDecoding {
    /// The most bytes a decoded stream may hold (its decoding stops there).
    static let maximumDecodedBytes = 8 << 20

    /// The decoded bytes of a stream whose dictionary is `dictionary`, or `nil` when a filter is
    /// not supported or the data is broken.
    static func decode(_ data: [UInt8], dictionary: PDFValue) -> [UInt8]? {
        var filters: [String] = []
        var parameters: [PDFValue?] = []
        switch dictionary["Filter"] {
        case .name(let filter)?:
            filters = [filter]
            parameters = [dictionary["DecodeParms"]]
        case .array(let list)?:
            filters = list.compactMap(\.name)
            guard filters.count == list.count else { return nil }
            let given = dictionary["DecodeParms"]
            let listed = given?.array
            parameters = filters.indices.map { index in
                if let listed { return index < listed.count ? listed[index] : nil }
                return index == 0 ? given : nil
            }
        case nil:
            return data
        default:
            return nil
        }
        guard filters.count <= 1 else { return nil }
        guard let filter = filters.first else { return data }
        guard filter == "FlateDecode" || filter == "Fl" else { return nil }
        // A first guess sized by the input, so small streams do not reserve the whole cap; a
        // guess that fills up is decoded again up to the cap.
        let guess = min(maximumDecodedBytes, max(64 * 1024, data.count * 16))
        guard var inflated = BoundedInflation.inflate(zlib: data, maximumOutput: guess) else { return nil }
        if inflated.count == guess && guess < maximumDecodedBytes {
            inflated = BoundedInflation.inflate(zlib: data, maximumOutput: maximumDecodedBytes) ?? inflated
        }
        return unpredict(inflated, parameters: parameters.first ?? nil)
    }

    /// Undoes a PNG predictor (`/Predictor` 10–15) row by row; predictor 1 or none is the data
    /// itself, and TIFF predictor 2 is not supported.
    static func unpredict(_ data: [UInt8], parameters: PDFValue?) -> [UInt8]? {
        let predictor = parameters?["Predictor"]?.integer ?? 1
        if predictor == 1 { return data }
        guard predictor >= 10 && predictor <= 15 else { return nil }
        let colors = parameters?["Colors"]?.integer ?? 1
        let bits = parameters?["BitsPerComponent"]?.integer ?? 8
        let columns = parameters?["Columns"]?.integer ?? 1
        guard (1...32).contains(colors), [1, 2, 4, 8, 16].contains(bits), (1...1 << 20).contains(columns) else { return nil }
        let pixelBytes = max(1, colors * bits / 8)
        let rowBytes = (columns * colors * bits + 7) / 8
        // Rows longer than the data hold nothing: never allocate for them.
        guard rowBytes < data.count else { return [] }
        var output: [UInt8] = []
        output.reserveCapacity(data.count)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var row = [UInt8](repeating: 0, count: rowBytes)
        var offset = 0
        while offset + 1 + rowBytes <= data.count {
            let type = data[offset]
            for index in 0..<rowBytes {
                let raw = data[offset + 1 + index]
                let left = index >= pixelBytes ? row[index - pixelBytes] : 0
                let up = previous[index]
                let upLeft = index >= pixelBytes ? previous[index - pixelBytes] : 0
                switch type {
                case 0: row[index] = raw
                case 1: row[index] = raw &+ left
                case 2: row[index] = raw &+ up
                case 3: row[index] = raw &+ UInt8((Int(left) + Int(up)) / 2)
                case 4: row[index] = raw &+ paeth(left, up, upLeft)
                default: return nil
                }
            }
            output.append(contentsOf: row)
            swap(&previous, &row)
            offset += 1 + rowBytes
        }
        return output
    }

    static func paeth(_ left: UInt8, _ up: UInt8, _ upLeft: UInt8) -> UInt8 {
        let estimate = Int(left) + Int(up) - Int(upLeft)
        let toLeft = abs(estimate - Int(left))
        let toUp = abs(estimate - Int(up))
        let toUpLeft = abs(estimate - Int(upLeft))
        if toLeft <= toUp && toLeft <= toUpLeft { return left }
        return toUp <= toUpLeft ? up : upLeft
    }
}

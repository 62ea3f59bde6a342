extension DocumentPreview {
    /// What an SVG image states about itself: its size and title.
    ///
    /// Policy: the first 64 KiB are read (within the preview's budget). After an optional byte
    /// order mark, XML declaration, comments, processing instructions and DOCTYPE, the root
    /// element must be `svg` (with or without a prefix); compressed `.svgz` is not read. From its
    /// start tag: `width` and `height` as written and in CSS pixels (`px`, none, `in` = 96,
    /// `cm`, `mm`, `Q`, `pt` = 4/3, `pc` = 16; `%`, `em` and `ex` have no absolute size), and
    /// `viewBox` (four numbers, a positive width and height). The pixel size is the absolute
    /// `width`/`height`; a missing or relative one is taken from the `viewBox` (scaled to keep its
    /// aspect ratio when the other is absolute), as browsers and thumbnailers size an SVG. The
    /// title is the text of the first `title` element that is a child of the root, with entities
    /// decoded, white space collapsed and control characters replaced.
    public struct SVG: Sendable, Hashable, Codable {
        /// The root's `width` attribute as written (e.g. `210mm`).
        public var width: String?
        /// The root's `height` attribute as written.
        public var height: String?
        /// The `viewBox`: minimum x, minimum y, width, height.
        public var viewBox: [Double]?
        /// The document title.
        public var title: String?

        /// Creates SVG facts.
        public init(width: String?, height: String?, viewBox: [Double]?, title: String?) {
            self.width = width
            self.height = height
            self.viewBox = viewBox
            self.title = title
        }

        static let maximumHeadBytes = 64 * 1024

        /// The image facts of an SVG file, or `nil` when the root element is not `svg`.
        static func read(from source: PreviewSource, limits: Limits, notes: inout [String]) throws(HandOverError) -> Image? {
            let head = try source.head(maximumHeadBytes).bytes
            var scanner = SVGTagScanner(head, steps: limits.maximumSteps)
            guard let root = scanner.rootElement(), SVGTagScanner.localName(root.name) == "svg" else { return nil }
            let widthText = root.attributes["width"]
            let heightText = root.attributes["height"]
            let viewBox = root.attributes["viewBox"].flatMap(parseViewBox)
            let title = root.selfClosing ? nil : scanner.childText(named: "title")
            var width = widthText.flatMap(pixels)
            var height = heightText.flatMap(pixels)
            if let box = viewBox {
                switch (width, height) {
                case (nil, nil): (width, height) = (box[2], box[3])
                case (let known?, nil): height = known * box[3] / box[2]
                case (nil, let known?): width = known * box[2] / box[3]
                default: break
                }
            }
            if width == nil || height == nil { notes.append("the SVG states no absolute size and no viewBox") }
            func whole(_ value: Double?) -> Int? {
                guard let value, value.isFinite, value > 0, value < 1e9 else { return nil }
                return max(1, Int(value.rounded()))
            }
            var image = Image(format: "svg", width: whole(width), height: whole(height), bitDepth: nil, colorType: nil)
            image.svg = SVG(width: widthText, height: heightText, viewBox: viewBox, title: title)
            return image
        }

        /// A CSS length in pixels, or `nil` for a relative or malformed one.
        static func pixels(_ text: String) -> Double? {
            let trimmed = text.trimmingSVGSpace()
            let unitStart = trimmed.unicodeScalars.firstIndex { !("0"..."9").contains($0) && $0 != "." && $0 != "-" && $0 != "+" && $0 != "e" && $0 != "E" }
                ?? trimmed.unicodeScalars.endIndex
            guard let value = Double(String(trimmed.unicodeScalars[..<unitStart])), value.isFinite, value > 0 else { return nil }
            let factor: Double? =
                switch String(trimmed.unicodeScalars[unitStart...]).lowercased() {
                case "", "px": 1
                case "in": 96
                case "cm": 96 / 2.54
                case "mm": 96 / 25.4
                case "q": 96 / 101.6
                case "pt": 4.0 / 3.0
                case "pc": 16
                default: nil
                }
            return factor.map { value * $0 }
        }

        /// Four numbers separated by white space and/or commas, with a positive width and height.
        static func parseViewBox(_ text: String) -> [Double]? {
            let parts = text.split { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.compactMap { Double($0) }
            guard parts.count == 4, parts.allSatisfy(\.isFinite), parts[2] > 0, parts[3] > 0 else { return nil }
            return parts
        }
    }
}

extension String {
    func trimmingSVGSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }),
            let last = scalars.lastIndex(where: { !" \t\r\n".unicodeScalars.contains($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}

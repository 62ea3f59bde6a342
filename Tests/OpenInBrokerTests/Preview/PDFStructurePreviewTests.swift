import OpenInBroker
import OpenWithTestSupport
import Testing

/// PDF 1.5 structure: cross-reference streams, object streams, inherited page sizes, titles.
@Suite("PDF previews read the document structure")
struct PDFStructurePreviewTests {
    @Test("A PDF 1.5 file with a cross-reference stream and an object stream gives pages, title and page size")
    func crossReferenceStream() throws {
        let bytes = PDFBuilder(pageCount: 7, title: "Quarterly — Q3 ✓").crossReferenceStreamFile()
        // Nothing of the page tree is readable as plain text.
        #expect(!String(decoding: bytes, as: UTF8.self).contains("/Count"))
        let preview = DocumentPreview.read(bytes: bytes, kind: .pdf)
        let pdf = try #require(preview.pdf)
        #expect(preview.kind == .pdf)
        #expect(pdf.version == "1.5")
        #expect(pdf.pageCount == 7)
        #expect(pdf.title == "Quarterly — Q3 ✓")
        #expect(pdf.pageWidth == 612)
        #expect(pdf.pageHeight == 792)
        #expect(!pdf.encrypted)
    }

    @Test("The first page's own MediaBox wins over the inherited one; a box not at the origin is measured")
    func ownMediaBox() throws {
        let bytes = PDFBuilder(pageCount: 2, firstPageMediaBox: [10, 20, 305.5, 441]).crossReferenceStreamFile()
        let pdf = try #require(DocumentPreview.read(bytes: bytes, kind: .pdf).pdf)
        #expect(pdf.pageWidth == 295.5)
        #expect(pdf.pageHeight == 421)
        #expect(pdf.title == nil)
        #expect(pdf.pageCount == 2)
    }

    @Test("A classic table file gives the same facts, page size included")
    func classicTable() throws {
        let bytes = PDFBuilder(pageCount: 3, title: "Plain", rootMediaBox: [0, 0, 595, 842]).tableFile()
        let pdf = try #require(DocumentPreview.read(bytes: bytes, kind: .pdf).pdf)
        #expect(pdf.version == "1.4")
        #expect(pdf.pageCount == 3)
        #expect(pdf.title == "Plain")
        #expect(pdf.pageWidth == 595)
        #expect(pdf.pageHeight == 842)
    }

    @Test("Every truncation and many corruptions of a PDF 1.5 file finish without trapping, within the budget")
    func hostile() {
        let bytes = PDFBuilder(pageCount: 4, title: "Hostile").crossReferenceStreamFile()
        let limits = DocumentPreview.Limits(maximumBytes: 64 * 1024)
        for length in stride(from: 0, through: bytes.count, by: 7) {
            let preview = DocumentPreview.read(bytes: Array(bytes[..<length]), kind: .pdf, limits: limits)
            #expect(preview.bytesRead <= 64 * 1024)
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<400 {
            var mutated = bytes
            for _ in 0..<4 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let position = Int(state >> 33) % mutated.count
                mutated[position] = UInt8(truncatingIfNeeded: state >> 17)
            }
            _ = DocumentPreview.read(bytes: mutated, kind: .pdf, limits: limits)
        }
    }

    @Test("A cross-reference chain that points back at itself, and deep nesting, end")
    func loopsAndNesting() throws {
        let loop = Array("%PDF-1.5\n1 0 obj\n<< /Type /XRef /Size 1 /W [1 1 1] /Prev 9 /Length 0 >>\nstream\n\nendstream\nendobj\nstartxref\n9\n%%EOF\n".utf8)
        let preview = DocumentPreview.read(bytes: loop, kind: .pdf)
        #expect(preview.pdf?.pageCount == nil)
        let deep = Array(("%PDF-1.5\n1 0 obj\n" + String(repeating: "[", count: 100_000) + "\nendobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Root 1 0 R >>\nstartxref\n").utf8)
        let offset = deep.count - "xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Root 1 0 R >>\nstartxref\n".utf8.count
        let nested = deep + Array("\(offset)\n%%EOF\n".utf8)
        #expect(DocumentPreview.read(bytes: nested, kind: .pdf).pdf?.pageCount == nil)
    }
}

/// SVG sizes and titles.
@Suite("SVG previews")
struct SVGPreviewTests {
    @Test(
        "Width and height in CSS units become pixels",
        arguments: [
            ("width=\"100\" height=\"50\"", 100, 50),
            ("width=\"2in\" height=\"1in\"", 192, 96),
            ("width=\"210mm\" height=\"297mm\"", 794, 1123),
            ("width=\"72pt\" height=\"36pt\"", 96, 48),
            ("width='10cm' height='5cm'", 378, 189),
            ("viewBox=\"0 0 640 480\"", 640, 480),
            ("width=\"100%\" height=\"100%\" viewBox=\"0,0,300,150\"", 300, 150),
            ("width=\"600\" viewBox=\"0 0 300 150\"", 600, 300),
        ])
    func sizes(attributes: String, width: Int, height: Int) throws {
        let text = "<?xml version=\"1.0\"?>\n<!-- drawn by hand -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes)><rect/></svg>"
        let preview = DocumentPreview.read(bytes: Array(text.utf8), kind: .image)
        let image = try #require(preview.image, "\(preview.notes)")
        #expect(image.format == "svg")
        #expect(image.width == width)
        #expect(image.height == height)
    }

    @Test("The root's title is read, entities decoded; a nested title is not the document's")
    func title() throws {
        let text = """
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [ <!ENTITY x "y"> ]>
            <svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="10" height="20" viewBox="0 0 1 2">
              <svg:g><svg:title>Inner</svg:title></svg:g>
              <svg:title>Fish &amp; Chips
                 &#x2014; map</svg:title>
            </svg:svg>
            """
        let image = try #require(DocumentPreview.read(bytes: Array(text.utf8), kind: .image).image)
        let svg = try #require(image.svg)
        #expect(svg.title == "Fish & Chips — map")
        #expect(svg.width == "10")
        #expect(svg.height == "20")
        #expect(svg.viewBox == [0, 0, 1, 2])
    }

    @Test("XML whose root is not svg is not an SVG; truncations never trap")
    func notSVGAndHostile() {
        let other = DocumentPreview.read(bytes: Array("<?xml version=\"1.0\"?><html><svg/></html>".utf8), kind: .image)
        #expect(other.image == nil)
        #expect(other.kind == .other)
        let text = Array("<svg width=\"1e308in\" height=\"-5\" viewBox=\"0 0 0 0\"><title>&#xFFFFFFFF;&#0;<b>x</b></title></svg>".utf8)
        for length in 0...text.count {
            let preview = DocumentPreview.read(bytes: Array(text[..<length]), kind: .image)
            if let image = preview.image {
                #expect(image.width == nil || image.width! > 0)
            }
        }
    }
}

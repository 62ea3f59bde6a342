import ContentSniffing
import Testing

/// CSV and TSV need consistent fields; a few lines of code with commas are not CSV.
@Suite("Text: delimited values")
struct DelimitedShapeTests {
    let sniffer = SignatureSniffer()

    func identifier(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBytes { sniffer.sniff(prefix: $0)?.identifier.rawValue }
    }

    @Test("two lines of OpenSCAD, with the same number of commas each, are not CSV")
    func twoLinesOfCode() {
        let scad = "translate([0, 0, 5]) cube([10, 10, 10]);\nrotate([0, 90, 0]) cylinder(h = 5, r = 2);\n"
        #expect(identifier(scad) == "public.plain-text")
    }

    @Test("a few records with code punctuation are not CSV; many consistent records are")
    func fewRecords() {
        #expect(identifier("f(a, b);\ng(c, d);\nh(e, f);\n") == "public.plain-text")
        let many = (1...6).map { "point(\($0), \($0 * 2))" }.joined(separator: "\n") + "\n"
        #expect(identifier(many) == "public.comma-separated-values-text")
        #expect(identifier("name,age\nAda,36\n") == "public.comma-separated-values-text")
    }
}

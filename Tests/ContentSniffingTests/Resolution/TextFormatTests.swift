import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// Formats whose specification makes them text, though no registry places them under text
/// (`Catalog/sources/text-formats.tsv`): each is a kind of plain text, so a text editor
/// is offered for it and text content opening with its magic is placed as it, name or not.
@Suite("Text formats no registry places under text")
struct TextFormatTests {
    let resolver = TypeResolver()

    func resolve(_ text: String, named name: String, mode: ResolutionOptions.Mode) throws -> Resolution {
        let folder = TemporaryDirectory("openwith-text-format")
        return try resolver.resolve(path: try folder.write(name, text: text), options: ResolutionOptions(mode: mode))
    }

    @Test(
        "A text format is a kind of plain text and is placed by its opening, without a name or under a name no type owns",
        arguments: [
            ("application/sparql-query", "PREFIX foaf: <http://xmlns.com/foaf/0.1/>\nSELECT ?name\nWHERE { ?person foaf:name ?name . }\n", "people.sparql"),
            ("application/x-font-bdf", "STARTFONT 2.1\nFONT -misc-fixed-medium-r-normal--6-60-75-75-c-40-iso10646-1\nSIZE 6 75 75\nCHARS 0\nENDFONT\n", "fixed.font"),
            ("application/x-font-afm", "StartFontMetrics 4.1\nFontName Example-Roman\nFullName Example Roman\nEndFontMetrics\n", "example.metrics"),
            ("model/step", "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('a bracket'),'2;1');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n", "bracket.cad"),
            ("image/x-xfig", "#FIG 3.2  Produced by hand\nLandscape\nCenter\nMetric\nA4\n100.00\nSingle\n-2\n1200 2\n2 1 0 1 0 7 50 -1 -1 0.000 0 0 -1 0 0 2\n\t 1200 1200 2400 2400\n", "box.figdraw"),
        ])
    func textFormat(mime: String, text: String, name: String) throws {
        let type = try #require(resolver.graph.type(mimeType: mime))
        #expect(type.isDeclared)
        #expect(type.conforms(to: resolver.graph.identity(.plainText)), "\(type.identifier) is text")
        #expect(try resolve(text, named: "sample", mode: .contentOnly).type == type)
        #expect(try resolve(text, named: name, mode: .nameAndContent).type == type)
    }

    /// Go's module test data (`example.com_retract_self_pseudo_v1.9.0.txt`): prose opening with
    /// `Module`, which shared-mime-info's Visual Basic rule (priority 50) looks for at offset 0.
    @Test("A .txt name says plain text: a rule below priority 80 does not make it another text format")
    func plainTextName() throws {
        let text = "Module example.com/retract/self/pseudo is a module that retracts its own\nlatest version, as well as an earlier version.\n"
        let visualBasic = try #require(resolver.graph.type(mimeType: "text/x-vb"))
        try #require(try resolve(text, named: "sample", mode: .contentOnly).type == visualBasic, "the rule matches the bytes")
        let named = try resolve(text, named: "retract_v1.9.0.txt", mode: .nameAndContent)
        #expect(named.type == resolver.graph.identity(.plainText), "\(named.type.identifier)")
        #expect(!named.evidence.contains { $0.source == .magicRules })
    }

    @Test("Plain text that does not open with the magic stays plain text")
    func otherText() throws {
        let resolution = try resolve("A note on prefixes: PREFIX is a SPARQL keyword.\n", named: "sample", mode: .contentOnly)
        #expect(resolution.type == resolver.graph.identity(.plainText))
    }
}

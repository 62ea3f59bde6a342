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

    @Test("Plain text that does not open with the magic stays plain text")
    func otherText() throws {
        let resolution = try resolve("A note on prefixes: PREFIX is a SPARQL keyword.\n", named: "sample", mode: .contentOnly)
        #expect(resolution.type == resolver.graph.identity(.plainText))
    }
}

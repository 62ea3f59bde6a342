import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// HTML opens with markup: text that only mentions tags in its opening lines (a TODO list about
/// an HTML library, a template file quoting a page) is not made HTML by a magic rule or by
/// libmagic, whose HTML rules look for `<TABLE`, `<SCRIPT` or `<A` anywhere in the first bytes.
@Suite("HTML opens with markup")
struct HTMLOpeningTests {
    let resolver = TypeResolver()

    /// Prose about HTML, naming tags in its first 256 bytes.
    static let todo = """
        Things to do before the next release:

         - Make the parser report the line of an unclosed <table> element.
         - Decode &entities; inside attribute values.
         - Speed up the tokenizer for long <script> sections.
         - Write tests for broken comments such as <!-- without an end.

        """

    func resolve(_ text: String, named name: String, mode: ResolutionOptions.Mode = .nameAndContent) throws -> Resolution {
        let folder = TemporaryDirectory("openwith-html-opening")
        return try resolver.resolve(path: try folder.write(name, text: text), options: ResolutionOptions(mode: mode))
    }

    @Test("prose that mentions tags is not HTML, under no telling name and by its content alone", arguments: [
        ResolutionOptions.Mode.nameAndContent, .contentOnly,
    ])
    func prose(mode: ResolutionOptions.Mode) throws {
        let html = resolver.graph.identity("public.html")
        let resolution = try resolve(Self.todo, named: "TODO", mode: mode)
        #expect(resolution.type != html, "\(resolution.type.identifier)")
        #expect(resolution.type.conforms(to: resolver.graph.identity(.plainText)))
        #expect(!resolution.evidence.contains { $0.identifier == html.identifier })
    }

    @Test("a page, a fragment and a page after a byte order mark and blank lines are still HTML", arguments: [
        "<!DOCTYPE html>\n<html><head><title>t</title></head><body><p>hi</p></body></html>\n",
        "</UL>\n<P><A HREF=\"devices.html\">Supported Targets</A></P>\n</BODY>\n</HEAD>\n",
        "\u{FEFF}\n\n  <html>\n<body><table><tr><td>one</td><td>two</td></tr></table></body>\n</html>\n",
    ])
    func markup(text: String) throws {
        let html = resolver.graph.identity("public.html")
        for mode in [ResolutionOptions.Mode.nameAndContent, .contentOnly] {
            let resolution = try resolve(text, named: "fragment", mode: mode)
            #expect(resolution.type == html, "\(mode): \(resolution.type.identifier)")
        }
    }
}

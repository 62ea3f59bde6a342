import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// Text that no name tells and the text classifier cannot place is asked of libmagic, as it is
/// when the content alone is asked about: a `BSDmakefile` is a makefile, a one-line `.so`
/// request under a man page's odd section name is troff; but not text the classifier leans to
/// read as plain text.
@Suite("Text nothing else placed")
struct UnplacedTextTests {
    let resolver = TypeResolver()

    func resolve(_ text: String, named name: String, options: ResolutionOptions = .default) throws -> Resolution {
        let folder = TemporaryDirectory("openwith-unplaced")
        return try resolver.resolve(path: try folder.write(name, text: text), options: options)
    }

    @Test(
        "libmagic places text the classifier was not sure of",
        arguments: [
            ("all: build\n\nbuild:\n\tcc -o prog prog.c\n", "BSDmakefile", "text/x-makefile"),
            (".so man3/other.3\n", "other.3p", "text/troff"),
        ])
    func placed(text: String, name: String, mime: String) throws {
        let expected = try #require(resolver.graph.type(mimeType: mime))
        let resolution = try resolve(text, named: name)
        try #require(resolution.evidence.contains { $0.source == .textContent && $0.detail.contains("not sure") }, "the classifier was not sure")
        #expect(resolution.type == expected)
        #expect(resolution.evidence.contains { $0.source == .libmagic && $0.identifier == expected.identifier })
    }

    /// Text the classifier read but was not sure of, whose likeliest kind was plain text: under
    /// no telling name, libmagic is not asked (its text rules look for a language's words, and
    /// on such text found one only where the text talked about it: a TODO list about HTML
    /// tags was HTML); asked about the content alone, it still is.
    @Test("text the classifier leans to read as plain text is not shown to libmagic, unless the content alone is asked about")
    func leansPlain() throws {
        let notes = "Meeting notes, Tuesday\n\nAnna: the printer on floor two jams again.\nBen: ordered a new drum, arrives Friday.\nAction: Carl to call the vendor.\n"
        let answer = try #require(TextClassifier().classify(notes))
        try #require(answer.basis == .fallback, "the classifier is not sure: \(answer)")
        #expect(answer.likeliest.map { resolver.graph.identity($0) } == resolver.graph.identity(.plainText))
        let named = try resolve(notes, named: "MEETING-NOTES")
        #expect(named.type == resolver.graph.identity(.plainText))
        #expect(!named.evidence.contains { $0.source == .libmagic })
        let unnamed = try resolve(notes, named: "MEETING-NOTES", options: ResolutionOptions(mode: .contentOnly))
        #expect(unnamed.evidence.contains { $0.source == .libmagic })
        // A makefile the classifier leans elsewhere for is still asked about (see `placed`).
        let makefile = try #require(TextClassifier().classify("all: build\n\nbuild:\n\tcc -o prog prog.c\n"))
        #expect(makefile.likeliest.map { resolver.graph.identity($0) } != resolver.graph.identity(.plainText))
    }

    @Test("a name that tells keeps libmagic out")
    func namedText() throws {
        let resolution = try resolve("all: build\n\nbuild:\n\tcc -o prog prog.c\n", named: "notes.txt")
        #expect(resolution.type == resolver.graph.identity(.plainText))
        #expect(!resolution.evidence.contains { $0.source == .libmagic })
    }

    /// libmagic is shown the first 2 KiB of text: its text rules search every byte they are
    /// given for a tag or a keyword, so a Vim script's `<script>` key notation further down
    /// made it HTML (Vim's own `macros/less.vim`, `ftplugin/eruby.vim`).
    @Test("libmagic judges text on its first 2 KiB: a Vim script's <script> key notation further down is no HTML")
    func vimKeyNotation() throws {
        var script = "\" Vim script to page through text, as less does\n\" Maintainer: nobody in particular\n\n"
        var number = 0
        while script.utf8.count < 2_200 {
            script += "\" step \(number): keep the cursor where it was and redraw the screen\nset nocompatible scrolloff=\(number % 9)\n"
            number += 1
        }
        script += "noremap <script> f <C-F>:call <SID>Status()<CR>\nnoremap <script> b <C-B>:call <SID>Status()<CR>\n"
        script += "map <script> q :q<CR>\nfun! s:Status()\n  echo 'more'\nendfun\n"
        // Content alone: under its name, a Vim script the classifier knows is not asked about.
        let resolution = try resolve(script, named: "pager.vim", options: ResolutionOptions(mode: .contentOnly))
        try #require(resolution.evidence.contains { $0.source == .libmagic }, "libmagic was asked")
        #expect(resolution.type == resolver.graph.identity(.plainText), "\(resolution.type.identifier)")
        #expect(!resolution.evidence.contains { $0.source == .libmagic && $0.detail == "text/html" })
    }

    /// A language the classifier knows but the graph declares no type for (Vim script in a graph
    /// without the supplement's declaration) is plain text, and not asked of libmagic, whose text
    /// rules answered Vim's own `ftplugin/obse.vim` HTML and `ftplugin/tex.vim` TeX.
    @Test("a language the classifier knows but the graph does not declare is plain text, and libmagic is not asked")
    func knownUndeclaredLanguage() throws {
        let declarations = try SystemTypeCatalog.declarations().filter { $0.identifier.rawValue != "org.vim.vim-script" }
        let resolver = TypeResolver(graph: try TypeGraph(declarations: declarations))
        #expect(resolver.graph.type(mimeType: "text/x-vim")?.isDeclared == false)
        let folder = TemporaryDirectory("openwith-unplaced")
        let resolution = try resolver.resolve(path: try folder.write("shelf.vim", text: TextClassifierTests.vimScript))
        #expect(resolution.type == resolver.graph.identity(.plainText), "\(resolution.type.identifier)")
        #expect(resolution.evidence.contains { $0.source == .textContent && $0.detail.contains("text/x-vim, which no declared type names") })
        #expect(!resolution.evidence.contains { $0.source == .libmagic })
        #expect(resolution.nameType?.isDynamic == true, "apps claiming .vim are still offered")
    }

    /// Vim script, declared by the supplement: by its extension or one of Vim's own file names,
    /// and by its content alone (the classifier's class), without asking libmagic.
    @Test("a Vim script is Vim script by name and by content, and libmagic is not asked", arguments: ["shelf.vim", ".vimrc", "_gvimrc"])
    func vimScriptByNameAndContent(name: String) throws {
        let vim = try #require(resolver.graph.type(mimeType: "text/x-vim"))
        #expect(vim.isDeclared)
        let named = try resolve(TextClassifierTests.vimScript, named: name)
        #expect(named.type == vim, "\(name): \(named.type.identifier)")
        #expect(named.evidence.contains { $0.source == .name && $0.identifier == vim.identifier })
        #expect(named.conflict == nil)
        #expect(!named.evidence.contains { $0.source == .libmagic })
        let unnamed = try resolve(TextClassifierTests.vimScript, named: "shelf-notes")
        #expect(unnamed.type == vim, "\(unnamed.type.identifier)")
        #expect(unnamed.evidence.contains { $0.source == .textContent && $0.identifier == vim.identifier })
        #expect(!unnamed.evidence.contains { $0.source == .libmagic })
    }

    /// Text is judged on the prefix every other step read (4 KiB; libmagic on its first 2 KiB):
    /// a C include past it does not make a page of prose C source.
    @Test("libmagic judges text on the prefix alone")
    func prefixOnly() throws {
        let sentences = [
            "The river ran low that summer, and the boats stayed in the harbour.",
            "Nobody in the village could remember a year so dry.",
            "Children walked across stones that had been under water for decades.",
            "In the evenings the old men argued about rain over their cards.",
        ]
        var prose = ""
        var line = 0
        while prose.utf8.count < 4_200 {
            prose += sentences[line % sentences.count] + "\n"
            line += 1
        }
        let text = prose + "#include <stdio.h>\nint main(void) { return 0; }\n"
        let resolution = try resolve(text, named: "story", options: ResolutionOptions(mode: .contentOnly))
        try #require(resolution.evidence.contains { $0.source == .libmagic }, "libmagic was asked")
        #expect(resolution.type == resolver.graph.identity(.plainText))
        #expect(!resolution.evidence.contains { $0.identifier.rawValue == "public.c-source" })
    }
}

import ContentSniffing
import Testing

/// troff, TOML and YAML told by the shape of their lines, through the public classifier; and
/// the look-alikes that must not be: INI files, Debian control files, front matter over a
/// Markdown body, dotfile lists, prose.
@Suite("Text: troff, TOML and YAML by their lines")
struct LineSyntaxShapeTests {
    let classifier = TextClassifier()

    func structure(_ text: String) -> String? {
        guard let answer = classifier.classify(text), answer.basis == .structure else { return nil }
        return answer.mimeType
    }

    @Test("troff: a manual page (also with the oldest lower-case macros) and a plain troff document")
    func troff() {
        let page = ".\\\" a comment\n.TH LS 1 \"2024\"\n.SH NAME\nls \\- list directory contents\n.SH SYNOPSIS\n.B ls\n[\\fIOPTION\\fR]\n.PP\nList information.\n"
        #expect(structure(page) == "application/x-troff-man")
        let oldPage = ".th MAN I 8/20/73\n.sh NAME\nman \\*- run off a manual section\n.sh SYNOPSIS\n.bd man\n[ section ]\n.it Man\nis a shell command file.\n"
        #expect(structure(oldPage) == "application/x-troff-man")
        let document = ".nr PS 11\n.LP\nA paper set with troff.\n.PP\nIts second paragraph.\n.sp 2\n.ce\nCentred\n"
        #expect(structure(document) == "text/troff")
    }

    @Test("not troff: dotfile lists, prose opening with a full stop, a single request")
    func notTroff() {
        #expect(structure(".gitignore\n.DS_Store\n.idea/\nbuild/\n") == nil)
        #expect(structure(". . . and so the story went on.\nIt went on for pages.\nThen it ended.\nThe end.\n") == nil)
        #expect(structure(".TH ONLY 1\nThe rest is prose without requests,\nline after line after line,\nand more of it here.\nAnd here.\n") == nil)
    }

    @Test("TOML: tables, quoted, numeric, boolean and array values, arrays over several lines")
    func toml() {
        let lock = "[[package]]\nname = \"aho-corasick\"\nversion = \"0.6.4\"\ndependencies = [\n \"memchr 2.0.1\",\n]\n\n[[package]]\nname = \"memchr\"\nversion = \"2.0.1\"\n"
        #expect(structure(lock) == "application/toml")
        let project = "# settings\n[project]\nname = \"demo\"\nrequires-python = \">=3.9\"\nlicense = { text = \"MIT\" }\n\n[tool.demo]\nstrict = true\nlevel = 3\n"
        #expect(structure(project) == "application/toml")
    }

    @Test("not TOML: INI files, whose values are bare words")
    func notTOML() {
        let ini = "[core]\nrepositoryformatversion = 0\nfilemode = true\nbare = false\neditor = vim\n[remote \"origin\"]\nurl = https://example.org/repo.git\n"
        #expect(structure(ini) == nil)
    }

    @Test("YAML: documents after ---, several in one file, and after a %YAML directive")
    func yaml() {
        let style = "---\n# LLVM style, four columns\nBasedOnStyle: LLVM\nIndentWidth: 4\n---\nLanguage: Cpp\nPointerAlignment: Left\n...\n"
        #expect(structure(style) == "application/yaml")
        let list = "%YAML 1.2\n---\nsteps:\n  - name: build\n    run: make\n  - name: test\n    run: make check\n"
        #expect(structure(list) == "application/yaml")
    }

    @Test("not YAML: front matter over a Markdown body, a Debian control file, a bare key list")
    func notYAML() {
        let post = "---\ntitle: Notes\nlayout: post\n---\n# Notes\n\nThis post is written in Markdown,\nwith prose in every paragraph,\nand more prose after that.\nAnd more.\n"
        #expect(structure(post) != "application/yaml")
        let control = "Package: hello\nVersion: 2.10-3\nArchitecture: amd64\nDescription: example package\n a longer description\n"
        #expect(structure(control) == nil)
    }
}

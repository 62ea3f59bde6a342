@testable import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// make's dependency rules, which compilers write beside objects as `foo.d` (D's extension too).
@Suite("Text: make dependency rules")
struct MakeDependencyShapeTests {
    /// What `gcc -MD -MP -c src/main.c -o build/main.o` writes.
    static let gccDependencies = """
        build/main.o: src/main.c /usr/include/stdc-predef.h /usr/include/stdio.h \\
         /usr/include/x86_64-linux-gnu/bits/types.h src/config.h \\
         src/util.h
        /usr/include/stdio.h:
        /usr/include/x86_64-linux-gnu/bits/types.h:
        src/config.h:
        src/util.h:

        """

    static func recognize(_ text: String) -> TextStructureMatch? { checkBytes(of: text, MakeDependencyShape.recognize) }

    @Test("dependency rules are make's, with continuations, empty header rules, or one line of two prerequisites", arguments: [
        gccDependencies,
        "foo.o: foo.c foo.h\n",
        "bar/foo.o: \\\n bar/foo.c \\\n bar/baz.h\n\nbar/baz.h:\n",
        "# generated\nlib/a.o lib/a.d: lib/a.c lib/a.h\n",
    ])
    func dependencies(text: String) {
        #expect(Self.recognize(text)?.mimeType.description == "text/x-makefile", "\(text)")
    }

    @Test("D source, YAML, a makefile with recipes and prose are not", arguments: [
        "module app;\n\nimport std.stdio;\n\nvoid main()\n{\n    writeln(\"hello\");\n}\n",
        "name: app\nversion: 1.0\n",
        "a.b: c.d\n",
        "image: nginx:1.25\nports: 80/tcp\n",
        "all: main.o\n\tcc -o app main.o\n",
        "Notes: read the file README.md first.\n",
        "version(unittest): import std.stdio;\n",
        "main.o:\n",
    ])
    func notDependencies(text: String) {
        #expect(Self.recognize(text) == nil, "\(text)")
    }

    @Test("a window that cuts the last rule short still shows the rules before it")
    func cutWindow() {
        let headers = (0..<200).map { " include/module\($0)/header\($0).h \\" }.joined(separator: "\n")
        let text = "build/big.o: src/big.c \\\n" + headers
        let window = String(text.utf8.prefix(4096))!
        #expect(window.utf8.count == 4096)
        #expect(Self.recognize(window) != nil)
    }

    @Test("a .d file of dependency rules is a makefile, the name overruled as Objective-C overrules .h; D source named .d stays D")
    func resolution() throws {
        let resolver = TypeResolver(loadsLibmagicOnDemand: false)
        let rules = resolver.resolve(bytes: Array(Self.gccDependencies.utf8), name: "main.d")
        #expect(rules.type.preferredMIMEType == "text/x-makefile", "\(rules.type.identifier)")
        #expect(rules.evidence.contains { $0.source == .name && $0.identifier.rawValue.hasSuffix("x-dsrc") && !$0.agrees }, "\(rules.evidence)")
        let plain = resolver.resolve(bytes: Array(Self.gccDependencies.utf8), name: "deps.txt")
        #expect(plain.type.identifier == "public.plain-text", "a name that says plain text and nothing more stays")
        let source = "module app;\n\nimport std.stdio;\n\nvoid main()\n{\n    writeln(\"hello\");\n}\n"
        let d = resolver.resolve(bytes: Array(source.utf8), name: "app.d")
        #expect(d.type.preferredMIMEType == "text/x-dsrc")
        #expect(d.conflict == nil)
    }
}

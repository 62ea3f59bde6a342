import ContentSniffing
import Testing
import UniformTypes

/// A configure template (`NAME.EXT.in`) is claimed by the name it is made into: the registries
/// call every `*.in` plain text, and `init.tcl.in` is Tcl with placeholders.
@Suite("Configure templates are named by their stem")
struct TemplateNameTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    @Test("a template takes its stem's type", arguments: [
        ("init.tcl.in", "proc greet {name} {\n    puts \"hello @PACKAGE_NAME@ $name\"\n}\n", "text/tcl"),
        ("uninstall.cmake.in", "if(NOT EXISTS \"@CMAKE_BINARY_DIR@/install_manifest.txt\")\n  message(FATAL_ERROR \"no manifest\")\nendif()\n", "text/x-cmake"),
        ("src/config.h.in", "/* Define to 1 if you have <unistd.h>. */\n#undef HAVE_UNISTD_H\n", "text/x-chdr"),
    ])
    func template(name: String, text: String, mime: String) throws {
        let expected = try #require(resolver.graph.type(mimeType: mime))
        let resolution = resolver.resolve(bytes: Array(text.utf8), name: name)
        #expect(resolution.type == expected)
        #expect(resolution.evidence.contains { $0.source == .name && $0.identifier == expected.identifier })
    }

    @Test("a bare .in, a stem without an extension or with an unknown one stays the registries' answer", arguments: [
        "notes.in", "Makefile.in", ".in", "data.zzqx.in",
    ])
    func notTemplates(name: String) throws {
        let text = Array("Some words that say nothing of a format.\nAnd a second line.\n".utf8)
        let resolution = resolver.resolve(bytes: text, name: name)
        #expect(isPlainOrRegistry(resolution, name: name))
    }

    func isPlainOrRegistry(_ resolution: Resolution, name: String) -> Bool {
        let registry = resolver.graph.match(filename: name).type
        return resolution.type == registry || resolution.type.conforms(to: resolver.graph.identity(.plainText))
    }
}

import ContentSniffing
import Testing
import UniformTypes

/// A name can mean a binary format at a heavy glob weight and a text format at a lighter one
/// (`*.mts`: an MPEG transport stream at 50, TypeScript at 40). When the content is text, the
/// heavier readings are refuted and the lighter text reading is what the name means; the text
/// classifier's guess at a kind of that format (JavaScript, a kind of TypeScript) does not
/// replace it.
@Suite("Lighter readings of a name over text content")
struct LighterNameReadingTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    static let typeScript = """
        interface Options {
          readonly verbose: boolean;
          retries?: number;
        }

        export function parse(input: string, options: Options = { verbose: false }): string[] {
          const parts: string[] = input.split(",").map((part) => part.trim());
          if (options.verbose) {
            console.log(`parsed ${parts.length} parts`);
          }
          return parts;
        }
        """
    static let javaScript = """
        const path = require("path");
        const fs = require("fs");

        function listFiles(folder) {
          return fs.readdirSync(folder).filter(function (name) {
            return path.extname(name) === ".json";
          });
        }

        module.exports = { listFiles: listFiles };

        document.addEventListener("DOMContentLoaded", function () {
          var button = document.getElementById("reload");
          button.addEventListener("click", function (event) {
            event.preventDefault();
            window.location.reload();
          });
        });
        """

    func typeScriptType() throws -> UniformType { try #require(resolver.graph.type(mimeType: "application/typescript")) }

    @Test("the name's heavier readings are binary and its lighter one is TypeScript", arguments: ["parser.mts", "classes.ts"])
    func nameReadings(name: String) throws {
        let typeScript = try typeScriptType()
        let match = resolver.graph.match(filename: name)
        let heavier = [match.type].compactMap { $0 } + match.tiedTypes
        #expect(!heavier.contains(typeScript), "TypeScript is not among the heaviest readings of \(name)")
        let lighter = resolver.graph.candidates(filename: name).filter { $0.type == typeScript }
        #expect(lighter.count == 1)
        #expect(lighter.allSatisfy { $0.weight < match.weight })
    }

    @Test("TypeScript under a lighter reading of its name is TypeScript", arguments: ["parser.mts", "classes.ts"])
    func typeScriptSource(name: String) throws {
        let typeScript = try typeScriptType()
        let resolution = resolver.resolve(bytes: Array(Self.typeScript.utf8), name: name)
        #expect(resolution.type == typeScript)
        #expect(resolution.conflict == nil)
        #expect(resolution.evidence.contains { $0.source == .name && $0.identifier == typeScript.identifier && $0.agrees })
    }

    @Test("JavaScript-like text named .ts is TypeScript, not the classifier's JavaScript")
    func javaScriptLikeSource() throws {
        let typeScript = try typeScriptType()
        let javaScript = try #require(resolver.graph.type(mimeType: "application/javascript"))
        #expect(javaScript.conforms(to: typeScript), "the registries make JavaScript a kind of TypeScript")
        let nameless = resolver.resolve(bytes: Array(Self.javaScript.utf8), name: nil)
        try #require(nameless.type == javaScript, "the classifier reads the text as JavaScript")
        let named = resolver.resolve(bytes: Array(Self.javaScript.utf8), name: "loader.ts")
        #expect(named.type == typeScript)
        #expect(resolver.resolve(bytes: Array(Self.javaScript.utf8), name: "loader.js").type == javaScript)
    }

    @Test("binary content under the same names keeps the heavier reading")
    func transportStream() throws {
        // Two MPEG transport stream packets: sync byte 0x47 every 188 bytes.
        var bytes = [UInt8](repeating: 0xFF, count: 188 * 4)
        for packet in 0..<4 {
            bytes[packet * 188] = 0x47
            bytes[packet * 188 + 1] = 0x40
            bytes[packet * 188 + 3] = 0x10
        }
        let transportStream = try #require(resolver.graph.type(mimeType: "video/mp2t"))
        #expect(resolver.resolve(bytes: bytes, name: "clip.mts").type == transportStream)
    }
}

import ContentSniffing
import Testing
import UniformTypes

/// A `#!` line names the language of a script by its interpreter, also for languages that are
/// mostly compiled or run from a REPL (R, Erlang, Clojure, Haskell …), with or without `env`
/// and version digits.
@Suite("#! lines of less common interpreters")
struct ShebangInterpreterTests {
    let sniffer = SignatureSniffer()

    @Test("the interpreter names the language", arguments: [
        ("#!/usr/bin/env Rscript\nx <- c(1, 2)\n", "text/x-rsrc"),
        ("#!/usr/bin/env escript\nmain(_) -> ok.\n", "text/x-erlang"),
        ("#!/usr/bin/env bb\n(println \"hi\")\n", "text/x-clojure"),
        ("#!/usr/bin/env runhaskell\nmain = putStrLn \"hi\"\n", "text/x-haskell"),
        ("#!/usr/bin/ocaml\nlet () = print_endline \"hi\"\n", "text/x-ocaml"),
        ("#!/usr/bin/guile -s\n!#\n(display \"hi\")\n", "text/x-scheme"),
        ("#!/usr/bin/env groovy\nprintln 'hi'\n", "text/x-groovy"),
        ("#!/usr/bin/env scala\nprintln(\"hi\")\n", "text/x-scala"),
        ("#!/usr/bin/env kotlin\nprintln(\"hi\")\n", "text/x-kotlin"),
        ("#!/usr/bin/env elixir\nIO.puts \"hi\"\n", "text/x-elixir"),
        ("#!/usr/bin/env pwsh\nWrite-Host hi\n", "application/x-powershell"),
        ("#!/usr/bin/fish\necho hi\n", "application/x-fishscript"),
        ("#!/usr/bin/sbcl --script\n(print 1)\n", "text/x-common-lisp"),
        ("#!/usr/bin/emacs --script\n(message \"hi\")\n", "text/x-emacs-lisp"),
        ("#!/usr/bin/octave-cli\ndisp(1)\n", "text/x-matlab"),
        ("#!/usr/bin/env crystal\nputs 1\n", "text/x-crystal"),
        ("#!/usr/bin/env dart\nvoid main() {}\n", "text/x-dart"),
        ("#!/usr/bin/osascript\ndisplay dialog \"hi\"\n", "text/x-applescript"),
        ("#!/bin/sed -f\ns/a/b/\n", "text/x-sed"),
        ("#!/usr/bin/expect -f\nspawn ssh host\n", "text/x-expect"),
        ("#!/usr/bin/env macruby\nputs 1\n", "application/x-ruby"),
        ("#!/usr/bin/tcc -run -lm\nint main(void) { return 0; }\n", "text/x-csrc"),
        ("#!/usr/bin/env rdmd\nvoid main() {}\n", "text/x-dsrc"),
        ("#!/usr/bin/java --source 21\nclass Hi { public static void main(String[] a) {} }\n", "text/x-java"),
        ("#!/usr/bin/env julia\nprintln(1)\n", "text/julia"),
        ("#!/usr/bin/env rust-script\nfn main() {}\n", "text/rust"),
        ("#!/usr/bin/env rake\ntask :default do\nend\n", "application/x-ruby"),
        ("#!/usr/bin/env texlua\nprint(1)\n", "text/x-lua"),
        ("#!/usr/bin/env -S gjs -m\nimport Gtk from 'gi://Gtk';\n", "application/javascript"),
        ("#!/usr/bin/qjs\nconsole.log(1);\n", "application/javascript"),
        ("#!/usr/bin/env ipython3\nprint(1)\n", "text/x-python"),
    ])
    func interpreter(script: String, mime: String) throws {
        let graph = SystemTypeCatalog.graph
        let expected = try #require(graph.type(mimeType: mime), "the graph declares \(mime)")
        let match = try #require(Array(script.utf8).withUnsafeBytes { sniffer.sniff(prefix: $0) })
        #expect(graph.identity(match.identifier) == expected)
        #expect(match.strength == .strong)
    }

    @Test("Swift run as a script is Swift source")
    func swiftScript() throws {
        let match = try #require(Array("#!/usr/bin/env swift\nprint(\"hi\")\n".utf8).withUnsafeBytes { sniffer.sniff(prefix: $0) })
        #expect(match.identifier == "public.swift-source")
    }

    @Test("an interpreter no table names is a script, nothing more")
    func unknownInterpreter() throws {
        let match = try #require(Array("#!/opt/tools/frobnicate\nfrob 1\n".utf8).withUnsafeBytes { sniffer.sniff(prefix: $0) })
        #expect(match.identifier == .script)
    }
}

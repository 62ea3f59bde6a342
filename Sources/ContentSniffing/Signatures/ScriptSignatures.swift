import UniformTypes

/// Scripts by their `#!` line: the interpreter's base name, also behind `/usr/bin/env`
/// (with its options, `-S` split strings and `NAME=value` assignments skipped).
enum ScriptSignatures {
    /// The longest `#!` line looked at.
    private static let maxLineLength = 256

    /// `#!` followed by an absolute interpreter path. An unknown interpreter is still a script.
    static func shebang(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("#!") else { return nil }
        let lineEnd = b.firstOffset(of: 0x0A, from: 2, to: maxLineLength) ?? Swift.min(b.count, maxLineLength)
        let line = b.slice(from: 2, to: lineEnd)
        var words = Words(line)
        guard let program = words.next(), program.byte(at: 0) == UInt8(ascii: "/") else { return nil }
        var name = baseName(program)
        if name.count == 3, name.has("env") {
            // env [-i] [-u NAME] [-S] [NAME=value]... program
            var interpreter: UnsafeRawBufferPointer?
            while let word = words.next() {
                if word.has("-u") && word.count == 2 {
                    _ = words.next()
                    continue
                }
                if word.byte(at: 0) == UInt8(ascii: "-") || word.firstOffset(of: UInt8(ascii: "=")) != nil { continue }
                interpreter = word
                break
            }
            guard let interpreter else {
                return SignatureMatch(KnownType.script, .strong, "#! line running env without a program")
            }
            name = baseName(interpreter)
        }
        var match = interpreterMatch(versionless(name))
        // `python3`, `python3.11`: Python 3, a refinement of Python that shared-mime-info names.
        if match.identifier == KnownType.pythonScript, name.count >= 7, name.has("python3") {
            match = SignatureMatch(KnownType.python3Script, .strong, "#! line runs python3")
        }
        match.namesInterpreter = match.identifier != KnownType.script
        if isShell(match.identifier), let program = reexecutedProgram(b, after: lineEnd) {
            // A shell that re-executes the file with another program, as Tcl and Scheme files
            // run from any PATH do (`exec wish "$0" "$@"` under `#!/bin/sh`): the file is in that
            // program's language, and the shell says nothing about it.
            let inner = interpreterMatch(versionless(baseName(program)))
            guard inner.identifier != KnownType.script else {
                match.namesInterpreter = false
                return match
            }
            var reexecuted = SignatureMatch(
                inner.identifier, .strong, "#! line runs a shell that re-executes the file with \(String(decoding: baseName(program), as: UTF8.self))")
            reexecuted.namesInterpreter = true
            return reexecuted
        }
        return match
    }

    /// The shells whose scripts re-execute themselves with another program.
    private static func isShell(_ identifier: TypeIdentifier) -> Bool {
        identifier == KnownType.shellScript || identifier == KnownType.bashScript || identifier == KnownType.zshScript
            || identifier == KnownType.kshScript
    }

    /// The program a shell script re-executes itself with, in one of the eight lines after its
    /// `#!` line (which ends at `lineEnd`): a line `exec PROGRAM … $0 …`, or Perl's
    /// `eval 'exec PROGRAM … $0 …'`.
    private static func reexecutedProgram(_ b: UnsafeRawBufferPointer, after lineEnd: Int) -> UnsafeRawBufferPointer? {
        var lines = TextLines(b, from: Swift.min(lineEnd + 1, b.count), limit: 8)
        while let line = lines.next() {
            var words = Words(line)
            guard var word = words.next() else { continue }
            if word.count == 4, word.has("eval"), let quoted = words.next(), quoted.count > 1,
                quoted[0] == UInt8(ascii: "'") || quoted[0] == UInt8(ascii: "\"")
            {
                word = quoted.slice(from: 1)
            }
            guard word.count == 4, word.has("exec"), let program = words.next(), program.byte(at: 0) != UInt8(ascii: "-"),
                namesItself(line)
            else { continue }
            return program
        }
        return nil
    }

    /// The type for an interpreter's base name (version suffix removed).
    private static func interpreterMatch(_ name: UnsafeRawBufferPointer) -> SignatureMatch {
        func named(_ text: StaticString) -> Bool { name.count == text.utf8CodeUnitCount && name.has(text) }
        if named("sh") || named("dash") || named("ash") || named("busybox") {
            return SignatureMatch(KnownType.shellScript, .strong, "#! line runs a POSIX shell")
        }
        if named("bash") { return SignatureMatch(KnownType.bashScript, .strong, "#! line runs bash") }
        if named("zsh") { return SignatureMatch(KnownType.zshScript, .strong, "#! line runs zsh") }
        if named("ksh") || named("mksh") || named("pdksh") {
            return SignatureMatch(KnownType.kshScript, .strong, "#! line runs ksh")
        }
        if named("csh") { return SignatureMatch(KnownType.cshScript, .strong, "#! line runs csh") }
        if named("tcsh") { return SignatureMatch(KnownType.tcshScript, .strong, "#! line runs tcsh") }
        if named("python") || named("pypy") || named("ipython") {
            return SignatureMatch(KnownType.pythonScript, .strong, "#! line runs python")
        }
        if named("perl") { return SignatureMatch(KnownType.perlScript, .strong, "#! line runs perl") }
        if named("ruby") { return SignatureMatch(KnownType.rubyScript, .strong, "#! line runs ruby") }
        if named("php") { return SignatureMatch(KnownType.phpScript, .strong, "#! line runs php") }
        // Node, Deno and Bun; GNOME's and Cinnamon's shells (gjs, cjs), QuickJS, Rhino, Nashorn.
        if named("node") || named("nodejs") || named("deno") || named("bun") || named("gjs") || named("cjs") || named("qjs")
            || named("rhino") || named("jjs")
        {
            return SignatureMatch(KnownType.javaScript, .strong, "#! line runs a JavaScript runtime")
        }
        if named("make") || named("gmake") {
            return SignatureMatch(KnownType.makefile, .strong, "#! line runs make")
        }
        // texlua: the Lua that LuaTeX embeds, which TeX Live's scripts run under.
        if named("lua") || named("luajit") || named("texlua") { return SignatureMatch(KnownType.luaScript, .strong, "#! line runs lua") }
        if named("tclsh") || named("wish") { return SignatureMatch(KnownType.tclScript, .strong, "#! line runs tclsh") }
        if named("awk") || named("gawk") || named("mawk") || named("nawk") {
            return SignatureMatch(KnownType.awkScript, .strong, "#! line runs awk")
        }
        for interpreter in otherInterpreters where interpreter.names.contains(where: { named($0) }) {
            return SignatureMatch(interpreter.identifier, .strong, "#! line runs \(interpreter.language)")
        }
        return SignatureMatch(KnownType.script, .strong, "#! line with an interpreter path")
    }

    /// Interpreters of languages that are mostly not run as scripts, by program name (without
    /// version digits): the language their `#!` line names.
    private struct Interpreter {
        var names: [StaticString]
        var identifier: TypeIdentifier
        var language: String
    }

    private static let otherInterpreters: [Interpreter] = [
        Interpreter(names: ["Rscript", "R", "littler", "r"], identifier: KnownType.rScript, language: "R"),
        Interpreter(names: ["escript"], identifier: KnownType.erlangScript, language: "Erlang"),
        Interpreter(names: ["bb", "clojure", "clj", "planck", "lumo", "joker"], identifier: KnownType.clojureScript, language: "Clojure"),
        Interpreter(names: ["runhaskell", "runghc", "stack", "cabal"], identifier: KnownType.haskellScript, language: "Haskell"),
        Interpreter(names: ["ocaml", "ocamlfind", "ocamlrun"], identifier: KnownType.ocamlScript, language: "OCaml"),
        Interpreter(names: ["guile", "racket", "csi", "gosh", "chibi-scheme", "scheme", "gsi", "chez"], identifier: KnownType.schemeScript, language: "Scheme"),
        Interpreter(names: ["groovy"], identifier: KnownType.groovyScript, language: "Groovy"),
        Interpreter(names: ["scala", "amm", "scala-cli"], identifier: KnownType.scalaScript, language: "Scala"),
        Interpreter(names: ["kotlin", "kscript"], identifier: KnownType.kotlinScript, language: "Kotlin"),
        Interpreter(names: ["elixir"], identifier: KnownType.elixirScript, language: "Elixir"),
        Interpreter(names: ["pwsh", "powershell"], identifier: KnownType.powerShellScript, language: "PowerShell"),
        Interpreter(names: ["fish"], identifier: KnownType.fishScript, language: "fish"),
        Interpreter(names: ["sbcl", "clisp", "ecl", "ccl"], identifier: KnownType.commonLispScript, language: "Common Lisp"),
        Interpreter(names: ["emacs"], identifier: KnownType.emacsLispScript, language: "Emacs Lisp"),
        Interpreter(names: ["octave", "octave-cli"], identifier: KnownType.octaveScript, language: "Octave"),
        Interpreter(names: ["crystal"], identifier: KnownType.crystalScript, language: "Crystal"),
        Interpreter(names: ["dart"], identifier: KnownType.dartScript, language: "Dart"),
        Interpreter(names: ["osascript"], identifier: KnownType.appleScript, language: "AppleScript"),
        Interpreter(names: ["sed", "gsed"], identifier: KnownType.sedScript, language: "sed"),
        Interpreter(names: ["expect"], identifier: KnownType.expectScript, language: "expect"),
        Interpreter(names: ["swift"], identifier: KnownType.swiftSource, language: "Swift"),
        // rake: Ruby's make, whose task files are Ruby.
        Interpreter(names: ["macruby", "jruby", "rbx", "truffleruby", "rake"], identifier: KnownType.rubyScript, language: "ruby"),
        // Compilers that run a source file given on their `#!` line (`tcc -run`, `dmd -run`,
        // `java --source N`, single-file Rust through rust-script).
        Interpreter(names: ["tcc"], identifier: KnownType.cSource, language: "C (tcc)"),
        Interpreter(names: ["rdmd", "dmd", "gdmd", "ldmd"], identifier: KnownType.dSource, language: "D"),
        Interpreter(names: ["java"], identifier: KnownType.javaSource, language: "Java"),
        Interpreter(names: ["julia"], identifier: KnownType.juliaSource, language: "Julia"),
        Interpreter(names: ["rust-script"], identifier: KnownType.rustSource, language: "Rust"),
    ]

    /// The part of a path after its last `/`.
    private static func baseName(_ path: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = path.count
        while start > 0, path[start - 1] != UInt8(ascii: "/") { start -= 1 }
        return path.slice(from: start)
    }

    /// A name without a trailing version (`python3.12` → `python`, `perl5.36` → `perl`).
    private static func versionless(_ name: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var end = name.count
        while end > 1, ASCII.isDigit(name[end - 1]) || name[end - 1] == UInt8(ascii: ".") || name[end - 1] == UInt8(ascii: "-") {
            end -= 1
        }
        return name.slice(from: 0, to: end)
    }

    /// Whether `line` passes the script's own path on (`$0`).
    private static func namesItself(_ line: UnsafeRawBufferPointer) -> Bool {
        line.firstOffset(of: "$0") != nil
    }

    /// The blank-separated words of a `#!` line.
    private struct Words {
        let line: UnsafeRawBufferPointer
        var offset = 0

        init(_ line: UnsafeRawBufferPointer) { self.line = line }

        mutating func next() -> UnsafeRawBufferPointer? {
            while offset < line.count, line[offset] == 0x20 || line[offset] == 0x09 || line[offset] == 0x0D { offset += 1 }
            guard offset < line.count else { return nil }
            let start = offset
            while offset < line.count, line[offset] != 0x20, line[offset] != 0x09, line[offset] != 0x0D { offset += 1 }
            return line.slice(from: start, to: offset)
        }
    }
}

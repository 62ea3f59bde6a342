import ContentSniffing
import Testing
import UniformTypes

/// A `#!` line naming a language's interpreter says how the system runs the file: under another
/// source language's name, or a name of any other kind of text but plain text, the
/// interpreter's language wins and the name is reported as contradicted. A name whose language
/// is a kind of the interpreter's (Python is a kind of shell script in the UTI tree) or refined
/// by it, a plain-text name, and a declared type keep their readings.
@Suite("#! lines against text names")
struct ShebangNameTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    static let escript = Array("""
        #!/usr/bin/env escript
        %% -*- erlang -*-
        main([Name]) ->
            io:format("Hello, ~s~n", [Name]).
        """.utf8)
    static let shellWrapper = Array("#!/bin/sh\nexec python3 -m tool \"$@\"\n".utf8)
    static let perl = Array("#!/usr/bin/perl -w\nuse strict;\nprint \"report\\n\";\n".utf8)

    @Test("the interpreter's language wins over another language's name, with a conflict", arguments: [
        ("daemons.es", "application/ecmascript", "text/x-erlang"),
        ("report.rb", "application/x-ruby", "application/x-perl"),
    ])
    func interpreterOverName(name: String, namedMIME: String, runMIME: String) throws {
        let named = try #require(resolver.graph.type(mimeType: namedMIME))
        let runs = try #require(resolver.graph.type(mimeType: runMIME))
        let bytes = runMIME == "text/x-erlang" ? Self.escript : Self.perl
        let resolution = resolver.resolve(bytes: bytes, name: name)
        #expect(resolution.type == runs)
        let conflict = try #require(resolution.conflict)
        #expect(conflict.claimed == named.identifier)
        #expect(conflict.content == runs.identifier)
        #expect(conflict.winner == .signature)
        #expect(conflict.reason.contains("#! line"))
    }

    @Test("an interpreter that refines the name's language keeps the finer answer, without a conflict")
    func refinement() throws {
        let resolution = resolver.resolve(bytes: Array("#!/usr/bin/env python3\nprint('hi')\n".utf8), name: "tool.py")
        #expect(resolution.type.conforms(to: try #require(resolver.graph.type(mimeType: "text/x-python"))))
        #expect(resolution.conflict == nil)
    }

    /// dpkg's `install` method and `invoke-rc.d`, as Debian installs them: shell scripts whose
    /// names are installation instructions' and D source's.
    @Test("the interpreter's language wins over a name of another kind of text, with a conflict", arguments: [
        ("install", "text/x-install"), ("invoke-rc.d", "text/x-dsrc"), ("debconf.config", "text/x-config"),
    ])
    func interpreterOverTextName(name: String, namedMIME: String) throws {
        let named = try #require(resolver.graph.type(mimeType: namedMIME))
        try #require(resolver.graph.match(filename: name).type == named)
        let resolution = resolver.resolve(bytes: Self.shellWrapper, name: name)
        #expect(resolution.type.conforms(to: resolver.graph.identity(.script)), "\(resolution.type.identifier)")
        #expect(!resolution.type.conforms(to: named))
        #expect(resolution.conflict?.claimed == named.identifier)
        #expect(resolution.conflict?.reason.contains("#! line") == true)
    }

    /// shared-mime-info 2.2 (Debian 12's) calls AWK scripts application/x-awk, upstream now
    /// text/x-awk: one type under both names, so mawk's own examples are not reported as
    /// contradicting their names.
    @Test("an AWK script named .awk is one type by name and by its #! line, without a conflict")
    func awkUnderItsName() throws {
        let awk = try #require(resolver.graph.type(mimeType: "text/x-awk"))
        #expect(resolver.graph.type(mimeType: "application/x-awk") == awk)
        let script = Array("#!/usr/bin/awk -f\n# sorts its input\n{ line[NR] = $0 }\nEND { for (i = NR; i > 0; i--) print line[i] }\n".utf8)
        let resolution = resolver.resolve(bytes: script, name: "qsort.awk")
        #expect(resolution.type == awk)
        #expect(resolution.conflict == nil)
        #expect(resolver.resolve(bytes: script, name: nil).type == awk)
    }

    /// Tcl's way to run from any PATH, as gnuplot's `gpdemos.tcl` opens: `#!/bin/sh`, a comment
    /// ending in a backslash (which Tcl continues and the shell does not), then `exec wish "$0"`.
    static let tclTrampoline = Array("""
        #!/bin/sh
        # the next line restarts using wish \\
        exec wish "$0" "$@"

        button .hello -text "Hello" -command { exit }
        pack .hello

        """.utf8)

    @Test("a shell that re-executes the file with another interpreter names that interpreter's language, under any name")
    func reexecutingShell() throws {
        let tcl = try #require(resolver.graph.type(mimeType: "text/tcl"))
        for name in ["gpdemos.tcl", "gpdemos", nil] as [String?] {
            let resolution = resolver.resolve(bytes: Self.tclTrampoline, name: name)
            #expect(resolution.type == tcl, "\(name ?? "no name"): \(resolution.type.identifier)")
            #expect(resolution.conflict == nil, "\(name ?? "no name")")
        }
        // Perl's idiom, and a program no language is known for: the shell's `#!` line no
        // longer decides against the name.
        let perl = Array("#!/bin/sh\neval 'exec perl -x -S $0 ${1+\"$@\"}'\n  if 0;\nprint \"hi\\n\";\n".utf8)
        #expect(resolver.resolve(bytes: perl, name: "report.pl").type == (try #require(resolver.graph.type(mimeType: "application/x-perl"))))
        let unknown = Array("#!/bin/sh\nexec \"$INTERPRETER\" \"$0\" \"$@\"\n".utf8)
        let install = resolver.resolve(bytes: unknown, name: "install")
        #expect(install.type == (try #require(resolver.graph.type(mimeType: "text/x-install"))))
        #expect(install.conflict == nil)
    }

    @Test("a plain-text name keeps its reading")
    func notSourceCode() throws {
        let resolution = resolver.resolve(bytes: Self.shellWrapper, name: "notes.txt")
        #expect(resolution.type == resolver.graph.identity(.plainText))
        #expect(resolution.conflict == nil)
    }

    @Test("a declared type is not overruled by the #! line")
    func declaredType() throws {
        let options = ResolutionOptions(declaredMIMEType: "application/ecmascript")
        let resolution = resolver.resolve(bytes: Self.escript, name: nil, options: options)
        #expect(resolution.type.preferredMIMEType == "application/ecmascript")
    }
}

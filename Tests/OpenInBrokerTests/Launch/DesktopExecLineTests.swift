import DocumentCatalog
import OpenInBroker
import OpenWithTestSupport
import Testing

private typealias H = HandOverTestHelpers

@Suite("DesktopExecLine")
struct DesktopExecLineTests {
    static let context = DesktopExecLine.Context(
        icon: "org.example.Viewer", name: "Viewer", location: "/usr/share/applications/viewer.desktop")

    @Test(
        "quoting and escapes (values as written in the file)",
        arguments: [
            ("gedit", ["gedit"]),
            ("  spaced   out  ", ["spaced", "out"]),
            (#""/opt/My App/bin/app" --flag"#, ["/opt/My App/bin/app", "--flag"]),
            (#"sh -c "echo \\"hi\\" \\$HOME \\`x\\` \\\\""#, ["sh", "-c", #"echo "hi" $HOME `x` \"#]),
            (#"app "" x"#, ["app", "", "x"]),
            (#"env FOO="a b" app"#, ["env", "FOO=a b", "app"]),
            (#"app "quoted 'single' > < | & ; * ? # ( ) ~""#, ["app", "quoted 'single' > < | & ; * ? # ( ) ~"]),
            (#"app\sname arg"#, ["app", "name", "arg"]),
            (#""app\sname" arg"#, ["app name", "arg"]),
            (#"app "a\tb""#, ["app", "a\tb"]),
            ("app 100%%", ["app", "100%"]),
            (#"app "100%%""#, ["app", "100%"]),
            ("app --opt=value", ["app", "--opt=value"]),
        ])
    func quoting(value: String, argv: [String]) throws {
        #expect(try DesktopExecLine(value).expand() == [argv])
    }

    @Test("the string unescaping step can be skipped when the reader already did it")
    func preUnescaped() throws {
        #expect(try DesktopExecLine(#"app "a\\b""#, unescapingStringValue: false).expand() == [["app", #"a\b"#]])
    }

    @Test(
        "every field code",
        arguments: [
            ("app %f", [["app", "/tmp/a b.txt"], ["app", "/tmp/c.txt"]]),
            ("app %F", [["app", "/tmp/a b.txt", "/tmp/c.txt"]]),
            ("app %u", [["app", "file:///tmp/a%20b.txt"], ["app", "file:///tmp/c.txt"]]),
            ("app %U", [["app", "file:///tmp/a%20b.txt", "file:///tmp/c.txt"]]),
            ("app %i %F", [["app", "--icon", "org.example.Viewer", "/tmp/a b.txt", "/tmp/c.txt"]]),
            ("app --name %c %F", [["app", "--name", "Viewer", "/tmp/a b.txt", "/tmp/c.txt"]]),
            ("app %k %F", [["app", "/usr/share/applications/viewer.desktop", "/tmp/a b.txt", "/tmp/c.txt"]]),
            ("app %d %D %n %N %v %m %F", [["app", "/tmp/a b.txt", "/tmp/c.txt"]]),
            ("app --file=%f", [["app", "--file=/tmp/a b.txt"], ["app", "--file=/tmp/c.txt"]]),
            ("app --title=%c", [["app", "--title=Viewer"]]),
        ] as [(String, [[String]])])
    func fieldCodes(value: String, launches: [[String]]) throws {
        let line = try DesktopExecLine(value)
        if value.contains("%f") || value.contains("%F") || value.contains("%u") || value.contains("%U") {
            #expect(try line.expand(files: ["/tmp/a b.txt", "/tmp/c.txt"], context: Self.context) == launches)
        } else {
            #expect(try line.expand(context: Self.context) == launches)
        }
    }

    @Test(
        "without files, file codes and empty expansions disappear",
        arguments: [
            ("app %f", ["app"]), ("app %U", ["app"]), ("app --file=%f end", ["app", "end"]),
            ("app %i %c %k", ["app"]), ("app %d", ["app"]),
        ])
    func noFiles(value: String, argv: [String]) throws {
        #expect(try DesktopExecLine(value).expand() == [argv])
    }

    @Test("the file code is reported")
    func fileCode() throws {
        #expect(try DesktopExecLine("a %U").fileCode == .urls)
        #expect(try DesktopExecLine("a %f").fileCode == .file)
        #expect(try DesktopExecLine("a").fileCode == nil)
        #expect(try DesktopExecLine("/usr/bin/a %f").program == "/usr/bin/a")
    }

    @Test(
        "invalid lines are refused with the key and value named",
        arguments: [
            ("app %x", HandOverError.Code.invalidFieldCode), ("app %", .invalidFieldCode),
            ("app %f %U", .invalidFieldCode), ("app --x=%F", .invalidFieldCode), ("app -%i", .invalidFieldCode),
            (#"app "%f""#, .fieldCodeInQuotes), (#"app "--file=%u""#, .fieldCodeInQuotes),
            (#"app "%z""#, .invalidFieldCode),
            (#"app "unterminated"#, .unterminatedQuote), (#"app "%f"#, .unterminatedQuote), ("app | tee", .invalidExecLine), ("app $HOME", .invalidExecLine),
            ("app ~/x", .invalidExecLine), ("app 'single'", .invalidExecLine), ("app a;b", .invalidExecLine),
            (#"app "bad \q escape""#, .invalidExecLine), ("", .invalidExecLine), ("   ", .invalidExecLine),
            ("%f app", .invalidExecLine), (#""" app"#, .invalidExecLine),
        ])
    func invalid(value: String, code: HandOverError.Code) {
        let error = H.expectError(code) { try DesktopExecLine(value, key: "Exec") }
        #expect(error?.key == "Exec")
        #expect(error?.value == value)
    }

    @Test("files given to a line without a file code are refused")
    func filesNotAccepted() {
        H.expectError(.filesNotAccepted) { try DesktopExecLine("app --new-window").expand(files: ["/tmp/a"]) }
    }

    @Test("files must be absolute", arguments: ["relative.txt", "-rf", "", "/tmp/nul\u{0}x"])
    func relativeFiles(path: String) {
        H.expectError(.invalidPath) { try DesktopExecLine("app %F").expand(files: [path]) }
    }

    @Test("URL targets: passed through for %u, file: URLs decoded for %f, others refused for %f")
    func urlTargets() throws {
        #expect(
            try DesktopExecLine("mail %u").expand([.url("mailto:a@example.org")]) == [["mail", "mailto:a@example.org"]])
        #expect(try DesktopExecLine("v %f").expand([.url("file:///tmp/a%20b")]) == [["v", "/tmp/a b"]])
        #expect(try DesktopExecLine("v %f").expand([.url("file://localhost/etc/x")]) == [["v", "/etc/x"]])
        H.expectError(.filesNotAccepted) { try DesktopExecLine("v %f").expand([.url("https://example.org/x")]) }
        H.expectError(.invalidPath) { try DesktopExecLine("v %u").expand([.url("no scheme")]) }
    }

    @Test("file URIs percent-encode everything but unreserved characters and slashes")
    func fileURIs() throws {
        let launches = try DesktopExecLine("v %u").expand(files: ["/tmp/é #?%&+.txt"])
        #expect(launches == [["v", "file:///tmp/%C3%A9%20%23%3F%25%26%2B.txt"]])
    }
}

@Suite("TerminalCommand")
struct TerminalCommandTests {
    @Test("Debian's default wraps argv after x-terminal-emulator -e")
    func debian() {
        #expect(TerminalCommand.debian.wrap(["htop", "-d", "5"]) == ["x-terminal-emulator", "-e", "htop", "-d", "5"])
        #expect(
            TerminalCommand.debian.wrap(launches: [["a"], ["b"]]) == [
                ["x-terminal-emulator", "-e", "a"], ["x-terminal-emulator", "-e", "b"],
            ])
    }

    @Test("overrides: explicit arguments or Exec syntax")
    func overrides() throws {
        #expect(try TerminalCommand(prefix: ["kitty", "--"]).wrap(["vim"]) == ["kitty", "--", "vim"])
        #expect(try TerminalCommand(execSyntax: #""/opt/My Term/term" -x"#).prefix == ["/opt/My Term/term", "-x"])
        H.expectError(.invalidFieldCode) { try TerminalCommand(execSyntax: "term %f") }
        H.expectError(.invalidExecLine) { try TerminalCommand(prefix: []) }
        H.expectError(.invalidExecLine) { try TerminalCommand(prefix: [""]) }
    }
}

@Suite("Exec lines of registered apps")
struct RegisteredExecLineTests {
    @Test("A registered app's Exec line is unescaped once: the spec's literal backslash reaches the program")
    func unescapedOnce() throws {
        let folder = TemporaryDirectory("exec")
        let entry = try folder.write(
            "applications/viewer.desktop", text: "[Desktop Entry]\nType=Application\nName=Viewer\nExec=viewer \"a\\\\\\\\b\" %f\nMimeType=text/plain;\n")
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("data/catalog.sqlite")))
        _ = try catalog.registerApps(at: [entry])
        let app = try #require(try catalog.snapshot().app(id: "viewer.desktop"))
        let delivery = try HandlerLauncher(dryRun: true).deliver(["/tmp/notes.txt"], to: app, catalog: catalog)
        #expect(delivery.commands == [["viewer", #"a\b"#, "/tmp/notes.txt"]])
    }
}

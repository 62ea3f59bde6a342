import Foundation
import OpenWithTestSupport
import Testing

/// libOpenWithC.so as C and Python programs use it: the example programs and the contract
/// checks of Tests/OpenWithCTests/CPrograms, compiled with the system's C compiler against the
/// library of this build and run on a machine in a temporary folder.
@Suite("The C library, from C and Python")
struct CLibraryTests {
    static let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0, 0, 0, 0]

    /// The build folder holding libOpenWithC.so: the one the tests run from.
    static var libraryFolder: String? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("libOpenWithC.so").path) { return folder.path }
            folder.deleteLastPathComponent()
        }
        let fallback = RepositoryPaths.path(".build/debug")
        return FileManager.default.fileExists(atPath: fallback + "/libOpenWithC.so") ? fallback : nil
    }

    /// A machine with one viewer for image/png, a PNG named photo.jpg, and a catalog not yet made.
    struct Machine {
        let folder = TemporaryDirectory("openwith-c")
        var environment: [String: String]
        let photo: String

        init() throws {
            environment = [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "HOME": folder.path("home"),
                "XDG_DATA_HOME": folder.path("home/.local/share"),
                "XDG_DATA_DIRS": folder.path("usr/share"),
                "XDG_CONFIG_HOME": folder.path("home/.config"),
                "XDG_CONFIG_DIRS": folder.path("etc/xdg"),
                "OPENWITH_CATALOG": folder.path("data/catalog.sqlite"),
            ]
            try folder.write(
                "home/.local/share/applications/viewer.desktop",
                text: "[Desktop Entry]\nType=Application\nName=Viewer\nExec=/bin/true %f\nMimeType=image/png;\n")
            photo = try folder.write("Pictures/photo.jpg", bytes: CLibraryTests.pngBytes)
        }
    }

    /// Runs a program; its status, standard output and standard error.
    static func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: RepositoryPaths.root)
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    /// Compiles a C file against the library with the issue's command line (plus a run path).
    static func compile(_ source: String, to binary: String, library: String, extra: [String] = []) throws {
        let compiled = try run(
            ["cc", "-std=c11", "-Wall", "-Werror", source, "-I", "Sources/OpenWithC/include", "-L", library, "-lOpenWithC", "-Wl,-rpath," + library, "-o", binary] + extra,
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        #expect(compiled.status == 0, "cc failed: \(compiled.error)")
    }

    @Test("which-app.c names a PNG called photo.jpg public.png with the registered viewer; which_app.py prints the same")
    func examples() throws {
        let library = try #require(Self.libraryFolder, "libOpenWithC.so is not built (swift build builds it)")
        let machine = try Machine()
        let binary = machine.folder.path("which-app")
        try Self.compile("Examples/c/which-app.c", to: binary, library: library)

        let fromC = try Self.run([binary, machine.photo], environment: machine.environment)
        #expect(fromC.status == 0, "which-app failed: \(fromC.error)")
        let lines = fromC.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix(machine.photo + ": public.png (image/png, ") == true)
        #expect(lines.contains { $0.hasPrefix("  conflict: ") && $0.contains("public.jpeg") })
        #expect(lines.contains { $0.hasPrefix("  * Viewer (viewer.desktop) [recommended] claims public.png") })
        #expect(FileManager.default.fileExists(atPath: machine.folder.path("data/catalog.sqlite")), "the first use made the catalog")

        var environment = machine.environment
        environment["OPENWITH_LIBRARY"] = library + "/libOpenWithC.so"
        let fromPython = try Self.run(["python3", "Examples/python/which_app.py", machine.photo], environment: environment)
        #expect(fromPython.status == 0, "which_app.py failed: \(fromPython.error)")
        #expect(fromPython.output == fromC.output)

        let missing = try Self.run([binary, machine.folder.path("absent.png")], environment: machine.environment)
        #expect(missing.status == 1)
        #expect(missing.error.contains("absent.png"))
    }

    @Test("A C handler list carries the ids, names, groups, defaults and reasons the CLI reports, supertype claims included")
    func handlerFieldsMatchTheCLI() throws {
        let library = try #require(Self.libraryFolder, "libOpenWithC.so is not built (swift build builds it)")
        let machine = try Machine()
        try machine.folder.write(
            "home/.local/share/applications/anything.desktop",
            text: "[Desktop Entry]\nType=Application\nName=Hex Anything\nExec=/bin/true %f\nMimeType=application/octet-stream;\n")
        let binary = machine.folder.path("which-app")
        try Self.compile("Examples/c/which-app.c", to: binary, library: library)
        let fromC = try Self.run([binary, machine.photo], environment: machine.environment)
        #expect(fromC.status == 0, "which-app failed: \(fromC.error)")

        let fromCLI = try Self.run([library + "/openwith", "handlers", machine.photo, "--json"], environment: machine.environment)
        #expect(fromCLI.status == 0, "openwith handlers failed: \(fromCLI.error)")
        let answers = try #require(JSONSerialization.jsonObject(with: Data(fromCLI.output.utf8)) as? [[String: Any]])
        let handlers = try #require(answers.first?["handlers"] as? [[String: Any]])
        let expected = handlers.map { handler in
            let mark = (handler["isDefault"] as? Bool) == true ? "*" : "-"
            return "  \(mark) \(handler["name"] ?? "") (\(handler["id"] ?? "")) [\(handler["group"] ?? "")] \(handler["reason"] ?? "")"
        }
        #expect(expected.count == 2)
        #expect(expected.contains { $0.contains("a supertype 2 steps up") }, "\(expected)")
        let listed = fromC.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  * ") || $0.hasPrefix("  - ") }
        #expect(listed == expected)
    }

    @Test("The header's contract, checked from C: bad input, ownership, closed contexts, threads")
    func contract() throws {
        let library = try #require(Self.libraryFolder, "libOpenWithC.so is not built (swift build builds it)")
        let machine = try Machine()
        let binary = machine.folder.path("abi_checks")
        try Self.compile("Tests/OpenWithCTests/CPrograms/abi_checks.c", to: binary, library: library, extra: ["-pthread"])
        let result = try Self.run(
            [binary, machine.folder.path("data/catalog.sqlite"), machine.photo, "viewer.desktop", machine.folder.path("absent.png")],
            environment: machine.environment)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("ok "))
    }
}

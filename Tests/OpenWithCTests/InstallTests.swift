import Foundation
import OpenWithTestSupport
import Testing

/// Scripts/install.sh installs the C library beside the binary: the library, its header and
/// openwith.pc, so a program builds with `pkg-config --cflags --libs openwith`.
@Suite("The C library, installed")
struct InstallTests {
    @Test("install.sh puts libOpenWithC.so, openwith.h and openwith.pc under the prefix; which-app.c builds with pkg-config and runs; --uninstall removes them")
    func installedLibrary() throws {
        let library = try #require(CLibraryTests.libraryFolder, "libOpenWithC.so is not built (swift build builds it)")
        let machine = try CLibraryTests.Machine()
        let prefix = machine.folder.path("prefix")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let installed = try CLibraryTests.run(["bash", "Scripts/install.sh", "--prefix", prefix, "--binary", library + "/openwith"], environment: ["PATH": path, "HOME": machine.folder.path("home")])
        #expect(installed.status == 0, "\(installed.output)\(installed.error)")
        let files = [prefix + "/lib/libOpenWithC.so", prefix + "/include/openwith.h", prefix + "/lib/pkgconfig/openwith.pc"]
        for file in files { #expect(FileManager.default.fileExists(atPath: file), "\(file)") }
        #expect(FileManager.default.contentsEqual(atPath: prefix + "/include/openwith.h", andPath: RepositoryPaths.path("Sources/OpenWithC/include/openwith.h")))

        let pkgConfig = ["PATH": path, "PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"]
        let flags = try CLibraryTests.run(["pkg-config", "--cflags", "--libs", "openwith"], environment: pkgConfig)
        #expect(flags.status == 0, "\(flags.error)")
        #expect(flags.output.contains("-I" + prefix + "/include") && flags.output.contains("-lOpenWithC"))
        let version = try CLibraryTests.run(["pkg-config", "--modversion", "openwith"], environment: pkgConfig)
        let cliVersion = try CLibraryTests.run([library + "/openwith", "--version"], environment: ["PATH": path])
        #expect(version.output == cliVersion.output)
        let libraryVersion = try CLibraryTests.run(
            ["python3", "-c", "import ctypes, sys; l = ctypes.CDLL(sys.argv[1]); l.ow_version.restype = ctypes.c_char_p; print(l.ow_version().decode())", prefix + "/lib/libOpenWithC.so"],
            environment: ["PATH": path])
        #expect(libraryVersion.output == cliVersion.output)

        let binary = machine.folder.path("which-app")
        let arguments = flags.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        let compiled = try CLibraryTests.run(["cc", "-std=c11", "-Wall", "-Werror", "Examples/c/which-app.c"] + arguments + ["-o", binary], environment: ["PATH": path])
        #expect(compiled.status == 0, "\(compiled.error)")
        let answer = try CLibraryTests.run([binary, machine.photo], environment: machine.environment)
        #expect(answer.status == 0, "\(answer.error)")
        #expect(answer.output.hasPrefix(machine.photo + ": public.png (image/png, "))
        #expect(answer.output.contains("* Viewer (viewer.desktop)"))

        let removed = try CLibraryTests.run(["bash", "Scripts/install.sh", "--prefix", prefix, "--uninstall"], environment: ["PATH": path, "HOME": machine.folder.path("home")])
        #expect(removed.status == 0)
        for file in files { #expect(!FileManager.default.fileExists(atPath: file), "\(file)") }
    }
}

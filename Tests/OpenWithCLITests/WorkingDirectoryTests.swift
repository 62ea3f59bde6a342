import Foundation
import OpenWithTestSupport
import Testing

@Suite("Relative paths and the working directory")
struct WorkingDirectoryTests {
    @Test("A relative path in a working directory deeper than PATH_MAX is never resolved against another folder")
    func deepWorkingDirectory() throws {
        let cli = try CLIFixture()
        try cli.installViewer()
        var runner = CommandRunner(executable: "/usr/bin/env", environment: cli.runner.environment)
        runner.environment["OPENWITH"] = cli.runner.executable
        // Deeper than PATH_MAX (4096): getcwd fails with ENAMETOOLONG, relative opens still work.
        // Each step is a relative chdir, which works at any depth.
        let script = """
            import os, shutil, subprocess, sys
            os.chdir(sys.argv[1])
            for _ in range(25):
                os.mkdir("d" * 200)
                os.chdir("d" * 200)
            os.mkdir("etc")
            open("etc/passwd", "w").write("deep\\n")
            run = subprocess.run([os.environ["OPENWITH"], "open", "etc/passwd", "--with", "viewer.desktop"], capture_output=True, text=True)
            sys.stderr.write(run.stderr)
            sys.stdout.write(run.stdout)
            os.chdir(sys.argv[1])
            shutil.rmtree("d" * 200)
            sys.exit(run.returncode)
            """
        let result = try runner.run(["python3", "-c", script, cli.folder.path])
        // The file meant is refused (its absolute name is too long to open) rather than another
        // one handed over: resolved against "/", "etc/passwd" would be the system's.
        #expect(result.status == 2, "\(result.output) \(result.error)")
        #expect(result.error.contains("too long") || result.error.contains("working directory"))
        let inbox = cli.folder.path("catalog/containers/viewer.desktop/Documents/Inbox")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: inbox)) ?? []).isEmpty)
    }

    @Test("A relative path inside a working directory whose name is not UTF-8 is opened, not lost")
    func nonUTF8WorkingDirectory() throws {
        let cli = try CLIFixture()
        #expect(try cli.run("apps", "register", RepositoryPaths.path("Catalog/apps/SampleEditor.plist")).status == 0)
        var shell = CommandRunner(executable: "/bin/sh", folder: cli.folder)
        shell.environment = cli.runner.environment
        let script = """
            cd -P "$1" || exit 90
            shift
            name=$(printf 'old-\\377\\376')
            mkdir -p "$name" && cd -P "$name" || exit 91
            printf 'the notes\\n' > notes.txt || exit 92
            exec "$@"
            """
        let result = try shell.run([
            "-c", script, "sh", cli.folder.path(""), cli.runner.executable, "open", "notes.txt", "--with", "org.openwith.sample-editor", "--json",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect((try? result.json() as? [String: Any])?["size"] as? Int == 10, "\(result.output)")
    }
}

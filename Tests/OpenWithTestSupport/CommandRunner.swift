public import Foundation

/// Runs the `openwith` executable built next to the test bundle, as a real process.
public struct CommandRunner: Sendable {
    /// What a run produced.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output.
        public var output: String
        /// Standard error.
        public var error: String

        /// A result made of its parts (for runs started otherwise, with standard input, say).
        public init(status: Int32, output: String, error: String) {
            self.status = status
            self.output = output
            self.error = error
        }

        /// Standard output parsed as JSON.
        public func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(output.utf8)) }
    }

    /// The executable.
    public let executable: String
    /// The environment every run gets (a private catalog and XDG folders).
    public var environment: [String: String]

    /// The `openwith` binary in the build folder the tests run from, if it exists.
    public static var builtExecutable: String? {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("openwith").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let fallback = RepositoryPaths.path(".build/debug/openwith")
        return FileManager.default.isExecutableFile(atPath: fallback) ? fallback : nil
    }

    /// A runner whose catalog and XDG folders live in `folder`.
    public init(executable: String, folder: TemporaryDirectory) {
        self.executable = executable
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": folder.path("home"),
            "XDG_DATA_HOME": folder.path("xdg-data"),
            "XDG_DATA_DIRS": folder.path("xdg-system"),
            "XDG_CONFIG_HOME": folder.path("xdg-config"),
            "XDG_CONFIG_DIRS": folder.path("xdg-etc"),
            "OPENWITH_CATALOG": folder.path("catalog/catalog.sqlite"),
        ]
    }

    /// A runner of `executable` with exactly `environment`.
    public init(executable: String, environment: [String: String]) {
        self.executable = executable
        self.environment = environment
    }

    /// Runs `openwith` with `arguments` and waits for it.
    @discardableResult
    public func run(_ arguments: [String]) throws -> Result {
        try finish(try start(arguments))
    }

    /// Starts `openwith` without waiting.
    public func start(_ arguments: [String]) throws -> RunningCommand {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return RunningCommand(process: process, output: output, error: error)
    }

    /// Waits for a started command and collects its output.
    public func finish(_ command: RunningCommand) throws -> Result {
        let outputData = command.output.fileHandleForReading.readDataToEndOfFile()
        let errorData = command.error.fileHandleForReading.readDataToEndOfFile()
        command.process.waitUntilExit()
        return Result(
            status: command.process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }
}

/// A started `openwith` process.
public struct RunningCommand: @unchecked Sendable {
    /// The process.
    public let process: Process
    let output: Pipe
    let error: Pipe
}

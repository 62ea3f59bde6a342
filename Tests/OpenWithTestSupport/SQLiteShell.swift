import Foundation

/// Runs SQL against a database file with the `sqlite3` command-line shell: a second, independent
/// reader and writer of the catalog, for tests.
public enum SQLiteShell {
    /// What went wrong running the shell.
    public struct Failure: Error, CustomStringConvertible {
        /// The database file.
        public var path: String
        /// The SQL that failed.
        public var sql: String
        /// The shell's exit status.
        public var status: Int32
        public var description: String { "sqlite3 \(path) exited with \(status) running: \(sql)" }
    }

    /// Runs `sql`, discarding its output.
    public static func run(_ path: String, _ sql: String) throws {
        _ = try query(path, sql)
    }

    /// Runs `sql` and returns its output without the final newline.
    public static func query(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw Failure(path: path, sql: sql, status: process.terminationStatus) }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

import ContentSniffing
import Glibc

/// The files a command is given beyond plain paths: `-` for standard input, and `--files-from
/// LIST` for a list of paths.
///
/// Policy: `-` is the bytes of standard input, resolved by content alone (no name), read up to
/// ``standardInputLimit`` (a longer stream is judged by that prefix). A list holds one path per
/// line (empty lines skipped, a trailing carriage return dropped), or NUL-separated paths with
/// `--null`; `-` as the list reads it from standard input. Paths are bytes (``PathBytes``): names
/// that are not UTF-8 come through. Standard input can serve only one of the two.
package enum InputFiles {
    /// The name that stands for standard input.
    package static let standardInputName = "-"
    /// The most bytes of standard input read for `-` (64 MiB).
    package static let standardInputLimit = 64 << 20
    /// The largest list `--files-from` reads (64 MiB).
    package static let listLimit = 64 << 20

    /// The files to work on: `arguments`, then the paths listed in `list`.
    package static func files(arguments: [String], list: String?, nulSeparated: Bool) throws(CommandFailure) -> [String] {
        guard let list else { return arguments }
        if list == standardInputName, arguments.contains(standardInputName) {
            throw CommandFailure(
                status: .badInput, message: "-: standard input cannot be both a file and the list of files",
                hint: "give the list with --files-from FILE, or the file as a path")
        }
        return arguments + (try listed(in: list, nulSeparated: nulSeparated))
    }

    /// The paths listed in `list` (`-`: standard input).
    package static func listed(in list: String, nulSeparated: Bool) throws(CommandFailure) -> [String] {
        let bytes = try read(list == standardInputName ? nil : list, limit: listLimit, whole: true)
        var paths: [String] = []
        for var entry in bytes.split(separator: nulSeparated ? 0 : UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            if !nulSeparated, entry.last == UInt8(ascii: "\r") { entry = entry.dropLast() }
            if !entry.isEmpty { paths.append(PathBytes.string(from: Array(entry))) }
        }
        return paths
    }

    /// The bytes of standard input, up to ``standardInputLimit``.
    package static func standardInput() throws(CommandFailure) -> [UInt8] {
        try read(nil, limit: standardInputLimit, whole: false)
    }

    /// Reads `path` (`nil`: standard input) up to `limit` bytes; with `whole`, more is an error.
    private static func read(_ path: String?, limit: Int, whole: Bool) throws(CommandFailure) -> [UInt8] {
        let name = path ?? "standard input"
        let descriptor = path.map { path in PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) } } ?? 0
        guard descriptor >= 0 else { throw failure(name, errno) }
        defer { if path != nil { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, min($0.count, limit - bytes.count)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(name, errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
        if whole {
            throw CommandFailure(status: .badInput, message: "\(name): the list of files is longer than \(limit >> 20) MiB")
        }
        return bytes
    }

    private static func failure(_ name: String, _ code: Int32) -> CommandFailure {
        CommandFailure(status: .badInput, message: "\(name): cannot be read (\(String(cString: strerror(code))))")
    }
}

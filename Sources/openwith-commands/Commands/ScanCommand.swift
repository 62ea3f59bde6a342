import ArgumentParser
import ContentSniffing
import Glibc
import OpenWithCommandLine
import Synchronization

/// `openwith scan DIR`: classify a tree.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Classify every file of a folder tree (links are not followed) on all cores: per-type summary and every name/content mismatch.")
    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The folder.") var folder: String
    @Flag(help: "Print JSON.") var json = false
    @Option(help: "How many worker threads (default: one per core).") var threads: Int?

    struct Output: Encodable {
        struct TypeCount: Encodable { let identifier: String, mimeType: String, description: String, count: Int }
        struct Mismatch: Encodable { let path: String, identifier: String, claimed: String, claimedBy: String, reason: String }
        struct Failure: Encodable { let path: String, reason: String }
        let root: String, files: Int, bytes: Int64, seconds: Double, filesPerSecond: Double
        let types: [TypeCount], mismatches: [Mismatch], failures: [Failure]
    }

    func run() throws {
        var info = stat()
        guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw CommandFailure(status: .badInput, message: "\(folder): not a folder")
        }
        let scan = DirectoryScan(resolver: TypeResolver(graph: try catalog.graph()), threads: threads)
        let progress = isatty(2) == 1 && !json ? ProgressBar() : nil
        let start = Stopwatch.now()
        let summary = scan.run(folder) { done, total in progress?.update(done, total) }
        let seconds = Stopwatch.now() - start
        progress?.finish()
        let output = Output(
            root: folder, files: summary.fileCount, bytes: summary.byteCount, seconds: seconds,
            filesPerSecond: seconds > 0 ? Double(summary.fileCount) / seconds : 0,
            types: summary.countsByType.map {
                Output.TypeCount(identifier: $0.type.identifier.rawValue, mimeType: $0.type.preferredMIMEType ?? "", description: $0.type.localizedDescription, count: $0.count)
            },
            mismatches: summary.mismatches.compactMap { entry in
                guard let resolution = entry.resolution, let conflict = resolution.conflict else { return nil }
                return Output.Mismatch(path: entry.path, identifier: resolution.identifier.rawValue, claimed: conflict.claimed.rawValue, claimedBy: conflict.claimedBy.rawValue, reason: conflict.reason)
            },
            failures: summary.failures.map { Output.Failure(path: $0.path, reason: $0.reason) })
        if json { try JSONOutput.print(output); return }
        print("\(output.files) files, \(output.bytes) bytes in \((seconds * 1000).rounded() / 1000) s (\(Int(output.filesPerSecond)) files/s)")
        for type in output.types { print("\(String(type.count).leftPadded(8))  \(type.identifier)  \(type.description)") }
        if !output.mismatches.isEmpty {
            print("\nmismatches between name and content:")
            for item in output.mismatches {
                print("  \(TerminalOutput.field(item.path)): \(item.claimedBy) says \(item.claimed), content is \(item.identifier)")
            }
        }
        if !output.failures.isEmpty {
            print("\nnot classified:")
            for item in output.failures { print("  \(TerminalOutput.field(item.path)): \(item.reason)") }
        }
    }
}

/// A one-line progress bar on standard error, redrawn at most every 50 ms.
final class ProgressBar: Sendable {
    private let last = Mutex<Double>(0)

    func update(_ done: Int, _ total: Int) {
        let now = Stopwatch.now()
        let draw = last.withLock { previous in
            if now - previous < 0.05 && done < total { return false }
            previous = now
            return true
        }
        guard draw, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        writeRawStandardError("\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(done)/\(total)")
    }

    func finish() { writeRawStandardError("\r\u{1B}[K") }
}

/// Monotonic time in seconds.
enum Stopwatch {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

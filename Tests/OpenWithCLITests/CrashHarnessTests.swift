import Crypto
import Foundation
import OpenWithTestSupport
import Testing

/// The crash-test harness: every hand-over that moves bytes, killed with SIGKILL at random
/// moments, many times, and then checked after the next command has recovered.
///
/// Invariants checked after the runs of a scenario:
/// - every run's bytes exist, whole, at its source or at its destination (a copy keeps its
///   source; a move has them in exactly one place);
/// - no partial file and no temporary file in any destination or staging folder;
/// - no live grant without its file (same SHA-256), no delivered file without its live grant;
/// - every journal entry is closed (committed or rolled back, no source removal pending).
///
/// `OPENWITH_CRASH_RUNS` sets the runs per scenario (default 12, what the test suite runs); the
/// figures of a long campaign are in the README's reliability section.
@Suite("Crash harness: SIGKILL during every hand-over", .serialized)
struct CrashHarnessTests {
    /// A hand-over the harness interrupts.
    struct Scenario: Sendable, CustomTestStringConvertible {
        enum Operation: String, Sendable { case open, pickImport = "import", pickOpen = "open-in-place", export, move, moveOut = "move-out" }
        let operation: Operation
        let sourceElsewhere: Bool
        let rootElsewhere: Bool
        var testDescription: String {
            operation.rawValue + (sourceElsewhere ? ", source on another file system" : "") + (rootElsewhere ? ", storage on another file system" : "")
        }
    }

    static let scenarios: [Scenario] = [
        Scenario(operation: .open, sourceElsewhere: false, rootElsewhere: false),
        Scenario(operation: .pickImport, sourceElsewhere: false, rootElsewhere: false),
        Scenario(operation: .pickOpen, sourceElsewhere: false, rootElsewhere: false),
        Scenario(operation: .export, sourceElsewhere: false, rootElsewhere: false),
        Scenario(operation: .move, sourceElsewhere: false, rootElsewhere: false),
        Scenario(operation: .move, sourceElsewhere: true, rootElsewhere: false),
        Scenario(operation: .move, sourceElsewhere: false, rootElsewhere: true),
        Scenario(operation: .export, sourceElsewhere: true, rootElsewhere: false),
        Scenario(operation: .moveOut, sourceElsewhere: false, rootElsewhere: false),
    ]

    static let openEntries = "SELECT count(*) FROM transfer_journal WHERE state IN ('started', 'copied') OR source_disposal = 'pending'"

    static var runs: Int { Int(ProcessInfo.processInfo.environment["OPENWITH_CRASH_RUNS"] ?? "") ?? 12 }

    @Test("Killed at random moments, no byte is lost and no grant, file or journal entry is left inconsistent", arguments: scenarios)
    func killLoop(scenario: Scenario) throws {
        let other = TemporaryDirectory.onOtherFileSystem("crash-other")
        if scenario.sourceElsewhere || scenario.rootElsewhere, other == nil { return }  // no second file system here
        let harness = try CrashRuns(scenario: scenario, other: other)
        let span = try harness.measureSpan()
        let (killed, interrupted) = try harness.killAtRandomMoments(span: span)
        // The next command recovers what the kills interrupted.
        #expect(try harness.cli.run("inbox", "list", "--app", "viewer.desktop").status != 3)

        let grants = try #require(try harness.cli.run("grants", "list", "--json").json() as? [[String: Any]])
        var (violations, deliveredByRun) = harness.checkDestinations(grants: grants)
        violations += harness.checkGrants(grants)
        violations += harness.checkSources(deliveredByRun: deliveredByRun)
        violations += try harness.checkJournalAndStaging()
        print("crash harness: \(scenario.testDescription): runs \(Self.runs + 2), killed \(killed), interrupted mid-transfer \(interrupted), lost \(violations.filter { $0.contains("places") || $0.contains("gone") }.count), violations \(violations.count)")
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        #expect(killed > 0)
    }
}

/// One scenario's runs: the catalog and apps they hand over between, the documents, and the
/// checks made after the kills.
struct CrashRuns {
    typealias Scenario = CrashHarnessTests.Scenario

    let scenario: Scenario
    let cli: CLIFixture
    let root: String
    let sources: String
    let containers: String
    let destinations: [String]
    let catalogFile: String
    /// Each run hands over its own document: a first line naming the run, then 4 MiB of text.
    let body = ByteFixtures.text(count: 4 << 20, seed: 7)
    var runs: Int { CrashHarnessTests.runs }

    /// Registers the apps and the provider, and creates the folders of the scenario.
    init(scenario: Scenario, other: TemporaryDirectory?) throws {
        self.scenario = scenario
        cli = try CLIFixture()
        for (name, mime) in [("viewer", "text/plain"), ("editor", "text/plain"), ("files", "application/octet-stream")] {
            let entry = "[Desktop Entry]\nType=Application\nName=\(name)\nExec=/bin/true %f\nMimeType=\(mime);\n"
            #expect(try cli.run("apps", "register", try cli.folder.write("apps/\(name).desktop", text: entry)).status == 0)
        }
        root = scenario.rootElsewhere ? other!.path("storage") : cli.folder.path("storage")
        #expect(try cli.run("provider", "register", "files.desktop", "--root", root).status == 0)
        sources = scenario.sourceElsewhere ? other!.path("sources") : cli.folder.path("sources")
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        containers = cli.folder.path("catalog/containers")
        destinations =
            switch scenario.operation {
            case .open: [containers + "/viewer.desktop/Documents/Inbox"]
            case .pickImport: [containers + "/editor.desktop/tmp/editor.desktop-Inbox"]
            case .pickOpen: []
            case .export, .move: [root]
            case .moveOut: [containers + "/viewer.desktop/Documents/Inbox", containers + "/viewer.desktop/Documents"]
            }
        catalogFile = cli.folder.path("catalog/catalog.sqlite")
    }

    func content(_ run: Int) -> [UInt8] { Array("run \(run)\n".utf8) + body }

    func arguments(_ run: Int, _ source: String) -> [String] {
        switch scenario.operation {
        case .open: ["open", source, "--with", "viewer.desktop", "--json"]
        case .pickImport: ["pick", "--app", "editor.desktop", "--mode", "import", source, "--json"]
        case .pickOpen: ["pick", "--app", "editor.desktop", "--mode", "open", source, "--json"]
        case .export: ["pick", "--app", "editor.desktop", "--mode", "export", "--provider", "files.desktop", source, "--json"]
        case .move: ["pick", "--app", "editor.desktop", "--mode", "move", "--provider", "files.desktop", source, "--json"]
        case .moveOut: ["inbox", "move-out", "--app", "viewer.desktop", "doc-\(run).txt"]
        }
    }

    func prepare(_ run: Int) throws -> String {
        let source = sources + "/doc-\(run).txt"
        try Data(content(run)).write(to: URL(fileURLWithPath: source))
        if scenario.operation == .moveOut {
            #expect(try cli.run("open", source, "--with", "viewer.desktop").status == 0)
        }
        return source
    }

    /// An uninterrupted run (after a first one that warms the catalog up) tells how long the
    /// hand-over takes; kills land across that span.
    func measureSpan() throws -> Double {
        var span = 0.0
        for run in 0..<2 {
            let source = try prepare(run)
            let started = Date()
            let completed = try cli.run(arguments(run, source))
            #expect(completed.status == 0, "\(completed.error)")
            span = max(Date().timeIntervalSince(started), 0.01)
        }
        return span
    }

    /// Runs 2 and up, each killed with SIGKILL at a random moment of `span` if still running.
    func killAtRandomMoments(span: Double) throws -> (killed: Int, interrupted: Int) {
        var generator = SplitMix64(seed: 11)
        var killed = 0
        var interrupted = 0
        for run in 2...(runs + 1) {
            let source = try prepare(run)
            let command = try cli.runner.start(arguments(run, source))
            usleep(useconds_t(Double(generator.next() % 1000) / 1000 * span * 1_000_000))
            if command.process.isRunning {
                kill(command.process.processIdentifier, SIGKILL)
                killed += 1
            }
            _ = try cli.runner.finish(command)
            // A kill that left a journal entry open landed inside the protocol itself.
            if try SQLiteShell.query(catalogFile, CrashHarnessTests.openEntries) != "0" { interrupted += 1 }
        }
        return (killed, interrupted)
    }

    /// Every file in a destination is one run's whole document with its live grant; no
    /// temporary file, no staging left. Returns the violations and how often each run was delivered.
    func checkDestinations(grants: [[String: Any]]) -> (violations: [String], deliveredByRun: [Int]) {
        var violations: [String] = []
        let expected = (0...(runs + 1)).map(content)
        var deliveredByRun = [Int](repeating: 0, count: runs + 2)
        for folder in destinations {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names {
                let path = folder + "/" + name
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                if isFolder.boolValue {
                    // Other destinations (the inbox inside Documents) are checked on their own.
                    let left = name == ".openwith-staging" ? (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] : []
                    if !left.isEmpty { violations.append("staging not empty: \(path): \(left)") }
                    continue
                }
                if name.hasPrefix(".") { violations.append("temporary file left: \(path)"); continue }
                let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
                guard let line = bytes.split(separator: 10, maxSplits: 1).first, let run = Int(String(decoding: line.dropFirst(4), as: UTF8.self)),
                    run <= runs + 1, bytes == expected[run]
                else { violations.append("partial or foreign file: \(path)"); continue }
                deliveredByRun[run] += 1
                if !grants.contains(where: { $0["path"] as? String == path }) { violations.append("file without a live grant: \(path)") }
            }
        }
        return (violations, deliveredByRun)
    }

    /// Every live grant has its file, with the bytes it was granted on.
    func checkGrants(_ grants: [[String: Any]]) -> [String] {
        var violations: [String] = []
        for grant in grants {
            guard let path = grant["path"] as? String else { continue }
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) }
            if bytes == nil { violations.append("grant \(grant["id"] ?? "?") without its file: \(path)"); continue }
            if let sha = grant["sha256"] as? String, sha != SHA256.hash(data: bytes!).hex {
                violations.append("grant \(grant["id"] ?? "?") for changed bytes: \(path)")
            }
        }
        return violations
    }

    /// Every run's bytes are where the operation leaves them: a copy keeps its source, a move
    /// has them in exactly one place.
    func checkSources(deliveredByRun: [Int]) -> [String] {
        var violations: [String] = []
        let expected = (0...(runs + 1)).map(content)
        for run in 0...(runs + 1) {
            let source = sources + "/doc-\(run).txt"
            let atSource = (try? Data(contentsOf: URL(fileURLWithPath: source))).map { [UInt8]($0) == expected[run] } ?? false
            let places = (atSource ? 1 : 0) + deliveredByRun[run]
            switch scenario.operation {
            case .move:
                if places != 1 { violations.append("run \(run): the bytes are in \(places) places (source \(atSource))") }
            case .moveOut:
                // The inbox copy is moved to Documents: in exactly one of the two; the original stays.
                if deliveredByRun[run] != 1 { violations.append("run \(run): the inbox copy is in \(deliveredByRun[run]) places") }
                if !atSource { violations.append("run \(run): the source is gone or changed") }
            case .open, .pickImport, .export, .pickOpen:
                if !atSource { violations.append("run \(run): the source is gone or changed") }
                if deliveredByRun[run] > 1 { violations.append("run \(run): delivered \(deliveredByRun[run]) times") }
            }
        }
        return violations
    }

    /// Every journal entry is closed and every container's staging folder is empty.
    func checkJournalAndStaging() throws -> [String] {
        var violations: [String] = []
        let open = try SQLiteShell.query(catalogFile, CrashHarnessTests.openEntries)
        if open != "0" { violations.append("\(open) journal entries left open") }
        for container in (try? FileManager.default.contentsOfDirectory(atPath: containers)) ?? [] {
            let staging = containers + "/" + container + "/tmp/.openwith-staging"
            let left = (try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []
            if !left.isEmpty { violations.append("staging of \(container) not empty: \(left)") }
        }
        return violations
    }
}

extension SHA256.Digest {
    /// Lowercase hex.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}

import Benchmark
import BenchmarkSupport
import Foundation
import OpenInBroker
import SuiteSupport

// Open-in: the atomic copy of a document into an app's inbox (exclusive temporary file, copy
// with SHA-256, fsync, no-replace rename, folder fsync).
let benchmarks: @Sendable () -> Void = {
    let inbox = Fixture({
        let folder = try TemporaryFolder(prefix: "open-in")
        var noise = [UInt8](repeating: 0, count: 1 << 20)
        var state: UInt32 = 0x5EED
        for index in noise.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            noise[index] = UInt8(truncatingIfNeeded: state >> 24)
        }
        let source = try folder.write(noise, to: "document.pdf")
        let destination = try folder.makeFolder("containers/org.example.viewer/Documents/Inbox")
        return (folder, source, destination)
    }, tearDown: { $0.0.remove() })

    let copier = AtomicFileCopy()
    Benchmark("OpenInCopy1MiB", configuration: OpenWithSuite.io(maxDuration: .seconds(3), maxIterations: 500)) { benchmark in
        let (_, source, destination) = inbox.value
        // Leave the inbox empty so every copy lands under the same name.
        try? FileManager.default.removeItem(atPath: destination + "/document.pdf")
        benchmark.startMeasurement()
        blackHole(try? copier.copy(from: source, toFolder: destination))
        benchmark.stopMeasurement()
    } setup: {
        try inbox.setUp()
    } teardown: {
        inbox.tearDown()
    }

    shareSheetBenchmarks()
    pasteboardBenchmarks()
}

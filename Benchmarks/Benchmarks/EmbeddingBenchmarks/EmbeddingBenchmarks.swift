import Benchmark
import BenchmarkSupport
import COpenWith
import ContentSniffing
import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithC
import OpenWithKit
import PairedTiming
import SuiteSupport

/// One catalog of 100 synthetic apps and a PNG named photo.jpg, opened twice: as a Swift
/// `Workspace` and as a C context of libOpenWithC (the same catalog, the same snapshot).
final class EmbeddedCatalog: @unchecked Sendable {
    let folder: TemporaryFolder
    let workspace: Workspace
    let context: OpaquePointer
    let photo: String
    /// The photo's path as a C string, made once: the caller's conversion is not measured.
    let cPhoto: UnsafeMutablePointer<CChar>

    init() throws {
        folder = try TemporaryFolder(prefix: "embedding")
        let catalogPath = folder.appending("catalog.sqlite")
        // A machine without apps of its own: only the synthetic ones are ranked.
        let environment = ["HOME": folder.appending("home"), "XDG_DATA_HOME": folder.appending("data"), "XDG_DATA_DIRS": folder.appending("system"),
                           "XDG_CONFIG_HOME": folder.appending("config"), "XDG_CONFIG_DIRS": folder.appending("etc")]
        workspace = try Workspace(catalogPath: catalogPath, environment: environment)
        try workspace.catalog.register(SyntheticApps.registrations(count: 100))
        photo = try folder.write(SamplePrefix.png.bytes, to: "photo.jpg")
        cPhoto = strdup(photo)
        // The C library reads its folders from the process environment: give it the same ones
        // as the Swift workspace, so both answer from the same catalog and machine.
        for (key, value) in environment { setenv(key, value, 1) }
        var opened: OpaquePointer?
        guard ow_open(catalogPath, &opened, nil) == OW_OK, let opened else { throw CocoaError(.fileReadUnknown) }
        context = opened
        // Both sides answer once before measuring: snapshots loaded, rankings built.
        _ = try workspace.handlers(forFileAt: photo)
        var list: UnsafeMutablePointer<ow_handler_list>?
        _ = ow_list_handlers(context, cPhoto, OW_ROLE_ANY, &list, nil)
        ow_handler_list_free(list)
    }

    func close() {
        _ = ow_close(context)
        free(cPhoto)
        folder.remove()
    }
}

// The cost of the C boundary: the same question asked through Workspace (Swift) and through
// the exported C functions (called here through openwith.h, as a C program calls them), so the
// difference is the C side's work: checking and converting the path, finding the context,
// copying the answer into one malloc'd block of structs and strings, and freeing it. Issue 15's
// budget: resolving a named file costs at most 2 µs more from C, listing handlers at most 1 µs
// more.
//
// Three views of it, from the same warmed catalog:
// - `<Question>.swift` / `<Question>.cABI`: each side alone, 1,000 calls per iteration; the
//   difference of their p50s.
// - `<Question>.paired`: a Swift call and a C call back to back, 1,000 pairs per iteration
//   (which goes first alternates), each call timed on its own; per iteration, the median of the
//   Swift calls, of the C calls, and of the pairs' differences. Reading the file and ranking are
//   the same on both sides of a pair, so what the machine does meanwhile (other processes, the
//   page cache) cancels out of the difference. The Swift side reads every field the C record
//   holds (a `Resolution` works out its description and its conflict's words when they are read;
//   a C record carries them as strings), so both sides deliver the same answer.
// - `Conforms.*`: a question whose answer costs almost nothing, so what is left is the boundary's
//   fixed cost (two strings in, the context found, an int out).
let benchmarks: @Sendable () -> Void = {
    let embedded = Fixture({ try EmbeddedCatalog() }, tearDown: { $0.close() })
    let calls = OpenWithSuite.io(scaling: .kilo, maxDuration: .seconds(3))

    Benchmark("Resolve.swift", configuration: calls) { benchmark in
        let state = embedded.value
        for _ in benchmark.scaledIterations {
            blackHole(try? state.workspace.resolve(path: state.photo))
        }
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }

    Benchmark("Resolve.cABI", configuration: calls) { benchmark in
        let state = embedded.value
        for _ in benchmark.scaledIterations { state.resolveFromC() }
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }

    Benchmark("Resolve.paired", configuration: PairedCalls.configuration) { benchmark in
        let state = embedded.value
        PairedCalls.measure(benchmark, swift: { state.resolveFromSwiftReadingFields() }, c: { state.resolveFromC() })
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }

    Benchmark("Resolve.swiftReadingFields", configuration: calls) { benchmark in
        let state = embedded.value
        for _ in benchmark.scaledIterations { state.resolveFromSwiftReadingFields() }
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }

    Benchmark("ResolutionFields", configuration: calls) { benchmark in
        let state = embedded.value
        guard let resolution = try? state.workspace.resolve(path: state.photo) else { return }
        for _ in benchmark.scaledIterations { EmbeddedCatalog.readFields(of: resolution) }
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }

    // A file manager shows each handler's id, name and reason: the Swift side reads them too.
    Benchmark("Handlers.swift", configuration: calls) { benchmark in
        let state = embedded.value
        for _ in benchmark.scaledIterations { state.handlersFromSwift() }
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }

    Benchmark("Handlers.cABI", configuration: calls) { benchmark in
        let state = embedded.value
        for _ in benchmark.scaledIterations { state.handlersFromC() }
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }

    Benchmark("Handlers.paired", configuration: PairedCalls.configuration) { benchmark in
        let state = embedded.value
        PairedCalls.measure(benchmark, swift: { state.handlersFromSwift() }, c: { state.handlersFromC() })
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }

    Benchmark("Conforms.swift", configuration: calls) { benchmark in
        let state = embedded.value
        for _ in benchmark.scaledIterations {
            blackHole(try? state.workspace.conforms("public.png", to: "public.image"))
        }
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }

    Benchmark("Conforms.cABI", configuration: calls) { benchmark in
        let state = embedded.value
        for _ in benchmark.scaledIterations {
            var result: Int32 = 0
            blackHole(ow_conforms(state.context, "public.png", "public.image", &result, nil))
            blackHole(result)
        }
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }
}

extension EmbeddedCatalog {
    /// `ow_resolve` on the photo, and the answer freed.
    func resolveFromC() {
        var resolution: UnsafeMutablePointer<ow_resolution>?
        blackHole(ow_resolve(context, cPhoto, &resolution, nil))
        ow_resolution_free(resolution)
    }

    /// The photo's resolution through the workspace, with every field `ow_resolution` holds read.
    func resolveFromSwiftReadingFields() {
        guard let resolution = try? workspace.resolve(path: photo) else { return }
        Self.readFields(of: resolution)
    }

    static func readFields(of resolution: Resolution) {
        blackHole(resolution.identifier.rawValue)
        blackHole(resolution.mimeType)
        blackHole(resolution.typeDescription)
        blackHole(resolution.confidence)
        if let conflict = resolution.conflict {
            blackHole(conflict.description)
            blackHole(conflict.claimed.rawValue)
        }
    }

    /// The photo's handlers through the workspace, each one's id, name and reason read.
    func handlersFromSwift() {
        guard let answer = try? workspace.handlers(forFileAt: photo) else { return }
        blackHole(answer.resolution.identifier.rawValue)
        blackHole(answer.resolution.mimeType)
        for candidate in answer.handlers.candidates {
            blackHole(candidate.app.id)
            blackHole(candidate.app.name)
            blackHole(candidate.group)
            blackHole(candidate.isDefault)
            blackHole(candidate.reason)
        }
    }

    /// `ow_list_handlers` on the photo, and the list freed.
    func handlersFromC() {
        var list: UnsafeMutablePointer<ow_handler_list>?
        blackHole(ow_list_handlers(context, cPhoto, OW_ROLE_ANY, &list, nil))
        ow_handler_list_free(list)
    }
}

import Benchmark
import BenchmarkSupport
import COpenWith
import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithC
import OpenWithKit
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
// difference is the C side's work: checking and converting the path, copying the answer into
// one malloc'd block of structs and strings, and freeing it. Issue 15's budget: resolving a
// named file costs at most 2 µs more from C, listing handlers at most 1 µs more.
let benchmarks: @Sendable () -> Void = {
    let embedded = Fixture({ try EmbeddedCatalog() }, tearDown: { $0.close() })

    Benchmark("Resolve.swift", configuration: OpenWithSuite.io(scaling: .kilo, maxDuration: .seconds(3))) { benchmark in
        let state = embedded.value
        for _ in benchmark.scaledIterations {
            blackHole(try? state.workspace.resolve(path: state.photo))
        }
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }

    Benchmark("Resolve.cABI", configuration: OpenWithSuite.io(scaling: .kilo, maxDuration: .seconds(3))) { benchmark in
        let state = embedded.value
        for _ in benchmark.scaledIterations {
            var resolution: UnsafeMutablePointer<ow_resolution>?
            blackHole(ow_resolve(state.context, state.cPhoto, &resolution, nil))
            ow_resolution_free(resolution)
        }
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }

    // A file manager shows each handler's id, name and reason: the Swift side reads them too.
    Benchmark("Handlers.swift", configuration: OpenWithSuite.io(scaling: .kilo, maxDuration: .seconds(3))) { benchmark in
        let state = embedded.value
        for _ in benchmark.scaledIterations {
            guard let answer = try? state.workspace.handlers(forFileAt: state.photo) else { continue }
            for candidate in answer.handlers.candidates {
                blackHole(candidate.app.id)
                blackHole(candidate.app.name)
                blackHole(candidate.reason)
            }
        }
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }

    Benchmark("Handlers.cABI", configuration: OpenWithSuite.io(scaling: .kilo, maxDuration: .seconds(3))) { benchmark in
        let state = embedded.value
        for _ in benchmark.scaledIterations {
            var list: UnsafeMutablePointer<ow_handler_list>?
            blackHole(ow_list_handlers(state.context, state.cPhoto, OW_ROLE_ANY, &list, nil))
            ow_handler_list_free(list)
        }
    } setup: { try embedded.setUp() } teardown: { embedded.tearDown() }
}

import Benchmark
import COpenWith
import OpenWithKit
import PairedTiming

// The C boundary's cost, issue 15's budget: resolving a named file costs at most 2 µs more from
// C than from Swift, listing handlers at most 1 µs more. Each `.paired` benchmark times a Swift
// call and the same call through openwith.h back to back, 1,000 pairs per iteration (see
// `PairedCalls`), on one catalog, with one copy of the library (see `BoundaryCatalog`). The
// Swift side reads every field the C record holds, so both sides deliver the same answer; the
// C side also frees its block. EmbeddingBenchmarks has the same pairs with the library linked
// twice (statically into the benchmark and inside the .so), which is what a Swift program that
// embeds both would see.
let benchmarks: @Sendable () -> Void = {
    let boundary = BoundaryFixture()

    Benchmark("Resolve.paired", configuration: PairedCalls.configuration) { benchmark in
        let state = try boundary.value()
        PairedCalls.measure(benchmark, swift: { state.resolveFromSwift() }, c: { state.resolveFromC() })
    } teardown: { boundary.close() }

    Benchmark("Handlers.paired", configuration: PairedCalls.configuration) { benchmark in
        let state = try boundary.value()
        PairedCalls.measure(benchmark, swift: { state.handlersFromSwift() }, c: { state.handlersFromC() })
    } teardown: { boundary.close() }
}

/// The catalog made on first use and closed after each benchmark.
final class BoundaryFixture: @unchecked Sendable {
    private var catalog: BoundaryCatalog?

    func value() throws -> BoundaryCatalog {
        if let catalog { return catalog }
        let made = try BoundaryCatalog()
        catalog = made
        return made
    }

    func close() {
        catalog?.close()
        catalog = nil
    }
}

extension BoundaryCatalog {
    func resolveFromC() {
        var resolution: UnsafeMutablePointer<ow_resolution>?
        blackHole(ow_resolve(context, cPhoto, &resolution, nil))
        ow_resolution_free(resolution)
    }

    func resolveFromSwift() {
        guard let resolution = try? workspace.resolve(path: photo) else { return }
        blackHole(resolution.identifier.rawValue)
        blackHole(resolution.mimeType)
        blackHole(resolution.typeDescription)
        blackHole(resolution.confidence)
        if let conflict = resolution.conflict {
            blackHole(conflict.description)
            blackHole(conflict.claimed.rawValue)
        }
    }

    func handlersFromC() {
        var list: UnsafeMutablePointer<ow_handler_list>?
        blackHole(ow_list_handlers(context, cPhoto, OW_ROLE_ANY, &list, nil))
        ow_handler_list_free(list)
    }

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
}

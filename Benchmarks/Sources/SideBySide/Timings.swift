import ContentSniffing
import DocumentCatalog
import Foundation
import OpenInBroker
import UniformTypes

/// The timed operations, each built from the input files named in the options.
struct Timings {
    let graph: TypeGraph
    let options: [String: String]

    func run(with timer: MedianTimer) throws -> [MedianTimer.Result] {
        var results: [MedianTimer.Result] = []

        if let path = options["names"] {
            let names = try Inputs.lines(path)
            results.append(timer.measure("name-to-type") { start, count in
                cycle(start, count, names.count) { blackHole(graph.match(filename: names[$0])) }
            })
            // The type alone, as a folder listing needs it (GLib's call gives a type string and
            // whether it is uncertain).
            results.append(timer.measure("name-to-type-only") { start, count in
                cycle(start, count, names.count) { blackHole(graph.type(filename: names[$0])) }
            })
        }

        if let path = options["mimes"] {
            let mimes = try Inputs.lines(path)
            results.append(timer.measure("mime-to-type") { start, count in
                cycle(start, count, mimes.count) { blackHole(graph.type(mimeType: mimes[$0])) }
            })
        }

        if let path = options["isa"] {
            let pairs = try Inputs.pairs(path)
            // Conformance proper: both sides already types, as a caller holding a resolution has them.
            let typed = pairs.compactMap { pair -> (UniformType, UniformType)? in
                guard let child = graph.type(mimeType: pair.0), let parent = graph.type(mimeType: pair.1) else { return nil }
                return (child, parent)
            }
            results.append(timer.measure("is-a") { start, count in
                // Read in place: copying a pair out of the array would time reference counting.
                cycle(start, count, typed.count) { blackHole(typed[$0].0.conforms(to: typed[$0].1)) }
            })
            // From the two MIME strings, as g_content_type_is_a takes them.
            results.append(timer.measure("is-a-from-strings") { start, count in
                cycle(start, count, pairs.count) {
                    if let a = graph.type(mimeType: pairs[$0].0), let b = graph.type(mimeType: pairs[$0].1) { blackHole(a.conforms(to: b)) }
                }
            })
        }

        if let path = options["sniff"] {
            let (bytes, ranges, _) = try Inputs.prefixes(listedIn: path)
            let sniffer = SignatureSniffer()
            results.append(bytes.withUnsafeBytes { all in
                timer.measure("sniff-4k") { start, count in
                    cycle(start, count, ranges.count) { blackHole(sniffer.sniff(prefix: UnsafeRawBufferPointer(rebasing: all[ranges[$0]]))) }
                }
            })
        }

        if let path = options["app-types"] {
            guard let catalogPath = options["catalog"] else { throw DriverError("--app-types needs --catalog") }
            let mimes = try Inputs.lines(path)
            let catalog = try DocumentCatalog(location: CatalogLocation(path: catalogPath))
            // The same folders GLib reads: XDG_DATA_HOME and XDG_DATA_DIRS of this process.
            let report = try catalog.importSystem(environment: ProcessInfo.processInfo.environment)
            FileHandle.standardError.write(Data("SideBySide: imported \(report.registeredApps.count) desktop entries\n".utf8))
            let snapshot = try catalog.snapshot()
            let ranking = HandlerRanking(snapshot: snapshot)
            let lookup = snapshot.graph
            // The lookup of the MIME string is part of the operation, as GLib is handed the string.
            results.append(timer.measure("apps-for-type") { start, count in
                cycle(start, count, mimes.count) {
                    if let type = lookup.type(mimeType: mimes[$0]) { blackHole(ranking.handlers(for: type)) }
                }
            })
            results.append(timer.measure("default-for-type") { start, count in
                cycle(start, count, mimes.count) {
                    if let type = lookup.type(mimeType: mimes[$0]) { blackHole(ranking.defaultHandler(for: type)) }
                }
            })
        }
        return results
    }
}

/// A driver usage error.
struct DriverError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

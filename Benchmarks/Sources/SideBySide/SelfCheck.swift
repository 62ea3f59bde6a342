import BenchmarkSupport
import ContentSniffing
import UniformTypes

/// Checks that the built-in 4 KiB prefixes the benchmarks sniff are recognised as the formats
/// they stand for, so a benchmark never silently measures the "no match" path.
enum SelfCheck {
    static func run(graph: TypeGraph) -> Bool {
        let sniffer = SignatureSniffer()
        var passed = true
        for sample in SamplePrefix.allCases {
            let match = sample.bytes.withUnsafeBytes { sniffer.sniff(prefix: $0) }
            let answer = match?.identifier.rawValue ?? "(none)"
            let ok: Bool
            if let expected = sample.expectedIdentifier {
                ok = match.map { graph.identity($0.identifier).conforms(to: graph.identity(TypeIdentifier(expected))) } ?? false
            } else {
                ok = sample == .unknownBinary ? match == nil : match != nil
            }
            if !ok { passed = false }
            print("\(ok ? "ok  " : "FAIL") \(sample.rawValue): \(answer)\(match.map { " — " + $0.detail } ?? "")")
        }
        return passed
    }
}

import ContentSniffing
import UniformTypes

/// What OpenWith answers for each input, as a MIME type, for comparison with the peers'
/// answers (`agree`).
struct Answers {
    let graph: TypeGraph

    func answers(options: [String: String]) throws -> [(String, String)] {
        if let path = options["names"] {
            return try Inputs.lines(path).map { name in
                (name, graph.match(filename: name).type?.preferredMIMEType ?? "application/octet-stream")
            }
        }
        if let path = options["sniff"] {
            let (bytes, ranges, paths) = try Inputs.prefixes(listedIn: path)
            let sniffer = SignatureSniffer()
            return bytes.withUnsafeBytes { all in
                zip(paths, ranges).map { path, range in
                    let match = sniffer.sniff(prefix: UnsafeRawBufferPointer(rebasing: all[range]))
                    return (path, match.flatMap { graph.identity($0.identifier).preferredMIMEType } ?? "application/octet-stream")
                }
            }
        }
        throw DriverError("answers needs --names or --sniff")
    }
}

import UniformTypes

/// Compares OpenWith's answers with a peer's, input by input, through the type graph, so that
/// aliases (`application/x-gzip` and `application/gzip`) count as the same answer.
enum Agreement {
    static func compare(ours oursPath: String, peer peerPath: String, graph: TypeGraph) throws -> String {
        let ours = Dictionary(try Inputs.pairs(oursPath), uniquingKeysWith: { first, _ in first })
        var same = 0
        var oursNarrower = 0
        var peerNarrower = 0
        var different: [String] = []
        let peer = try Inputs.pairs(peerPath)
        for (input, peerMIME) in peer {
            guard let ourMIME = ours[input] else { continue }
            let a = graph.type(mimeType: ourMIME)
            let b = graph.type(mimeType: peerMIME)
            if let a, let b, a == b {
                same += 1
            } else if let a, let b, a.conforms(to: b) {
                oursNarrower += 1
            } else if let a, let b, b.conforms(to: a) {
                peerNarrower += 1
            } else {
                different.append("\(input): OpenWith \(ourMIME), peer \(peerMIME)")
            }
        }
        let total = same + oursNarrower + peerNarrower + different.count
        var summary = "\(same) same, \(oursNarrower) narrower in OpenWith, \(peerNarrower) narrower in the peer, \(different.count) different (of \(total))"
        if !different.isEmpty {
            summary += "\n" + different.prefix(8).map { "  - " + $0 }.joined(separator: "\n")
        }
        return summary
    }
}

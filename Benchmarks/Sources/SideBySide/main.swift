import BenchmarkSupport
import ContentSniffing
import DocumentCatalog
import Foundation
import OpenInBroker
import UniformTypes

// OpenWith's half of `side-by-side/run.sh`: times the same operations on the same input files as
// the C peers (`glib-peer.c`, `magic-peer.c`) and prints one line per operation in the same
// format. Build it with `swift build -c release --product SideBySide`.
//
//   SideBySide time [--names F] [--mimes F] [--isa F] [--sniff F] [--app-types F --catalog PATH]
//                   [--max-seconds S] [--max-batch N]
//   SideBySide answers (--names F | --sniff F)      what OpenWith answers, as `input<TAB>MIME`
//   SideBySide agree OURS PEER                       compares two answer files through the graph
//   SideBySide self-check                            the built-in prefixes sniff as expected

let usage = """
    usage: SideBySide time [--names F] [--mimes F] [--isa F] [--sniff F] [--app-types F --catalog PATH]
                           [--max-seconds S] [--max-batch N]
           SideBySide answers (--names F | --sniff F)
           SideBySide agree OURS PEER
           SideBySide self-check
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty else { fail(usage) }
let command = arguments.removeFirst()
var options: [String: String] = [:]
var positional: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    if argument.hasPrefix("--") {
        guard !arguments.isEmpty else { fail("missing value for \(argument)\n\(usage)") }
        options[String(argument.dropFirst(2))] = arguments.removeFirst()
    } else {
        positional.append(argument)
    }
}

let graph = SystemTypeCatalog.graph

do {
    switch command {
    case "time":
        var timer = MedianTimer()
        if let value = options["max-seconds"] { timer.maxSeconds = Double(value) ?? timer.maxSeconds }
        if let value = options["max-batch"] { timer.maxBatch = Int(value) ?? timer.maxBatch }
        for line in try Timings(graph: graph, options: options).run(with: timer) {
            print(line.line)
            fflush(nil)  // one line at a time, so a slow operation shows progress
        }
    case "answers":
        for (input, mime) in try Answers(graph: graph).answers(options: options) {
            print("\(input)\t\(mime)")
        }
    case "agree":
        guard positional.count == 2 else { fail(usage) }
        print(try Agreement.compare(ours: positional[0], peer: positional[1], graph: graph))
    case "self-check":
        exit(SelfCheck.run(graph: graph) ? 0 : 1)
    default:
        fail(usage)
    }
} catch {
    fail("SideBySide: \(error)")
}

import Benchmark
import Foundation
import BenchmarkSupport
import ContentSniffing
import SuiteSupport
import UniformTypes

// Content sniffing on 4 KiB prefixes built in memory (one benchmark per format family), libmagic
// on the same bytes for reference, and the full resolver on named files on disk.
let benchmarks: @Sendable () -> Void = {
    let sniffer = SignatureSniffer()

    for sample in SamplePrefix.allCases {
        let bytes = sample.bytes
        Benchmark("Sniff4KiB.\(sample.rawValue)", configuration: OpenWithSuite.lookup()) { benchmark in
            bytes.withUnsafeBytes { prefix in
                for _ in benchmark.scaledIterations {
                    blackHole(sniffer.sniff(prefix: prefix))
                }
            }
        }
    }

    let everyPrefix = SamplePrefix.allCases.flatMap(\.bytes)
    let familyCount = SamplePrefix.allCases.count
    Benchmark("Sniff4KiB.everyFamily", configuration: OpenWithSuite.lookup()) { benchmark in
        everyPrefix.withUnsafeBytes { all in
            for i in benchmark.scaledIterations {
                let start = (i % familyCount) * SamplePrefix.length
                blackHole(sniffer.sniff(prefix: UnsafeRawBufferPointer(rebasing: all[start..<start + SamplePrefix.length])))
            }
        }
    }

    // The magic rules of shared-mime-info and Tika on the binary prefixes, on 4 KiB of zeros
    // (every rule that tests a zero byte at a fixed offset is a candidate), and on 4 KiB of
    // prose (every rule that searches a range for a word looks through it).
    let rules = MagicRuleSet.freedesktop
    let zeros = [UInt8](repeating: 0, count: SamplePrefix.length)
    let samples = [
        ("unknown-binary", SamplePrefix.unknownBinary.bytes), ("png", SamplePrefix.png.bytes), ("elf", SamplePrefix.elfExecutable.bytes),
        ("zeros", zeros), ("text", SamplePrefix.plainText.bytes),
    ]
    for (label, bytes) in samples {
        Benchmark("MagicRules4KiB.\(label)", configuration: OpenWithSuite.lookup()) { benchmark in
            bytes.withUnsafeBytes { prefix in
                for _ in benchmark.scaledIterations {
                    blackHole(rules.bestMatch(in: prefix))
                }
            }
        }
    }

    // The text classifier on 4 KiB of source text: structure checks, then the model.
    let classifier = TextClassifier()
    let source = Array(String(repeating: "fn scale(values: &mut [f64], factor: f64) {\n    for v in values.iter_mut() { *v *= factor; }\n}\n", count: 40).utf8.prefix(SamplePrefix.length))
    for (label, bytes) in [("source", source), ("text", SamplePrefix.plainText.bytes)] {
        Benchmark("TextClassifier4KiB.\(label)", configuration: OpenWithSuite.lookup()) { benchmark in
            bytes.withUnsafeBytes { prefix in
                for _ in benchmark.scaledIterations {
                    blackHole(classifier.classify(prefix: prefix))
                }
            }
        }
    }

    // libmagic on the same prefixes: the reference the built-in table is meant to beat.
    let magic = Fixture { try MagicSniffer() }
    Benchmark("Libmagic4KiB.everyFamily", configuration: OpenWithSuite.lookup(scaling: .one)) { benchmark in
        everyPrefix.withUnsafeBytes { all in
            for i in 0..<familyCount {
                let start = i * SamplePrefix.length
                blackHole(magic.value.mimeType(of: UnsafeRawBufferPointer(rebasing: all[start..<start + SamplePrefix.length])))
            }
        }
    } setup: {
        try magic.setUp()
    } teardown: {
        magic.tearDown()
    }

    /// A benchmark, `name`, of the sniffer `sniffer` takes from what `fixture` sets up, asked
    /// about `bytes`.
    func libmagicCall<Value>(
        _ name: String, on bytes: [UInt8], _ fixture: Fixture<Value>, sniffer: @escaping @Sendable (Value) -> MagicSniffer
    ) {
        Benchmark(name, configuration: OpenWithSuite.lookup(scaling: .one)) { benchmark in
            let sniffer = sniffer(fixture.value)
            bytes.withUnsafeBytes { bytes in
                for _ in benchmark.scaledIterations {
                    blackHole(sniffer.mimeType(of: bytes))
                }
            }
        } setup: {
            try fixture.setUp()
        } teardown: {
            fixture.tearDown()
        }
    }

    // libmagic on 2 KiB of prose (what the resolver shows it of text nothing else placed): its
    // whole database, and the database cut down to the rules that can name text.
    let prose = Array(SamplePrefix.plainText.bytes.prefix(2048))
    let textRules = Fixture { try MagicSniffer(textRulesOf: nil) }
    for (label, sniffer) in [("wholeDatabase", magic), ("textRules", textRules)] {
        libmagicCall("LibmagicText2KiB.\(label)", on: prose, sniffer) { $0 }
    }

    // What the text rules must find before one can name a type, on the same 2 KiB: the test
    // that spares the resolver the call when none can.
    Benchmark("LibmagicText2KiB.prefilter", configuration: OpenWithSuite.lookup(scaling: .one)) { benchmark in
        prose.withUnsafeBytes { text in
            for _ in benchmark.scaledIterations {
                blackHole(textRules.value.textPrefilter?.mayName(text))
            }
        }
    } setup: {
        try textRules.setUp()
    } teardown: {
        textRules.tearDown()
    }

    // libmagic's whole database on 64 KiB of binary data no rule of it names (a header of
    // eight letters, then little-endian 32-bit counters: zeros and small numbers, as binary
    // tables hold), and the prefilter that answers for it without the call.
    let table: [UInt8] = Array("OWBENCH\u{0}".utf8) + (0..<(16 * 1024 - 2)).flatMap { index -> [UInt8] in
        let value = UInt32(index * 37 % 5000)
        return [UInt8(value & 0xFF), UInt8(value >> 8), 0, 0]
    }
    let prefiltered = Fixture {
        let folder = try TemporaryFolder(prefix: "binary-prefilter")
        return (folder, try MagicSniffer(cachingPrefilterIn: folder.path))
    } tearDown: { $0.0.remove() }
    libmagicCall("LibmagicBinary64KiB.wholeDatabase", on: table, magic) { $0 }
    Benchmark("LibmagicBinary64KiB.prefilter", configuration: OpenWithSuite.lookup(scaling: .one)) { benchmark in
        table.withUnsafeBytes { bytes in
            for _ in benchmark.scaledIterations {
                blackHole(prefiltered.value.1.binaryPrefilter?.mayName(bytes))
            }
        }
    } setup: {
        try prefiltered.setUp()
    } teardown: {
        prefiltered.tearDown()
    }

    // libmagic on 4 KiB of binary bytes one of its rules names (an IFF 8SVX sample's header,
    // then silence): its whole database loaded once, and a handle per call that loads only the
    // rules the bytes may match (MagicBinaryRuleChoice; its file read on the first call).
    let sample: [UInt8] = Array("FORM".utf8) + [0, 0, 0x0F, 0xF8] + Array("8SVXVHDR".utf8) + [0, 0, 0, 20]
        + [UInt8](repeating: 0, count: 4096 - 20)
    libmagicCall("LibmagicBinaryNamed4KiB.wholeDatabase", on: sample, magic) { $0 }
    libmagicCall("LibmagicBinaryNamed4KiB.chosenRules", on: sample, prefiltered) { $0.1 }

    // Reading the prefilter's cache file (what a process does before its first question about
    // binary bytes), and the rules' choice file beside it (before its first call on bytes a rule
    // may name).
    let cacheFiles: [(label: String, suffix: String, read: @Sendable (UnsafeRawBufferPointer) -> Bool)] = [
        ("readPrefilterFile", ".tests", { MagicBinaryPrefilter(serialized: $0) != nil }),
        ("readRuleChoiceFile", ".rules", { MagicBinaryRuleChoice(serialized: $0) != nil }),
    ]
    for cacheFile in cacheFiles {
        Benchmark("LibmagicBinary64KiB.\(cacheFile.label)", configuration: OpenWithSuite.lookup(scaling: .one)) { benchmark in
            let folder = prefiltered.value.0
            let name = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.first { $0.hasSuffix(cacheFile.suffix) }
            let file = name.flatMap { FileManager.default.contents(atPath: folder.appending($0)) }.map { [UInt8]($0) } ?? []
            benchmark.startMeasurement()
            file.withUnsafeBytes { bytes in
                for _ in benchmark.scaledIterations {
                    blackHole(cacheFile.read(bytes))
                }
            }
        } setup: {
            try prefiltered.setUp()
        } teardown: {
            prefiltered.tearDown()
        }
    }

    // The resolver on real files: every family under its usual name, and again with no name
    // (content only, which is when libmagic may be consulted).
    let files = Fixture {
        let folder = try TemporaryFolder(prefix: "resolve")
        var paths: [String] = []
        for (index, sample) in SamplePrefix.allCases.enumerated() {
            paths.append(try folder.write(sample.bytes, to: sample.sampleFilename))
            paths.append(try folder.write(sample.bytes, to: "unnamed-\(index)"))
        }
        return (folder, paths)
    } tearDown: { $0.0.remove() }

    for (label, onDemand) in [("libmagicOff", false), ("libmagicOnDemand", true)] {
        let resolver = TypeResolver(graph: SystemTypeCatalog.graph, loadsLibmagicOnDemand: onDemand)
        Benchmark("ResolvePath.\(label)", configuration: OpenWithSuite.io(scaling: .kilo)) { benchmark in
            let paths = files.value.1
            for i in benchmark.scaledIterations {
                blackHole(try? resolver.resolve(path: paths[i % paths.count]))
            }
        } setup: {
            try files.setUp()
        } teardown: {
            files.tearDown()
        }
    }
}

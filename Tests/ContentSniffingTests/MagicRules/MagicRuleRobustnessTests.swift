@testable import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// Truncated, mutated and random input: never a crash, and the indexed answer always equals a
/// plain scan of every rule.
@Suite("Magic rules: truncation and fuzzing")
struct MagicRuleRobustnessTests {
    let magic = MagicRuleSet.freedesktop

    @Test("every prefix of every fixture evaluates, as a plain scan does", arguments: MagicRuleCases.all)
    func everyPrefix(_ row: MagicRuleCase) {
        for length in 0...row.bytes.count {
            let cut = Array(row.bytes[..<length])
            cut.withUnsafeBytes { bytes in
                let best = magic.firstMatchingRule(in: bytes)
                #expect(best == MagicRuleTestSupport.referenceBestRule(in: bytes, of: magic), "\(row.name), \(length) bytes")
                if let best {
                    #expect(magic.matches(magic.rules[best].identifier, in: bytes))
                }
                if length == 0 { #expect(best == nil) }
            }
        }
        // The whole fixture, read through a buffer that ends exactly where the bytes do.
        #expect(row.bytes.withUnsafeBytes { magic.bestMatch(in: $0) }?.mimeType == row.mimeType)
    }

    @Test("random and mutated bytes: no crash, indexed answer equals a plain scan (about one second)")
    func fuzz() {
        var random = SplitMix64(seed: 0x4D41_4749_4321)
        let seeds = MagicRuleCases.all.map(\.bytes)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(1))
        var iterations = 0
        var matched = 0
        while clock.now < deadline {
            iterations += 1
            var bytes: [UInt8]
            if iterations % 4 == 0 {
                bytes = ByteFixtures.pseudoRandom(count: Int(random.next() % 5000), seed: random.next())
            } else {
                bytes = seeds[Int(random.next() % UInt64(seeds.count))]
                RobustnessTests.mutate(&bytes, using: &random)
            }
            bytes.withUnsafeBytes { buffer in
                let best = magic.firstMatchingRule(in: buffer)
                if best != nil { matched += 1 }
                #expect(best == MagicRuleTestSupport.referenceBestRule(in: buffer, of: magic))
                let someType = magic.recognizedTypes[Int(random.next() % UInt64(magic.recognizedTypes.count))]
                _ = magic.matches(someType, in: buffer)
            }
        }
        // A debug build scans a thousand rules twice per input (indexed and plain).
        #expect(iterations > 25)
        #expect(matched > 0)
    }

    @Test("one rule set used from many tasks at once")
    func concurrency() async {
        let magic = magic
        let answers = await withTaskGroup(of: [String?].self) { group in
            for task in 0..<8 {
                group.addTask {
                    MagicRuleCases.all.indices.map { index in
                        MagicRuleCases.all[(index + task) % MagicRuleCases.all.count].bytes.withUnsafeBytes {
                            magic.bestMatch(in: $0)?.mimeType
                        }
                    }
                }
            }
            var all: [String?] = []
            for await chunk in group { all += chunk }
            return all
        }
        #expect(answers.count == 8 * MagicRuleCases.all.count)
        #expect(Set(answers.compactMap { $0 }) == Set(MagicRuleCases.all.map(\.mimeType)))
    }
}

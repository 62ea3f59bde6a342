import CMagicRuleImage
@testable import ContentSniffing
import Foundation
import OpenWithTestSupport
import Testing
import UniformTypes

/// The generated rule table: in step with its generator, its sources and the type catalog.
@Suite("Magic rules: generated data")
struct MagicRuleDataTests {
    static let tableText = (try? RepositoryPaths.text(RepositoryPaths.path("Catalog/magic-rules.txt"))) ?? ""

    @Test("the library's compiled rule image is Catalog/magic-rules.txt compiled (swift run compile-magic-rules)")
    func compiledImageIsTheCatalogFile() throws {
        let compiled = MagicRuleSet.parse(Self.tableText).set.compiledImage(ordinalHints: SystemTypeCatalog.graph)
        let embedded = UnsafeRawBufferPointer(start: openwith_magic_rule_image_bytes(), count: openwith_magic_rule_image_size())
        #expect(compiled.count > 100_000)
        #expect(compiled == Array(embedded), "the rule image is stale: run swift run compile-magic-rules")
    }

    @Test("the generator reproduces the committed outputs (--check)")
    func generatorIsUpToDate() throws {
        let (status, output) = try RepositoryPaths.runScript("Catalog/scripts/generate-magic-rules.py", ["--check"])
        #expect(status == 0, "generate-magic-rules.py --check: \(output)")
    }

    @Test("the table parses without a problem")
    func parsesCleanly() {
        let parsed = MagicRuleSet.parse(Self.tableText)
        #expect(parsed.problems.isEmpty, "\(parsed.problems.prefix(5))")
        #expect(parsed.set.count == MagicRuleSet.freedesktop.count)
    }

    @Test("rules from both registries, each header naming its sources, in priority order")
    func rulesFromBothRegistries() throws {
        let headers = Self.tableText.split(separator: "\n").filter { $0.hasPrefix("[") }
        #expect(headers.count == MagicRuleSet.freedesktop.count)
        let sources = headers.map { $0.split(separator: " ").last.map(String.init) ?? "" }
        #expect(Set(sources) == ["smi", "tika", "smi,tika"])
        // Both registries contribute hundreds of rules (shared-mime-info has 600-odd <magic>
        // elements, Tika 400-odd).
        #expect(sources.filter { $0.contains("smi") }.count > 550)
        #expect(sources.filter { $0.contains("tika") }.count > 350)
        let priorities = MagicRuleSet.freedesktop.rules.map(\.priority)
        #expect(priorities == priorities.sorted(by: >))
        // No two rules for one type have the same checks.
        let blocks = Self.tableText.components(separatedBy: "\n\n").filter { $0.hasPrefix("[") }
        let keys = blocks.map { block -> String in
            let lines = block.split(separator: "\n")
            let identifier = lines[0].split(separator: " ")[1].lowercased()
            return ([identifier] + lines.dropFirst().map(String.init)).joined(separator: "\n")
        }
        #expect(Set(keys).count == keys.count)
    }

    @Test("every rule's identifier is declared in Catalog/system-types.tsv")
    func identifiersAreDeclared() throws {
        let rows = try RepositoryPaths.tsv(RepositoryPaths.path("Catalog/system-types.tsv"))
        var mimeTypes: [TypeIdentifier: Set<String>] = [:]
        for row in rows {
            let identifier = TypeIdentifier(row["identifier"] ?? "")
            mimeTypes[identifier] = Set((row["mime_types"] ?? "").split(separator: ",").map { $0.lowercased() })
        }
        var listed = 0
        for rule in MagicRuleSet.freedesktop.rules {
            guard let types = mimeTypes[rule.identifier] else {
                Issue.record("\(rule.identifier) (\(rule.mimeType)) is not declared")
                continue
            }
            if types.contains(rule.mimeType.lowercased()) { listed += 1 }
        }
        // The others are mapped through one of the registry's aliases of the MIME type.
        #expect(listed * 10 >= MagicRuleSet.freedesktop.count * 9)
    }

    /// `(what, text, rules kept, problems)`.
    static let malformedTables: [(String, String, Int, Int)] = [
        ("an unknown match type drops its rule only", "[50:a/b] x.a\n>quad 0 =0x01\n\n[50:c/d] x.c\n>byte 0 =0x01\n", 1, 1),
        ("a mask longer than its value", "[50:a/b] x.a\n>string 0 =41 &ffff\n", 0, 1),
        ("a short string mask is padded with zeros", "[50:a/b] x.a\n>string 0 =4142 &ff\n", 1, 0),
        ("a number too wide for its type", "[50:a/b] x.a\n>big16 0 =0x123456\n", 0, 1),
        ("an odd number of hex digits", "[50:a/b] x.a\n>string 0 =414\n", 0, 1),
        ("an empty value", "[50:a/b] x.a\n>string 0 =\n", 0, 1),
        ("a range that ends before it starts", "[50:a/b] x.a\n>string 9:2 =41\n", 0, 1),
        ("an offset beyond Int32", "[50:a/b] x.a\n>string 4294967296 =41\n", 0, 1),
        ("nesting that skips a level", "[50:a/b] x.a\n>string 0 =41\n>>>string 1 =42\n", 0, 1),
        ("a match before any rule", ">string 0 =41\n[50:a/b] x.a\n>string 0 =41\n", 1, 1),
        ("a priority over 100", "[101:a/b] x.a\n>string 0 =41\n", 0, 1),
        ("a header without identifier", "[50:a/b]\n>string 0 =41\n", 0, 1),
        ("a rule without matches", "[50:a/b] x.a\n\n", 0, 1),
        ("stray text", "[50:a/b] x.a\nstring 0 =41\n", 0, 1),
        ("comments and blank lines are fine", "# c\n\n[50:a/b] x.a\n# inside\n>string 0 =41 \"A\"\n\n\n", 1, 0),
        ("sources after the identifier", "[50:a/b] x.a smi,tika\n>string 0 =41\n", 1, 0),
        ("two words after the identifier", "[50:a/b] x.a smi tika\n>string 0 =41\n", 0, 1),
        ("the new kinds", "[50:a/b] x.a\n>stringignorecase 0 =41\n>unicodeLE 0 =4100\n>regex 0 =5b412d5a5d2b\n>least 1\n>>string 0 =41\n", 1, 0),
        ("a regex outside the subset (lookbehind)", "[50:a/b] x.a\n>regex 0 =283f3c3d4129\n", 0, 1),
        ("a regex with a backreference", "[50:a/b] x.a\n>regex 0 =2841295c31\n", 0, 1),
        ("a regex with a mask", "[50:a/b] x.a\n>regex 0 =41 &ff\n", 0, 1),
        ("least 0", "[50:a/b] x.a\n>least 0\n>>string 0 =41\n", 0, 1),
        ("nesting deeper than 32 levels", "[50:a/b] x.a\n" + (1...33).map { String(repeating: ">", count: $0) + "string 0 =41\n" }.joined(), 0, 1),
    ]

    @Test("malformed text drops the rule, keeps the rest and says why", arguments: malformedTables.indices)
    func malformedText(_ index: Int) {
        let (what, text, kept, problems) = Self.malformedTables[index]
        let parsed = MagicRuleSet.parse(text)
        #expect(parsed.set.count == kept, "\(what)")
        #expect(parsed.problems.count == problems, "\(what): \(parsed.problems)")
        // Whatever was kept evaluates safely.
        let bytes = Array("AB".utf8)
        _ = bytes.withUnsafeBytes { parsed.set.bestMatch(in: $0) }
    }

    @Test("a short string mask leaves the rest of the value out of the comparison")
    func shortMask() {
        let parsed = MagicRuleSet.parse("[50:a/b] x.a\n>string 0 =4142 &ff\n")
        #expect(Array("AZ".utf8).withUnsafeBytes { parsed.set.matches("x.a", in: $0) })
        #expect(!Array("ZB".utf8).withUnsafeBytes { parsed.set.matches("x.a", in: $0) })
        #expect(!Array("A".utf8).withUnsafeBytes { parsed.set.matches("x.a", in: $0) })
    }

    @Test("the identifiers read from the header lines are those of the parsed rules, in order")
    func headerIdentifiers() {
        var identifiers: [String] = []
        #expect(MagicRuleSet.forEachFreedesktopRuleHint { _, identifier in identifiers.append(identifier().map { String(decoding: $0, as: UTF8.self) } ?? "?") })
        #expect(identifiers.count > 1000)
        #expect(identifiers == MagicRuleSet.freedesktop.rules.map(\.identifier.rawValue))
    }

    @Test("each rule's ordinal hint is where the system catalog's graph declares its type, -1 only for types it lacks")
    func ordinalHintsMatchTheSystemGraph() {
        let graph = SystemTypeCatalog.graph
        var hints: [Int32] = []
        MagicRuleSet.forEachFreedesktopRuleHint { hint, _ in hints.append(hint) }
        let expected = MagicRuleSet.freedesktop.rules.map { Int32(graph[$0.identifier]?.ordinal ?? -1) }
        #expect(hints == expected)
        #expect(MagicRuleSet.freedesktopHintFacts.digest == SystemTypeCatalog.tableDigest, "the hints were taken from the embedded system graph")
        // Nearly every rule's type is a system type (all of them today); the hints are not all
        // one value.
        #expect(hints.filter { $0 < 0 }.count < hints.count / 100)
        #expect(Set(hints).count > 500)
    }
}

@testable import ContentSniffing
import Foundation
import OpenWithTestSupport
import Testing
import UniformTypes

/// The generated rule table: in step with its generator, its sources and the type catalog.
@Suite("Magic rules: generated data")
struct MagicRuleDataTests {
    static let tableText = MagicRuleSet.table.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }

    @Test("the embedded table is the committed Catalog/magic-rules.txt")
    func embeddedTableMatchesCatalogFile() throws {
        let file = try RepositoryPaths.text(RepositoryPaths.path("Catalog/magic-rules.txt"))
        #expect(Self.tableText == file)
    }

    @Test("the generator reproduces the committed outputs (--check)")
    func generatorIsUpToDate() throws {
        guard RepositoryPaths.freedesktopMimeXML != nil else {
            Issue.record("shared-mime-info is not installed; install Debian's shared-mime-info package")
            return
        }
        let (status, output) = try RepositoryPaths.runScript("Catalog/scripts/generate-magic-rules.py", ["--check"])
        #expect(status == 0, "generate-magic-rules.py --check: \(output)")
    }

    @Test("the table parses without a problem")
    func parsesCleanly() {
        let parsed = MagicRuleSet.parse(MagicRuleSet.table)
        #expect(parsed.problems.isEmpty, "\(parsed.problems.prefix(5))")
        #expect(parsed.set.count == MagicRuleSet.freedesktop.count)
    }

    @Test("one rule for each <magic> element of freedesktop.org.xml (commented-out ones aside)")
    func ruleCountMatchesXML() throws {
        guard let path = RepositoryPaths.freedesktopMimeXML else {
            Issue.record("shared-mime-info is not installed; install Debian's shared-mime-info package")
            return
        }
        var xml = try RepositoryPaths.text(path)
        // Drop comments: shared-mime-info 2.2 comments out two Sega rules that look too far.
        while let open = xml.range(of: "<!--") {
            let close = xml.range(of: "-->", range: open.upperBound..<xml.endIndex)?.upperBound ?? xml.endIndex
            xml.removeSubrange(open.lowerBound..<close)
        }
        let elements = xml.components(separatedBy: "<magic>").count - 1 + xml.components(separatedBy: "<magic ").count - 1
        #expect(elements > 400)
        #expect(MagicRuleSet.freedesktop.count == elements)
        let headers = Self.tableText.split(separator: "\n").filter { $0.hasPrefix("[") }.count
        #expect(headers == elements)
    }

    @Test("every rule's identifier is declared in Catalog/system-types.tsv and lists the rule's MIME type")
    func identifiersAreDeclared() throws {
        let rows = try RepositoryPaths.tsv(RepositoryPaths.path("Catalog/system-types.tsv"))
        var mimeTypes: [TypeIdentifier: Set<String>] = [:]
        for row in rows {
            let identifier = TypeIdentifier(row["identifier"] ?? "")
            mimeTypes[identifier] = Set((row["mime_types"] ?? "").split(separator: ",").map { $0.lowercased() })
        }
        for rule in MagicRuleSet.freedesktop.rules {
            guard let listed = mimeTypes[rule.identifier] else {
                Issue.record("\(rule.identifier) (\(rule.mimeType)) is not declared")
                continue
            }
            #expect(listed.contains(rule.mimeType.lowercased()), "\(rule.identifier) does not list \(rule.mimeType)")
        }
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
}

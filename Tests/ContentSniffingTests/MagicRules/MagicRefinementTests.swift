@testable import ContentSniffing
import Foundation
import OpenWithTestSupport
import Testing
import UniformTypes

/// Refining a strong answer with the magic rules by trying only the rules that name one of its
/// subtypes first: the answer must be the full evaluation's whenever that names one of them.
@Suite("Magic rules: refining a strong answer")
struct MagicRefinementTests {
    let magic = MagicRuleSet.freedesktop
    let graph = SystemTypeCatalog.graph

    /// A PNG whose second chunk is `acTL`: an animated PNG.
    static let apng: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + ByteFixtures.zeros(13 + 4)
        + [0, 0, 0, 8] + Array("acTL".utf8) + ByteFixtures.zeros(12)

    /// A gzip header whose file name field says KOffice wrote a Karbon drawing (a rule of its
    /// own, not a kind of gzip).
    static let karbon: [UInt8] =
        [0x1F, 0x8B, 0x08, 0x08, 0, 0, 0, 0, 0, 0x03] + Array("KOffice".utf8) + [0] + Array("application/x-karbon".utf8) + [0x04, 0x06]
        + ByteFixtures.pseudoRandom(count: 200, seed: 3)

    /// Bytes to weigh: the cases above, the plain formats, every magic fixture, and noise.
    var buffers: [[UInt8]] {
        get throws {
            let png = Array(try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.path("Catalog/samples/photo.png"))))
            let gzip = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03] + ByteFixtures.pseudoRandom(count: 600, seed: 5)
            return [Self.apng, png, Self.karbon, gzip, MagicRuleCases.gtkBuilder, Array("<?xml version=\"1.0\"?>\n<doc/>\n".utf8)]
                + MagicRuleCases.all.map(\.bytes) + (0..<20).map { ByteFixtures.pseudoRandom(count: 4096, seed: UInt64($0)) }
        }
    }

    @Test("among a strong answer's refining rules, the best is the full evaluation's best when that is one of them, else none")
    func agreesWithFullEvaluation() throws {
        let refinable = MagicRefinableTypes(graph)
        // (strong answer, bytes one of its refinements matches)
        let strong: [(TypeIdentifier, [UInt8])] = [
            ("public.png", Self.apng), ("public.xml", MagicRuleCases.gtkBuilder),
        ]
        let buffers = try self.buffers
        for (identifier, refined) in strong {
            let type = try #require(graph[identifier])
            let ranks = try #require(refinable.refiningRanks(of: type, in: magic))
            #expect(!ranks.isEmpty, "\(identifier)")
            #expect(ranks == ranks.sorted())
            for rank in ranks {
                let rule = magic.match(ranked: rank)
                #expect(rule.priority >= 40)
                #expect(try #require(graph[rule.identifier]).conforms(to: type))
            }
            for bytes in buffers + [refined] {
                let full = bytes.withUnsafeBytes { magic.bestRank(near: $0) }
                let among = bytes.withUnsafeBytes { magic.bestRank(among: ranks, in: $0) }
                #expect(among == full.flatMap { ranks.contains($0) ? $0 : nil }, "\(identifier), \(bytes.prefix(8))")
            }
            let found = refined.withUnsafeBytes { magic.bestRank(among: ranks, in: $0) }
            #expect(found != nil, "\(identifier): its refinement is found")
        }
    }

    @Test("among the rules that can change weak text, the best is the full evaluation's best when that is one of them, else none")
    func textChangesAgreeWithFullEvaluation() throws {
        let refinable = MagicRefinableTypes(graph)
        let text = try #require(graph["public.plain-text"])
        let desktopEntry = graph.types(mimeType: "application/x-desktop").first
        let texts: [[UInt8]] = [
            Array("#!/usr/bin/perl\nuse strict;\n".utf8), Array("<?xml version=\"1.0\"?>\n<interface/>\n".utf8),
            Array("[Desktop Entry]\nName=Tool\n".utf8), Array("<!DOCTYPE html>\n<html><body>hi</body></html>\n".utf8),
            Array("From: someone\nSubject: hi\n\nbody\n".utf8), Array("import Qt 5\n{\n}\n".utf8),
        ]
        let buffers = try self.buffers + texts
        for identifier: TypeIdentifier in ["public.plain-text", "public.xml", "public.html", "public.perl-script", "public.script"] {
            let type = try #require(graph[identifier])
            for (hasName, nameIsPlainText, nameIsDesktopEntry) in [(true, false, false), (true, true, false), (true, false, true), (false, false, false)] {
                let ranks = try #require(
                    refinable.textChangingRanks(
                        of: type, text: text, desktopEntry: desktopEntry, hasName: hasName, nameIsPlainText: nameIsPlainText,
                        nameIsDesktopEntry: nameIsDesktopEntry, in: magic))
                #expect(!ranks.isEmpty && ranks == ranks.sorted(), "\(identifier)")
                for bytes in buffers {
                    let full = bytes.withUnsafeBytes { magic.bestRank(near: $0) }
                    let among = bytes.withUnsafeBytes { magic.bestRank(among: ranks, in: $0) }
                    #expect(among == full.flatMap { ranks.contains($0) ? $0 : nil }, "\(identifier), \(bytes.prefix(8))")
                }
            }
        }
    }

    @Test("a type no rule refines has no refining rules", arguments: ["com.adobe.pdf", "org.gnu.gnu-zip-archive"] as [TypeIdentifier])
    func unrefinable(_ identifier: TypeIdentifier) throws {
        let type = try #require(graph[identifier])
        #expect(MagicRefinableTypes(graph).refiningRanks(of: type, in: magic) == [])
        #expect(!MagicRefinableTypes(graph).contains(type))
    }

    @Test("a type is refinable exactly when some rule names a proper subtype of it, for every type of the graph")
    func refinableTypesAreTheRulesSupertypes() throws {
        var seen = Set<Int>()
        let ruleTypes = magic.rules.compactMap { graph[$0.identifier] }.filter { seen.insert($0.ordinal ?? -1).inserted }
        let refinable = MagicRefinableTypes(graph)
        var count = 0
        for type in graph.declaredTypes {
            let expected = ruleTypes.contains { $0 != type && $0.conforms(to: type) }
            #expect(refinable.contains(type) == expected, "\(type.identifier)")
            count += expected ? 1 : 0
        }
        #expect(count > 50)
        for identifier in ["public.png", "public.zip-archive", "public.xml"] as [TypeIdentifier] {
            #expect(refinable.contains(try #require(graph[identifier])), "\(identifier)")
        }
    }

    /// Graphs whose ordinals differ from the system catalog's: declarations put in front of
    /// the system ones (every recorded hint is then wrong), and the system catalog with every
    /// seventh declaration left out (hints past the first gap are wrong, some types are gone).
    static func graphsWithOtherOrdinals() throws -> [TypeGraph] {
        let system = try SystemTypeCatalog.declarations()
        let front = (0..<5).map { TypeDeclaration(identifier: TypeIdentifier("org.example.front\($0)"), conformsTo: ["public.data"]) }
        let thinned = system.enumerated().filter { $0.offset % 7 != 3 || $0.element.identifier.isPublic }.map(\.element)
        return [try TypeGraph(declarations: front + system), try TypeGraph(declarations: thinned)]
    }

    @Test("the rules' types are found through the image's hints as a lookup finds them, in any graph")
    func hintedOrdinalsAgreeWithLookups() throws {
        for graph in [graph] + (try Self.graphsWithOtherOrdinals()) {
            let facts = MagicRefinableTypes.builtInRuleTypes(in: graph, trustedBelow: graph.leadingSystemTypeCount)
            let looked = magic.rules.map { Int32(graph[$0.identifier]?.ordinal ?? -1) }
            #expect(facts.ordinals == looked, "graph of \(graph.count) types")
            let refinable = MagicRefinableTypes(graph)
            var seen = Set<Int>()
            let ruleTypes = magic.rules.compactMap { graph[$0.identifier] }.filter { seen.insert($0.ordinal ?? -1).inserted }
            for type in graph.declaredTypes {
                let expected = ruleTypes.contains { $0 != type && $0.conforms(to: type) }
                #expect(refinable.contains(type) == expected, "\(type.identifier) in a graph of \(graph.count) types")
            }
        }
    }

    @Test("in a graph that leads with the system types, the hints and the image's refinable types are taken as they are and give what checking each hint gives")
    func trustedHintsAgreeWithCheckedOnes() throws {
        let system = try SystemTypeCatalog.declarations()
        let png = TypeDeclaration(identifier: "org.example.png-variant", conformsTo: ["public.png"], tags: [.filenameExtension: ["pngv"]], tier: .exported)
        // A catalog as most are: the system types, then an app's (a new kind of PNG, which no
        // rule names) and a system type declared again with the same parents.
        let catalog = try TypeGraph(
            declarations: system + [png, TypeDeclaration(identifier: "com.adobe.edn", conformsTo: ["public.data"], tier: .exported)])
        // A catalog where an app gives a system type another parent: the image's refinable
        // types no longer hold (the rules' APNG type would become a kind of the new parent).
        let apng = try #require(graph["org.freedesktop.mime.image.apng"])
        let reparented = try TypeGraph(
            declarations: system + [
                TypeDeclaration(identifier: "org.example.animation", conformsTo: ["public.data"], tier: .exported),
                TypeDeclaration(identifier: apng.identifier, conformsTo: ["public.png", "org.example.animation"], tier: .exported),
            ])
        #expect(graph.leadingSystemTypeCount == graph.count && graph.leadingSystemTypesKeepTheirSupertypes)
        #expect(catalog.leadingSystemTypeCount == graph.count && catalog.leadingSystemTypesKeepTheirSupertypes)
        #expect(reparented.leadingSystemTypeCount == graph.count && !reparented.leadingSystemTypesKeepTheirSupertypes)
        #expect(MagicRuleSet.freedesktop.refinableBits.count == (graph.count + 63) >> 6)
        #expect(Array(MagicRuleSet.freedesktop.refinableBits) == MagicRuleSet.refinableBits(of: MagicRuleSet.freedesktop.rules, in: graph))
        let animation = try #require(reparented["org.example.animation"])
        #expect(MagicRefinableTypes(reparented).contains(animation), "a rule's type gained a parent the image cannot know")
        for graph in [graph, catalog, reparented] + (try Self.graphsWithOtherOrdinals()) {
            let hinted = MagicRefinableTypes.builtInRuleTypes(in: graph, trustedBelow: graph.leadingSystemTypeCount)
            let checked = MagicRefinableTypes.builtInRuleTypes(in: graph, trustedBelow: 0)
            #expect(hinted.ordinals.count > 1_000)
            #expect(hinted.ordinals == checked.ordinals, "graph of \(graph.count) types")
            #expect(hinted.bits == checked.bits, "graph of \(graph.count) types")
            let trusting = MagicRefinableTypes(graph), checking = MagicRefinableTypes(graph, trustingHints: false)
            let differing = graph.declaredTypes.filter { trusting.contains($0) != checking.contains($0) }
            #expect(differing.isEmpty, "graph of \(graph.count) types: \(differing.prefix(5).map(\.identifier))")
            for type in [graph["public.png"], graph["public.zip-archive"], graph["public.xml"], graph["public.plain-text"]].compactMap({ $0 }) {
                #expect(trusting.refiningRanks(of: type, in: magic) == checking.refiningRanks(of: type, in: magic), "\(type.identifier)")
            }
        }
    }

    @Test("a hint finds a type only where that type is declared, whatever its case")
    func hintIsChecked() throws {
        let graph = SystemTypeCatalog.graph
        let png = try #require(graph["public.png"]?.ordinal)
        let jpeg = try #require(graph["public.jpeg"]?.ordinal)
        for (identifier, hint, expected) in [
            ("public.png", png, png), ("PUBLIC.PNG", png, png), ("public.png", jpeg, png), ("public.png", -1, png),
            ("public.png", graph.count, png), ("public.png", Int.max, png), ("org.example.none", png, nil), ("", png, nil),
        ] as [(String, Int, Int?)] {
            let found = Array(identifier.utf8).withUnsafeBytes { graph.ordinal(identifierUTF8: $0, hint: hint) }
            #expect(found == expected, "\(identifier) at \(hint)")
        }
    }

    @Test("ranks remembered for the built-in rules are not the answer for another rule set")
    func rememberedRanksBelongToTheirRules() throws {
        let refinable = MagicRefinableTypes(graph)
        let png = try #require(graph["public.png"])
        let apng = try #require(graph.types(mimeType: "image/apng").first)
        let builtIn = try #require(refinable.refiningRanks(of: png, in: magic))
        #expect(builtIn.count > 0)
        let parsed = MagicRuleSet.parse("[60:image/apng] \(apng.identifier.rawValue)\n>string 37 =6163544c\n")
        #expect(parsed.problems.isEmpty)
        let own = parsed.set
        #expect(refinable.refiningRanks(of: png, in: own) == [0])
        #expect(refinable.refiningRanks(of: png, in: magic) == builtIn)
        let text = try #require(graph["public.plain-text"])
        let textRanks = refinable.textChangingRanks(
            of: text, text: text, desktopEntry: nil, hasName: false, nameIsPlainText: false, nameIsDesktopEntry: false, in: magic)
        #expect((textRanks?.count ?? 0) > 1)
        #expect(
            refinable.textChangingRanks(
                of: text, text: text, desktopEntry: nil, hasName: false, nameIsPlainText: false, nameIsDesktopEntry: false, in: own) == [])
    }
}

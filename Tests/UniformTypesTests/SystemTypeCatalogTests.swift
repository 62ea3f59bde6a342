import Foundation
import OpenWithTestSupport
import Testing
import UniformTypes

@Suite("System type catalog")
struct SystemTypeCatalogTests {
    let graph = SystemTypeCatalog.graph

    @Test("The embedded table is the committed Catalog/system-types.tsv")
    func embeddedTableMatchesCatalogFile() throws {
        let file = try RepositoryPaths.text(RepositoryPaths.path("Catalog/system-types.tsv"))
        #expect(SystemTypeCatalog.tableText == file)
    }

    @Test("The table's digest, written by the generator, is the digest of the table's bytes")
    func generatedDigestIsTheTables() {
        var text = SystemTypeCatalog.tableText
        let computed = text.withUTF8 { TypeGraph.sourceDigest(ofBytes: UnsafeRawBufferPointer($0)) }
        #expect(SystemTypeCatalog.tableDigest == computed)
        // A different table would have another digest.
        text += "\n"
        #expect(text.withUTF8 { TypeGraph.sourceDigest(ofBytes: UnsafeRawBufferPointer($0)) } != computed)
    }

    @Test("The generator reproduces the committed outputs from its sources")
    func generatorIsUpToDate() throws {
        let (status, output) = try RepositoryPaths.runScript("Catalog/scripts/generate-system-types.py", ["--check"])
        #expect(status == 0, "generate-system-types.py --check: \(output)")
    }

    @Test("Every parent edge of the system catalog resolves and nothing is replaced")
    func graphIsClosed() {
        #expect(graph.unresolvedParents.isEmpty, "\(graph.unresolvedParents.prefix(5))")
        #expect(graph.replacedDeclarations.isEmpty)
        #expect(graph.count > 1_500)
    }

    @Test("Every Apple row: declared, its transitive conformance and its tags as the reference says")
    func appleReferenceRows() throws {
        let rows = try RepositoryPaths.tsv(RepositoryPaths.path("Catalog/sources/apple-system-types.tsv"))
        #expect(rows.count == 883)
        let byID = Dictionary(rows.map { ($0["identifier"]!.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        func referenceAncestors(_ id: String) -> Set<String> {
            var result: Set<String> = []
            var stack = [id]
            while let next = stack.popLast() {
                for parent in (byID[next]?["conforms_to"] ?? "").split(separator: ",").map({ $0.lowercased() })
                where result.insert(parent).inserted {
                    stack.append(parent)
                }
            }
            return result
        }
        for row in rows {
            let id = row["identifier"]!
            guard let type = graph[TypeIdentifier(id)] else {
                Issue.record("\(id) is not declared")
                continue
            }
            let ours = Set(type.supertypes.map { $0.identifier.rawValue.lowercased() })
            let missing = referenceAncestors(id.lowercased()).subtracting(ours)
            #expect(missing.isEmpty, "\(id) does not conform to \(missing.sorted())")
            for parent in referenceAncestors(id.lowercased()) {
                if let parentType = graph[TypeIdentifier(parent)] { #expect(type.conforms(to: parentType)) }
            }
            let extensions = Set(type.tags[.filenameExtension, default: []].map { $0.lowercased() })
            for ext in row["extensions"]!.split(separator: ",") {
                #expect(extensions.contains(ext.lowercased()), "\(id) lacks extension \(ext)")
                #expect(graph.types(filenameExtension: String(ext)).contains(type), "\(ext) does not find \(id)")
            }
            for mime in row["mime_types"]!.split(separator: ",") {
                #expect(graph.types(mimeType: String(mime)).contains(type), "\(mime) does not find \(id)")
            }
            #expect(!(type.declaration?.description.isEmpty ?? true), "\(id) has no description")
        }
    }

    @Test("Every shared-mime-info type and alias is reachable by its MIME type")
    func freedesktopTypesReachable() throws {
        guard let path = RepositoryPaths.freedesktopMimeXML else {
            Issue.record("shared-mime-info is not installed; install Debian's shared-mime-info package")
            return
        }
        let xml = try RepositoryPaths.text(path)
        var canonical: [String] = []
        var aliases: [(String, String)] = []
        var current = ""
        for line in xml.split(separator: "\n") {
            if let value = attribute(line, element: "<mime-type ", name: "type") {
                current = value
                canonical.append(value)
            } else if let value = attribute(line, element: "<alias ", name: "type") {
                aliases.append((value, current))
            }
        }
        #expect(canonical.count == 851)
        for mime in canonical {
            let type = graph.type(mimeType: mime)
            #expect(type?.isDeclared == true, "\(mime) is not declared")
        }
        // Upstream shared-mime-info (Catalog/sources/upstream) made this alias of 2.2 a type of its own.
        let ownTypeUpstream: Set = ["application/vnd.stardivision.writer-global"]
        for (alias, owner) in aliases {
            #expect(graph.type(mimeType: alias)?.isDeclared == true, "alias \(alias) of \(owner) is not declared")
            #expect(ownTypeUpstream.contains(alias) || graph.types(mimeType: alias).contains { graph.types(mimeType: owner).contains($0) },
                    "alias \(alias) does not lead to the type of \(owner)")
        }
    }

    private func attribute(_ line: Substring, element: String, name: String) -> String? {
        guard let start = line.range(of: element) else { return nil }
        let rest = line[start.upperBound...]
        guard let key = rest.range(of: name + "=\"") else { return nil }
        let value = rest[key.upperBound...]
        guard let end = value.firstIndex(of: "\"") else { return nil }
        return String(value[..<end])
    }

    @Test(
        "Known conformances",
        arguments: [
            ("public.jpeg", ["public.image", "public.data", "public.item", "public.content"]),
            ("org.openxmlformats.wordprocessingml.document", ["public.zip-archive", "public.composite-content", "public.data"]),
            ("public.python-script", ["public.script", "public.source-code", "public.plain-text", "public.text"]),
            ("public.folder", ["public.directory", "public.item"]),
            ("public.mp3", ["public.audio", "public.audiovisual-content", "public.content", "public.data"]),
            ("com.adobe.pdf", ["public.data", "public.composite-content"]),
        ])
    func knownConformances(type: String, ancestors: [String]) throws {
        let subject = try #require(graph[TypeIdentifier(type)])
        for ancestor in ancestors {
            let parent = try #require(graph[TypeIdentifier(ancestor)])
            #expect(subject.conforms(to: parent), "\(type) should conform to \(ancestor)")
            #expect(!parent.conforms(to: subject), "\(ancestor) must not conform to \(type)")
            #expect(subject.isSubtype(of: parent))
        }
        #expect(subject.conforms(to: subject))
        #expect(!subject.isSubtype(of: subject))
    }

    @Test("Every derived freedesktop type sits in both hierarchies as its media type says")
    func derivedTypesHaveFunctionalParents() throws {
        let data = try #require(graph["public.data"])
        let parents: [String: String] = [
            "image": "public.image", "audio": "public.audio", "video": "public.movie", "text": "public.text",
            "font": "public.font",
        ]
        for type in graph.declaredTypes where type.declaration?.origin == "freedesktop" {
            guard let mime = type.preferredMIMEType else {
                // An earlier catalog's identifier whose name a declaration of the same format
                // took (image/jxl, application/x-awk): a kind of that declaration, without a name.
                #expect(type.declaration?.conformsTo.isEmpty == false, "\(type) has neither a name nor a parent")
                #expect(type.conforms(to: data), "\(type) must conform to public.data")
                continue
            }
            let media = String(mime.prefix { $0 != "/" })
            if media == "inode" || media == "x-content" { continue }
            #expect(type.conforms(to: data), "\(type) must conform to public.data")
            if let functional = parents[media] {
                #expect(type.conforms(to: graph[TypeIdentifier(functional)]!), "\(type) must conform to \(functional)")
            }
        }
    }
}

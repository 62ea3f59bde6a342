import OpenWithTestSupport
import Testing
import UniformTypes

@Suite("Type lookups, dynamic types and bad input")
struct TypeLookupTests {
    let graph = SystemTypeCatalog.graph

    @Test("Identifiers compare case-insensitively and validate their syntax")
    func identifiers() throws {
        #expect(TypeIdentifier("Public.PNG") == TypeIdentifier("public.png"))
        #expect(Set([TypeIdentifier("A.b"), TypeIdentifier("a.B")]).count == 1)
        #expect(graph["PUBLIC.PNG"]?.identifier.rawValue == "public.png")
        for bad in ["", ".png", "public.", "public..png", "pub lic.png", "public/png", String(repeating: "a", count: 300)] {
            #expect(throws: UniformTypeError.self) { try TypeIdentifier(validating: bad) }
        }
        let error = try #require(throws: UniformTypeError.self) { try graph.type(withIdentifier: "com.example.nothing") }
        #expect(error.code == .unknownIdentifier)
        #expect(error.description.contains("com.example.nothing"))
        let malformed = try #require(throws: UniformTypeError.self) { try graph.type(withIdentifier: "bad id") }
        #expect(malformed.code == .malformedIdentifier)
    }

    @Test("Extension lookups: preferred first, all candidates, conformingTo filter")
    func extensions() throws {
        let jpeg = try #require(graph.type(filenameExtension: "JPG"))
        #expect(jpeg.identifier == "public.jpeg")
        #expect(jpeg.preferredFilenameExtension == "jpeg")
        #expect(jpeg.preferredMIMEType == "image/jpeg")
        let mp4 = graph.types(filenameExtension: "mp4")
        #expect(mp4.map(\.identifier).contains("public.mpeg-4"))
        #expect(mp4.map(\.identifier).contains("public.mpeg-4-audio"))
        #expect(mp4.first?.identifier == "public.mpeg-4")
        let audio = try #require(graph["public.audio"])
        #expect(graph.type(filenameExtension: "mp4", conformingTo: audio)?.identifier == "public.mpeg-4-audio")
        #expect(graph.type(filenameExtension: "") == nil)
        #expect(graph.type(filenameExtension: "a/b") == nil)
        #expect(graph.type(filenameExtension: "qz\u{0}x") == nil)
        #expect(graph.type(filenameExtension: "a-long-unclaimed-extension/with-a-slash") == nil)
        #expect(graph.type(filenameExtension: "Ünclaimed")?.identifier.rawValue == "dyn.ext.-c3-9cnclaimed")
    }

    @Test("MIME lookups ignore parameters, case and follow aliases")
    func mimeTypes() throws {
        let plain = try #require(graph.type(mimeType: "text/plain; charset=utf-8"))
        #expect(plain.identifier == "public.plain-text")
        #expect(graph.type(mimeType: "TEXT/PLAIN")?.identifier == "public.plain-text")
        #expect(graph.type(mimeType: "  image/PNG ")?.identifier == "public.png")
        #expect(graph.type(mimeType: "application/x-gzip") == graph.type(mimeType: "application/gzip"))
        #expect(graph.type(mimeType: "") == nil)
        #expect(graph.type(mimeType: "nonsense") == nil)
        #expect(graph.type(mimeType: "a/b/c") == nil)
    }

    @Test("A MIME type's essence drops parameters and blanks, its syntax is checked, and folding touches only ASCII letters")
    func essenceAndFolding() throws {
        let essences = [" Text/Plain ; charset=utf-8", "image/png", "\tA/B\t", ";x", "ü/ß ; q", "  "].map { String(MIMEEssence.essence(of: $0)) }
        #expect(essences == ["Text/Plain", "image/png", "A/B", "", "ü/ß", ""])
        let problems = ["a/b", "", "a/b/c", "/b", "a/", "a b/c", "a/\u{7F}", "ü/ß"].map { MIMEEssence.syntaxProblem(in: $0[...]) == nil }
        #expect(problems == [true, false, false, false, false, false, false, true])
        #expect(["PNG", "ÄBC", "abc", "", "Mixed-Case_42"].map(ASCIICaseFolding.folded) == ["png", "Äbc", "abc", "", "mixed-case_42"])
        // An unknown MIME type with parameters gets the dynamic type of its essence, folded.
        let dynamic = try #require(graph.type(mimeType: "Application/X-Never-Declared ; q=1"))
        #expect(dynamic.isDynamic && dynamic.dynamicTag?.tag == "application/x-never-declared")
        #expect(dynamic == graph.type(mimeType: "application/x-never-declared"))
        // Non-ASCII bytes stay in the essence as they are; a bad essence gives no type at all.
        #expect(graph.type(mimeType: "\tÜ/ß ; q")?.dynamicTag?.tag == "Ü/ß")
        #expect(graph.type(mimeType: "\tÜ/ß ; q")?.identifier.rawValue == "dyn.mime.-c3-9c-2f-c3-9f")
        #expect(["a/b/c; q", " ; a/b", "a /b", "x-never/"].map { graph.type(mimeType: $0) } == [nil, nil, nil, nil])
    }

    @Test("A declaration that describes nothing is described by its preferred extension, else its MIME type, never its identifier")
    func undescribedDeclarations() throws {
        let graph = try TypeGraph(declarations: [
            TypeDeclaration(identifier: "public.data"),
            TypeDeclaration(
                identifier: "test.service-loading", conformsTo: ["public.data"], tags: [.filenameExtension: ["sl"], .mimeType: ["text/vnd.wap.sl"]]),
            TypeDeclaration(identifier: "test.atom-categories", conformsTo: ["public.data"], tags: [.mimeType: ["application/atomcat+xml"]]),
            TypeDeclaration(identifier: "test.tagless", conformsTo: ["public.data"]),
            TypeDeclaration(identifier: "test.described", conformsTo: ["public.data"], tags: [.filenameExtension: ["dsc"]], description: "Described thing"),
        ])
        #expect(graph["test.service-loading"]?.localizedDescription == "SL file")
        #expect(graph["test.atom-categories"]?.localizedDescription == "application/atomcat+xml data")
        #expect(graph["test.tagless"]?.localizedDescription == "test.tagless")
        #expect(graph["test.described"]?.localizedDescription == "Described thing")
        let system = SystemTypeCatalog.graph
        let undescribed = try #require(system.type(mimeType: "text/vnd.wap.sl"))
        #expect(undescribed.localizedDescription != undescribed.identifier.rawValue)
    }

    @Test("Unknown tags get dynamic types that round-trip", arguments: [
        (TagClass.filenameExtension, "xyzzy"), (.filenameExtension, "Weird_Ext-1"), (.mimeType, "application/x-openwith-unknown"),
        (.mimeType, "image/x-openwith-unknown"), (TagClass("com.example.ostype"), "ABCD"), (.filenameExtension, "ü"),
    ])
    func dynamicTypes(tagClass: TagClass, tag: String) throws {
        let type = try #require(graph.type(tag: tag, tagClass: tagClass))
        #expect(type.isDynamic)
        #expect(!type.isDeclared)
        #expect(type.identifier.isDynamic)
        #expect(TypeIdentifier.syntaxProblem(in: type.identifier.rawValue) == nil, "\(type.identifier)")
        let decoded = try #require(DynamicTypeIdentifier(decoding: type.identifier))
        #expect(decoded.tagClass == tagClass)
        #expect(decoded.tag == ASCIICaseFolding.folded(tag))
        // Deterministic: the same tag, in any ASCII case, gives the same identifier.
        let upper = String(decoding: tag.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
        #expect(graph.type(tag: upper, tagClass: tagClass)?.identifier == type.identifier)
        // Resolving the identifier gives the same type back.
        #expect(try graph.type(withIdentifier: type.identifier.rawValue) == type)
        let data = try #require(graph["public.data"])
        #expect(type.conforms(to: data))
        if tag.hasPrefix("image/") {
            #expect(type.conforms(to: graph["public.image"]!))
        } else {
            #expect(!type.conforms(to: graph["public.image"]!))
        }
        #expect(type.supertypes.contains(data))
    }

    @Test("A dynamic identifier spells its tag in the documented code: letters folded, digits kept, every other byte - and two hex digits")
    func dynamicIdentifierSpelling() throws {
        #expect(DynamicTypeIdentifier(tagClass: .filenameExtension, tag: "a.B_c9/ü").identifier == "dyn.ext.a-2eb-5fc9-2f-c3-bc")
        #expect(DynamicTypeIdentifier(tagClass: .mimeType, tag: "Text/X-Foo;v=1").identifier == "dyn.mime.text-2fx-2dfoo-3bv-3d1")
        #expect(DynamicTypeIdentifier(tagClass: TagClass("com.example.ostype"), tag: "AB D").identifier == "dyn.tag.com-2eexample-2eostype.ab-20d")
        #expect(DynamicTypeIdentifier(tagClass: .filenameExtension, tag: "").identifier == "dyn.ext.")
        // Parents: a MIME type's functional parent, and public.data unless that parent already
        // conforms to it (public.movie does); inode/* is an item only.
        let movie = try #require(graph.type(mimeType: "video/x-openwith-unknown"))
        #expect(movie.parents.map(\.identifier) == ["public.movie"])
        #expect(movie.conforms(to: try #require(graph["public.data"])))
        let model = try #require(graph.type(mimeType: "application/x-openwith-unknown"))
        #expect(model.parents.map(\.identifier) == ["public.data"])
        let inode = try #require(graph.type(mimeType: "inode/x-openwith-unknown"))
        #expect(inode.parents.map(\.identifier) == ["public.item"])
        let unknown = try #require(graph.type(filenameExtension: "qzqzq"))
        #expect(unknown.parents.map(\.identifier) == ["public.data"])
    }

    @Test("Each media type's functional parent comes from Catalog/sources/media-type-parents.tsv and parents dynamic MIME types")
    func mediaTypeParents() throws {
        let rows = try RepositoryPaths.tsv(RepositoryPaths.path("Catalog/sources/media-type-parents.tsv"))
        #expect(rows.count == 6)
        for row in rows {
            let media = try #require(row["media_type"])
            let parent = try #require(row["parent"])
            #expect(TypeIdentifier.functionalParent(ofMediaType: media) == TypeIdentifier(parent))
            let declared = try #require(graph[TypeIdentifier(parent)], "\(parent) is not declared")
            let dynamic = try #require(graph.type(mimeType: media + "/x-openwith-unknown"))
            #expect(dynamic.isDynamic && dynamic.conforms(to: declared), "\(media)")
        }
        #expect(TypeIdentifier.functionalParent(ofMediaType: "video") == .movie)
        #expect(TypeIdentifier.functionalParent(ofMediaType: "application") == nil)
        #expect(TypeIdentifier.functionalParent(ofMediaType: "inode") == nil)
    }

    @Test("A cycle in declarations is an error naming the identifiers")
    func cycles() throws {
        let error = try #require(throws: UniformTypeError.self) {
            try TypeGraph(declarations: [
                TypeDeclaration(identifier: "test.a", conformsTo: ["test.b"]),
                TypeDeclaration(identifier: "test.b", conformsTo: ["test.c"]),
                TypeDeclaration(identifier: "test.c", conformsTo: ["test.a"]),
            ])
        }
        #expect(error.code == .malformedDeclaration)
        #expect(error.reason.contains("test.a") && error.reason.contains("test.c"))
    }

    @Test("Tiers: exported beats imported, system public types are never replaced")
    func tiers() throws {
        let graph = try TypeGraph(declarations: [
            TypeDeclaration(identifier: "public.data", description: "system data", tier: .system),
            TypeDeclaration(identifier: "public.data", description: "app data", tier: .exported),
            TypeDeclaration(identifier: "com.example.doc", conformsTo: ["public.data"], description: "imported", tier: .imported),
            TypeDeclaration(identifier: "com.example.doc", conformsTo: ["public.data"], description: "exported", tier: .exported),
            TypeDeclaration(identifier: "com.example.doc", conformsTo: ["public.data"], description: "imported again", tier: .imported),
            TypeDeclaration(identifier: "com.example.orphan", conformsTo: ["com.example.missing"]),
        ])
        #expect(graph["public.data"]?.declaration?.description == "system data")
        #expect(graph["com.example.doc"]?.declaration?.description == "exported")
        #expect(graph.replacedDeclarations.count == 3)
        #expect(graph.unresolvedParents.map(\.parent) == ["com.example.missing"])
    }

    @Test("Malformed declaration tables name the source, line and key")
    func malformedTables() throws {
        let header = TypeDeclarationTable.columns.joined(separator: "\t")
        let cases: [(String, String)] = [
            ("", "line 1"),
            ("identifier\tnope\n", "line 1"),
            (header + "\nonly\ttwo\n", "line 2"),
            // Empty lines are passed over but counted.
            (header + "\n\n\nonly\ttwo\n", "line 4"),
            ("\n" + header + "\n\nonly\ttwo\n", "line 4"),
            (header + "\nbad id\t\t\t\t\t\t\t\t\n", "key identifier"),
            (header + "\na.b\tbad parent\t\t\t\t\t\t\t\n", "key conforms_to"),
            (header + "\na.b\t\t\t\t*.x:abc\t\t\t\t\n", "key globs"),
            (header + "\na.b\t\t\tnoslash\t\t\t\t\t\n", "key mime_types"),
        ]
        for (text, location) in cases {
            let error = try #require(throws: UniformTypeError.self) {
                try TypeDeclarationTable.parse(text, source: "test.tsv")
            }
            #expect(error.source == "test.tsv")
            #expect(error.location?.contains(location) == true, "\(error)")
        }
    }

    @Test("The declaration table format round-trips (all but the optional provenance column)")
    func tableRoundTrip() throws {
        let declarations = try SystemTypeCatalog.declarations()
        let text = TypeDeclarationTable.render(declarations)
        let columns = TypeDeclarationTable.columns.count
        let withoutProvenance = SystemTypeCatalog.tableText.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).prefix(columns).joined(separator: "\t") }
            .joined(separator: "\n")
        #expect(text == withoutProvenance)
    }

    @Test("The compiled system graph stays small")
    func memory() {
        #expect(graph.approximateByteSize < 8 * 1024 * 1024)
    }
}

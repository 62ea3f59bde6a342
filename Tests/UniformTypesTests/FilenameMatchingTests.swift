import OpenWithTestSupport
import Testing
import UniformTypes

@Suite("Filename matching (shared-mime-info rules)")
struct FilenameMatchingTests {
    let graph = SystemTypeCatalog.graph

    @Test(
        "Names resolve to the expected MIME type",
        arguments: [
            ("photo.png", "image/png"),
            ("PHOTO.PNG", "image/png"),
            ("archive.tar.gz", "application/x-compressed-tar"),
            ("archive.TAR.GZ", "application/x-compressed-tar"),
            ("notes.gz", "application/x-gzip"),
            ("backup.tar.bz2", "application/x-bzip-compressed-tar"),
            ("Makefile", "text/x-makefile"),
            ("/some/dir/Makefile", "text/x-makefile"),
            ("main.c", "text/x-csrc"),
            ("Widget.C", "text/x-c++src"),
            ("report.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
            ("song.mp3", "audio/mpeg"),
            ("README", "text/x-readme"),
            ("README.md", "text/markdown"),
            ("script.py", "text/x-python"),
            ("script.py3", "text/x-python3"),
            ("core", "application/x-core"),
            ("libc.so.6-gdb.py", "text/x-python"),
            ("libfoo.so.1", "application/x-sharedlib"),
            ("notes.txt~", "application/x-trash"),
        ])
    func resolves(name: String, mime: String) throws {
        let match = graph.match(filename: name)
        let type = try #require(match.type, "no match for \(name)")
        let expected = try #require(graph.type(mimeType: mime))
        #expect(type == expected, "\(name) → \(type) (\(match.pattern)), expected \(expected)")
    }

    /// A name for every extension and literal name the system declarations claim (`x.` and the
    /// extension, or the literal name itself).
    func systemNames() -> Set<String> {
        var names: Set<String> = []
        for declaration in graph.declarations {
            for ext in declaration.filenameExtensions { names.insert("x." + ext) }
            for pattern in declaration.filenamePatterns {
                switch pattern.kind {
                case .literal(let name): names.insert(name)
                case .extension(let ext): names.insert("x." + ext)
                case .glob: continue
                }
            }
        }
        return names
    }

    @Test("The one walk over a name agrees with the tag tables for every system extension and literal name, in every case and after other dots")
    func walkAgreesWithTables() throws {
        // `match(filename:)` walks the name once from its end; `candidates(filename:)` asks the
        // tag tables for the name and each suffix. Two ways to the same rules: the best of the
        // second must be what the first found.
        let names = systemNames()
        #expect(names.count > 2_500)
        var checked = 0
        for name in names.sorted() {
            for variant in [name, name.uppercased(), name.lowercased(), "a.b." + name, "dir/" + name, "." + name] {
                let match = graph.match(filename: variant)
                let candidates = graph.candidates(filename: variant)
                guard let best = candidates.first else {
                    #expect(match.type == nil, "\(variant): matched \(String(describing: match.type)) by \(match.pattern), no candidate")
                    continue
                }
                let type = try #require(match.type, "\(variant): no match, candidates \(candidates.map(\.pattern))")
                #expect(match.weight == best.weight, "\(variant): weight \(match.weight) by \(match.pattern), best \(best.pattern)")
                let tied = candidates.filter { $0.weight == best.weight && $0.kind == best.kind && $0.pattern.utf8.count == best.pattern.utf8.count }
                #expect(tied.contains { $0.type == type }, "\(variant): \(type) by \(match.pattern), best \(best.type) by \(best.pattern)")
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }

    @Test("The longest compound extension wins over its tail")
    func compoundExtension() throws {
        let match = graph.match(filename: "a.tar.gz")
        #expect(match.pattern == "*.tar.gz")
        #expect(match.kind == .extension)
        let candidates = graph.candidates(filename: "a.tar.gz").map(\.pattern)
        #expect(candidates.contains("*.gz"))
        #expect(candidates.first == "*.tar.gz")
    }

    @Test("A literal name beats every glob")
    func literalFirst() throws {
        let match = graph.match(filename: "Makefile")
        #expect(match.kind == .literal)
        #expect(!match.isAmbiguous)
    }

    @Test("A case-sensitive pattern does not match in another case")
    func caseSensitivePattern() throws {
        // `*.C` is a case-sensitive C++ glob; `*.c` is C; both exist, so case decides.
        let upper = try #require(graph.match(filename: "x.C").type)
        let lower = try #require(graph.match(filename: "x.c").type)
        #expect(upper != lower)
    }

    @Test("Case-sensitive and case-insensitive entries of one key resolve by case, short and long keys alike, compiled or mapped")
    func caseSensitiveBesideFolded() throws {
        // A case-sensitive and a case-insensitive pattern fold to one trie node: the
        // case-sensitive entry must still win only in its own spelling, for keys shorter and
        // longer than one 8-byte word.
        let declarations = [
            TypeDeclaration(identifier: "public.item"),
            TypeDeclaration(identifier: "public.data", conformsTo: ["public.item"]),
            TypeDeclaration(identifier: "test.upper", conformsTo: ["public.data"], filenamePatterns: [
                FilenamePattern("*.Q", caseSensitive: true), FilenamePattern("*.LongSuffixQ", caseSensitive: true),
                FilenamePattern("BUILDFILE.Long", caseSensitive: true),
            ]),
            TypeDeclaration(identifier: "test.lower", conformsTo: ["public.data"], filenamePatterns: [
                FilenamePattern("*.q"), FilenamePattern("*.longsuffixq"), FilenamePattern("buildfile.long"),
            ]),
        ]
        let compiled = try TypeGraph(declarations: declarations, recordingDigest: 7)
        let directory = TemporaryDirectory("case-tables")
        try compiled.writeImage(to: directory.path("types.image"))
        let mapped = try TypeGraph(imageAt: directory.path("types.image"), sourceDigest: 7)
        for graph in [compiled, mapped] {
            let byExtension = ["Q", "q", "LongSuffixQ", "longsuffixq", "LONGSUFFIXQ"].map { graph.type(filenameExtension: $0)?.identifier.rawValue }
            #expect(byExtension == ["test.upper", "test.lower", "test.upper", "test.lower", "test.lower"])
            let byName = ["a.Q", "a.q", "dir/a.LongSuffixQ", "a.LONGsuffixQ", "BUILDFILE.Long", "/x/Buildfile.LONG"].map {
                graph.match(filename: $0).type?.identifier.rawValue
            }
            #expect(byName == ["test.upper", "test.lower", "test.upper", "test.lower", "test.upper", "test.lower"])
            // The pattern is spelled from the name, without its folders.
            #expect(graph.match(filename: "dir/a.LongSuffixQ").pattern == "*.LongSuffixQ")
            #expect(graph.match(filename: "/x/Buildfile.LONG").pattern == "Buildfile.LONG")
        }
    }

    @Test("The type alone is the type of the full match, for every system name, ties and no match included")
    func typeAloneIsTheMatchType() throws {
        let names = systemNames().union(["nothing-matches-this", "", "dir/", "libfoo.so.1", "README", "notes.txt~"])
        var ambiguous = 0
        for name in names.sorted() {
            for variant in [name, name.uppercased(), "dir/" + name] {
                let match = graph.match(filename: variant)
                if match.isAmbiguous { ambiguous += 1 }
                #expect(graph.type(filename: variant) == match.type, "\(variant): \(String(describing: graph.type(filename: variant))) alone, \(String(describing: match.type)) matched")
            }
        }
        // The system table has ambiguous names (an extension two unrelated types claim): the
        // first winner is the one reported.
        #expect(ambiguous > 0)
        let tied = try TypeGraph(declarations: [
            TypeDeclaration(identifier: "public.data"),
            TypeDeclaration(identifier: "test.a", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.same")]),
            TypeDeclaration(identifier: "test.b", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.same")]),
            TypeDeclaration(identifier: "test.child", conformsTo: ["test.parent"], filenamePatterns: [FilenamePattern("*.kin")]),
            TypeDeclaration(identifier: "test.parent", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.kin")]),
        ])
        #expect(tied.type(filename: "x.same") == tied.match(filename: "x.same").type)
        #expect(tied.type(filename: "x.same") != nil)
        #expect(tied.type(filename: "y.kin")?.identifier == "test.parent")
        #expect(tied.type(filename: "y.other") == nil)
    }

    @Test("Higher glob weight wins over a longer pattern of lower weight")
    func weights() throws {
        // Build a graph where two types claim overlapping names with different weights.
        let graph = try TypeGraph(declarations: [
            TypeDeclaration(identifier: "public.item"),
            TypeDeclaration(identifier: "public.data", conformsTo: ["public.item"]),
            TypeDeclaration(identifier: "test.heavy", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.gz", weight: 80)]),
            TypeDeclaration(identifier: "test.long", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.tar.gz", weight: 50)]),
            TypeDeclaration(identifier: "test.a", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.same")]),
            TypeDeclaration(identifier: "test.b", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.same")]),
            TypeDeclaration(identifier: "test.child", conformsTo: ["test.a"], filenamePatterns: [FilenamePattern("*.kin")]),
            TypeDeclaration(identifier: "test.parent", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.kin")]),
            TypeDeclaration(identifier: "test.readme", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("READ*", weight: 10)]),
        ])
        #expect(graph.match(filename: "x.tar.gz").type?.identifier == "test.heavy")
        let tie = graph.match(filename: "x.same")
        #expect(tie.isAmbiguous)
        #expect(Set([tie.type!.identifier] + tie.tiedTypes.map(\.identifier)) == ["test.a", "test.b"])
        #expect(graph.match(filename: "READTHIS").type?.identifier == "test.readme")
        #expect(graph.match(filename: "readthis").type?.identifier == "test.readme")
        #expect(graph.match(filename: "nothing").type == nil)
    }

    @Test("Globs heavier than a name's extension win wherever they start, whether a few or many are heavier", arguments: 1...7)
    func heavierGlobs(heavyCount: Int) throws {
        // The walk finds `*.png` (50); the globs heavier than it are tried one by one when there
        // are a few, through their buckets when there are many. Either way the answer is the
        // best of every pattern that matches (`candidates(filename:)`, which tries them all).
        let heavy: [(String, Int)] = [
            ("*.so.[0-9]*", 60), ("lib*", 70), ("*~", 60), ("[0-9]*.png", 55), ("*.bak.*", 60), ("x?.*", 65), ("*z", 80),
        ]
        var declarations = [
            TypeDeclaration(identifier: "public.data"),
            TypeDeclaration(identifier: "test.png", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.png")]),
            TypeDeclaration(identifier: "test.light", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.p*", weight: 50)]),
        ]
        for (index, (pattern, weight)) in heavy.prefix(heavyCount).enumerated() {
            declarations.append(TypeDeclaration(
                identifier: TypeIdentifier("test.heavy\(index)"), conformsTo: ["public.data"], filenamePatterns: [FilenamePattern(pattern, weight: weight)]))
        }
        // A second glob of weight 60 ties with the first when both match.
        declarations.append(TypeDeclaration(
            identifier: "test.twin", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.so.*", weight: 60)]))
        let graph = try TypeGraph(declarations: declarations)
        let names = [
            "a.png", "libx.png", "x.so.1.png", "libx.so.2.png", "a.png~", "7up.png", "x.bak.png", "xy.png", "LIBX.PNG",
            "dir/libx.png", "lib/a.png", "a.so.png", "a.pz", "q.p", "quiz.png", "x", "lib", ".png",
        ]
        for name in names {
            let match = graph.match(filename: name)
            let candidates = graph.candidates(filename: name)
            #expect(graph.type(filename: name) == match.type, "\(name)")
            guard let best = candidates.first else {
                #expect(match.type == nil, "\(name): matched \(String(describing: match.type)) by \(match.pattern)")
                continue
            }
            #expect(match.weight == best.weight, "\(name): weight \(match.weight) by \(match.pattern), best \(best.pattern)")
            #expect(match.kind == best.kind, "\(name): \(match.kind) by \(match.pattern), best \(best.kind) by \(best.pattern)")
            let tied = candidates.filter { $0.weight == best.weight && $0.kind == best.kind && (best.kind == .glob || $0.pattern.utf8.count == best.pattern.utf8.count) }
            let answered = Set([match.type].compactMap { $0 } + match.tiedTypes)
            let refined = Set(tied.map(\.type)).filter { type in !tied.contains { $0.type != type && type.conforms(to: $0.type) } }
            #expect(answered == refined, "\(name): \(answered.map(\.identifier)), expected \(refined.map(\.identifier))")
        }
        if heavyCount >= 1 {
            let shared = graph.match(filename: "x.so.1.png")
            #expect(shared.isAmbiguous, "both weight-60 globs match")
            #expect(Set([shared.type!.identifier] + shared.tiedTypes.map(\.identifier)) == ["test.heavy0", "test.twin"])
        }
        if heavyCount >= 2 { #expect(graph.type(filename: "libx.so.2.png")?.identifier == "test.heavy1") }
        #expect(graph.type(filename: "a.png")?.identifier == "test.png")
    }

    @Test("Only the last path component is matched, wherever the last slash falls in the path's words")
    func lastComponent() {
        // The last `/` is found eight bytes at a time; a `.` right after a `/` is the byte a
        // shorter zero-byte test would mark falsely.
        let names = ["photo.png", ".png", ".tar.gz", "a", "Makefile", "x.tar.gz", "libc.so.6", "..", ".", "READ.ME.txt~", "naïve.pdf"]
        var prefixes = ["", "/", "//", "/./", "././", "a//b/", "dir.d/", "/.so.1/", "x.png/"]
        for length in 0...17 {
            prefixes.append(String(repeating: "d", count: length) + "/")
            prefixes.append("/" + String(repeating: ".", count: length) + "/")
        }
        for name in names {
            let alone = graph.match(filename: name)
            for prefix in prefixes {
                let path = prefix + name
                let match = graph.match(filename: path)
                #expect(match.type == alone.type && match.kind == alone.kind && match.pattern == alone.pattern, "\(path): \(match.pattern), alone \(alone.pattern)")
                #expect(graph.type(filename: path) == alone.type, "\(path)")
            }
        }
        #expect(graph.match(filename: "x.png/").type == nil)
        #expect(graph.match(filename: "/////////////////").type == nil)
        #expect(graph.type(filename: "a.png/b/c/d/e/f/g/h/i/Makefile")?.preferredMIMEType == "text/x-makefile")
    }

    @Test("Tied types related by conformance keep the general one, unambiguously")
    func tiedRelatedTypes() throws {
        let graph = try TypeGraph(declarations: [
            TypeDeclaration(identifier: "public.data"),
            TypeDeclaration(identifier: "test.parent", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.kin")]),
            TypeDeclaration(identifier: "test.child", conformsTo: ["test.parent"], filenamePatterns: [FilenamePattern("*.kin")]),
        ])
        let match = graph.match(filename: "a.kin")
        #expect(match.type?.identifier == "test.parent")
        #expect(!match.isAmbiguous)
        #expect(SystemTypeCatalog.graph.match(filename: "data.json").type?.preferredMIMEType == "application/json")
    }

    @Test("Hostile names do not crash and give no match or a sane one", arguments: [
        "", ".", "..", "/", "////", "a.", "...", String(repeating: "a", count: 4096), String(repeating: ".", count: 4096),
        "\u{0}.png", "naïve.png", "ファイル.pdf", "x.[1-9]",
    ])
    func hostileNames(name: String) {
        let match = graph.match(filename: name)
        if name.hasSuffix(".png") { #expect(match.type?.preferredMIMEType == "image/png") }
        #expect(graph.type(filename: name) == match.type)
        _ = graph.candidates(filename: name)
    }
}

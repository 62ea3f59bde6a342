import Glibc
import OpenWithTestSupport
import Testing
import UniformTypes

@Suite("Graph images: written, mapped back, refused when stale or damaged")
struct GraphImageTests {
    static let declarations = (try? SystemTypeCatalog.declarations()) ?? []
    static let extra = [
        TypeDeclaration(
            identifier: "com.example.sketch", conformsTo: ["public.image", "public.data"],
            tags: [.filenameExtension: ["sketch", "skt"], .mimeType: ["application/x-example-sketch"], TagClass("com.example.code"): ["SKCH"]],
            filenamePatterns: [FilenamePattern("Sketchfile", weight: 60), FilenamePattern("*.sketch.bak", weight: 55), FilenamePattern("sk-*.dat")],
            description: "Example sketch", iconName: "sketch", referenceURL: "https://example.com/sketch", tier: .exported,
            origin: "com.example.app", verification: ""),
        TypeDeclaration(identifier: "public.png", conformsTo: ["public.data"], description: "a duplicate that loses", tier: .imported),
        TypeDeclaration(identifier: "com.example.orphan", conformsTo: ["com.example.missing"]),
    ]

    /// The declarations of a small graph: `public.data`, `public.image` and the app declarations above.
    static let small = [
        TypeDeclaration(identifier: "public.data"), TypeDeclaration(identifier: "public.image", conformsTo: ["public.data"]),
    ] + extra

    /// A graph compiled from the system table plus app declarations, and the same graph mapped
    /// back from the image file it wrote.
    func roundTrip(in directory: TemporaryDirectory) throws -> (compiled: TypeGraph, mapped: TypeGraph) {
        let all = GraphImageTests.declarations + GraphImageTests.extra
        let digest = TypeGraph.sourceDigest(of: all)
        let compiled = try TypeGraph(declarations: all, recordingDigest: digest)
        let path = directory.path("types.image")
        try compiled.writeImage(to: path)
        return (compiled, try TypeGraph(imageAt: path, sourceDigest: digest))
    }

    @Test("A mapped image answers every lookup exactly as the compiled graph")
    func mappedEqualsCompiled() throws {
        let directory = TemporaryDirectory("graph-image")
        let (compiled, mapped) = try roundTrip(in: directory)
        #expect(mapped.count == compiled.count)
        #expect(mapped.count > 1_500)
        #expect(mapped.sourceDigest == compiled.sourceDigest)
        #expect(mapped.declarations == compiled.declarations)
        #expect(mapped.replacedDeclarations == compiled.replacedDeclarations)
        #expect(mapped.replacedDeclarations.map(\.description) == ["a duplicate that loses"])
        #expect(mapped.unresolvedParents.map(\.parent) == ["com.example.missing"])
        let compiledTypes = compiled.declaredTypes
        let mappedTypes = mapped.declaredTypes
        for (a, b) in zip(compiledTypes, mappedTypes) {
            #expect(a.identifier == b.identifier)
            #expect(a.supertypes.map(\.identifier) == b.supertypes.map(\.identifier))
            #expect(a.parents.map(\.identifier) == b.parents.map(\.identifier))
            #expect(a.hashValue == b.hashValue)
        }
        // Conformance: every pair of a sample, bit for bit.
        let sample = stride(from: 0, to: compiledTypes.count, by: 7).map { $0 }
        for i in sample {
            for j in sample {
                #expect(compiledTypes[i].conforms(to: compiledTypes[j]) == mappedTypes[i].conforms(to: mappedTypes[j]))
            }
        }
        // Tags of every kind, and filename matching with literals, extensions and globs.
        for declaration in compiled.declarations {
            for ext in declaration.filenameExtensions {
                #expect(mapped.type(filenameExtension: ext)?.identifier == compiled.type(filenameExtension: ext)?.identifier)
            }
            for mime in declaration.mimeTypes {
                #expect(mapped.types(mimeType: mime).map(\.identifier) == compiled.types(mimeType: mime).map(\.identifier))
            }
        }
        for name in ["Makefile", "a.tar.gz", "README.md", "x.sketch.bak", "sk-1.dat", "Sketchfile", "libc.so.6", "photo.JPG", "core", "noext"] {
            let a = compiled.match(filename: name)
            let b = mapped.match(filename: name)
            #expect(a.type?.identifier == b.type?.identifier, "\(name)")
            #expect(a.pattern == b.pattern && a.kind == b.kind && a.weight == b.weight && a.isAmbiguous == b.isAmbiguous, "\(name)")
        }
        #expect(mapped.match(filename: "x.sketch.bak").type?.identifier == "com.example.sketch")
        #expect(mapped.types(tag: "skch", tagClass: TagClass("com.example.code")).map(\.identifier) == ["com.example.sketch"])
        #expect(mapped["com.example.sketch"]?.declaration?.referenceURL == "https://example.com/sketch")
        // A dynamic type made from a mapped graph conforms like one from the compiled graph.
        #expect(mapped.type(mimeType: "image/x-unheard-of")?.conforms(to: mapped["public.image"]!) == true)
    }

    @Test("Images are deterministic: the same declarations give the same bytes")
    func deterministic() throws {
        let all = GraphImageTests.declarations + GraphImageTests.extra
        let a = try TypeGraph(declarations: all)
        let b = try TypeGraph(declarations: all)
        #expect(a.imageBytes == b.imageBytes)
        #expect(TypeGraph.sourceDigest(of: all) == a.sourceDigest)
        #expect(TypeGraph.sourceDigest(of: all.dropLast()) != a.sourceDigest)
    }

    @Test("A stale, foreign, missing or other-version image is refused with the file named")
    func refusals() throws {
        let directory = TemporaryDirectory("graph-image")
        let (compiled, _) = try roundTrip(in: directory)
        let path = directory.path("types.image")
        let stale = try #require(throws: UniformTypeError.self) { try TypeGraph(imageAt: path, sourceDigest: compiled.sourceDigest &+ 1) }
        #expect(stale.code == .malformedImage)
        #expect(stale.value == path)
        #expect(stale.reason.contains("stale"))
        let missing = try #require(throws: UniformTypeError.self) { try TypeGraph(imageAt: directory.path("absent"), sourceDigest: 1) }
        #expect(missing.code == .malformedImage && missing.description.contains("absent"))
        try directory.write("text.image", text: String(repeating: "not an image ", count: 20))
        let foreign = try #require(throws: UniformTypeError.self) { try TypeGraph(imageAt: directory.path("text.image"), sourceDigest: 1) }
        #expect(foreign.reason.contains("not a graph image"))
        var bytes = compiled.imageBytes
        bytes[16] &+= 1  // the format version word (after the directory length and the magic)
        try directory.write("version.image", bytes: bytes)
        let version = try #require(throws: UniformTypeError.self) {
            try TypeGraph(imageAt: directory.path("version.image"), sourceDigest: compiled.sourceDigest)
        }
        #expect(version.reason.contains("format version"))
        // The same layout with tables placed by another tag hash: the version word's hash bits
        // (bits 32–47) differ, and the image is refused rather than answering every lookup with
        // nothing.
        bytes = compiled.imageBytes
        bytes[20] ^= 0x5A
        try directory.write("hash.image", bytes: bytes)
        let hash = try #require(throws: UniformTypeError.self) {
            try TypeGraph(imageAt: directory.path("hash.image"), sourceDigest: compiled.sourceDigest)
        }
        #expect(hash.reason.contains("format version") && hash.reason.contains("tag hash"))
        let folder = try #require(throws: UniformTypeError.self) { try TypeGraph(imageAt: directory.path, sourceDigest: 1) }
        #expect(folder.reason.contains("regular file"))
        // A FIFO in its place is refused at once, without waiting for a writer.
        #expect(mkfifo(directory.path("fifo.image"), 0o600) == 0)
        let fifo = try #require(throws: UniformTypeError.self) { try TypeGraph(imageAt: directory.path("fifo.image"), sourceDigest: 1) }
        #expect(fifo.reason.contains("regular file"))
    }

    @Test("Truncated and corrupted images are refused or read safely, never read out of bounds")
    func damage() throws {
        let graph = try TypeGraph(declarations: GraphImageTests.small)
        let image = graph.imageBytes
        let directory = TemporaryDirectory("graph-image")
        let path = directory.path("damaged.image")
        var refused = 0
        // Every truncation point.
        for length in stride(from: 0, to: image.count, by: 1) {
            try directory.write("damaged.image", bytes: Array(image[..<length]))
            if (try? TypeGraph(imageAt: path, sourceDigest: graph.sourceDigest)) == nil { refused += 1 }
        }
        #expect(refused == image.count)
        // Random byte changes after the header: refused, or read and queried without a crash.
        var generator = SystemRandomNumberGenerator()
        var accepted = 0
        for _ in 0..<3_000 {
            var bytes = image
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 40..<bytes.count, using: &generator)
                bytes[position] = UInt8.random(in: 0...255, using: &generator)
            }
            try directory.write("damaged.image", bytes: bytes)
            guard let damaged = try? TypeGraph(imageAt: path, sourceDigest: graph.sourceDigest) else { continue }
            accepted += 1
            for name in ["a.sketch", "Sketchfile", "sk-9.dat", "x.png", "README"] { _ = damaged.match(filename: name) }
            for ext in ["sketch", "SKETCH", "png", "tar.gz"] { _ = damaged.type(filenameExtension: ext) }
            _ = damaged.type(mimeType: "application/x-example-sketch")?.localizedDescription
            for type in damaged.declaredTypes {
                _ = type.identifier
                _ = type.supertypes
                for other in damaged.declaredTypes { _ = type.conforms(to: other) }
            }
        }
        #expect(accepted < 3_000)
    }

    @Test("Opening checks what every lookup needs; a damaged declaration record costs only that declaration")
    func damagedDeclarationRecord() throws {
        let small = GraphImageTests.small
        let graph = try TypeGraph(declarations: small)
        var bytes = graph.imageBytes
        // The records' offsets as the image stores them: 32-bit little-endian, from 0.
        var offsets: [Int32] = [0]
        for declaration in small { offsets.append(offsets.last! + Int32(declaration.compactRecord.count)) }
        let pattern = offsets.flatMap { offset in withUnsafeBytes(of: offset.littleEndian) { Array($0) } }
        let starts = (0...(bytes.count - pattern.count)).filter { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
        try #require(starts.count == 1)
        // The end of `public.image`'s record, which is also where the sketch's starts, far past the records.
        withUnsafeBytes(of: Int32.max.littleEndian) { bytes.replaceSubrange((starts[0] + 8)..<(starts[0] + 12), with: $0) }
        let directory = TemporaryDirectory("graph-image")
        try directory.write("damaged.image", bytes: bytes)
        let mapped = try TypeGraph(imageAt: directory.path("damaged.image"), sourceDigest: graph.sourceDigest)
        // Lookups read the tables, not the records: all still answer.
        let image = try #require(mapped["public.image"])
        #expect(image.conforms(to: try #require(mapped["public.data"])))
        #expect(mapped.type(filenameExtension: "SKT")?.identifier == "com.example.sketch")
        #expect(mapped.match(filename: "Sketchfile").type?.identifier == "com.example.sketch")
        // The two records the damaged offset bounds read as their identifiers alone; the others whole.
        #expect(image.declaration == TypeDeclaration(identifier: "public.image"))
        #expect(mapped["com.example.sketch"]?.declaration == TypeDeclaration(identifier: "com.example.sketch"))
        #expect(mapped["public.data"]?.declaration == small[0])
        #expect(mapped["com.example.orphan"]?.declaration == small[4])
    }

    @Test("A graph compiled with the system declarations first says how many leading ordinals are the system graph's, through its image too")
    func leadingSystemTypes() throws {
        let system = SystemTypeCatalog.graph
        let systemDeclarations = try SystemTypeCatalog.declarations()
        #expect(system.count > 3_000)
        #expect(system.leadingSystemTypeCount == system.count)
        #expect(system.leadingSystemTypesKeepTheirSupertypes)
        // Every leading ordinal holds the table's identifier of that row.
        let identifiers = system.declaredTypes.map(\.identifier)
        #expect(Array(identifiers.prefix(systemDeclarations.count)) == systemDeclarations.map(\.identifier))
        // A catalog's graph: the system declarations first, then an app's and a replacement of
        // a system type by a higher tier, which keeps its ordinal.
        let extra = [
            TypeDeclaration(identifier: "com.example.notes", conformsTo: ["public.plain-text"], tags: [.filenameExtension: ["notes"]], tier: .exported),
            TypeDeclaration(identifier: "org.example.thing", conformsTo: ["public.data"], tier: .exported),
            TypeDeclaration(identifier: "com.adobe.edn", conformsTo: ["public.data"], description: "Edition file, as an app exports it", tier: .exported),
        ]
        let catalog = try TypeGraph(declarations: systemDeclarations + extra, recordingDigest: 42)
        #expect(catalog.leadingSystemTypeCount == system.count)
        #expect(catalog.count == system.count + 2, "the replacement keeps its ordinal")
        #expect(catalog["com.adobe.edn"]?.ordinal == system["com.adobe.edn"]?.ordinal)
        let directory = TemporaryDirectory("graph-image-lead")
        try catalog.writeImage(to: directory.path("catalog.types"))
        let mapped = try TypeGraph(imageAt: directory.path("catalog.types"), sourceDigest: 42)
        #expect(mapped.leadingSystemTypeCount == system.count)
        #expect(catalog.leadingSystemTypesKeepTheirSupertypes && mapped.leadingSystemTypesKeepTheirSupertypes, "the replacement has the table's parents")
        // A system type declared again with another parent keeps its ordinal, but not its
        // supertypes.
        let reparented = try TypeGraph(
            declarations: systemDeclarations + [TypeDeclaration(identifier: "com.adobe.edn", conformsTo: ["public.image"], tier: .exported)],
            recordingDigest: 43)
        #expect(reparented.leadingSystemTypeCount == system.count && !reparented.leadingSystemTypesKeepTheirSupertypes)
        try reparented.writeImage(to: directory.path("reparented.types"))
        #expect(try !TypeGraph(imageAt: directory.path("reparented.types"), sourceDigest: 43).leadingSystemTypesKeepTheirSupertypes)
        for ordinal in stride(from: 0, to: system.count, by: 97) {
            #expect(mapped.declaredTypes[ordinal].identifier == identifiers[ordinal])
        }
        // One declaration before the system ones moves every ordinal: none lead.
        let shifted = try TypeGraph(declarations: [TypeDeclaration(identifier: "com.example.first", conformsTo: ["public.data"])] + systemDeclarations)
        #expect(shifted.leadingSystemTypeCount == 0 && !shifted.leadingSystemTypesKeepTheirSupertypes)
        // A graph without the whole table, or of other types, has none.
        #expect(try TypeGraph(declarations: Array(systemDeclarations.prefix(100))).leadingSystemTypeCount == 0)
        #expect(try TypeGraph(declarations: extra).leadingSystemTypeCount == 0)
    }

    @Test("An ancestor list naming a type outside the graph costs only that list; the other lists read whole")
    func damagedAncestorValue() throws {
        let chain = [
            TypeDeclaration(identifier: "public.data"), TypeDeclaration(identifier: "com.example.a", conformsTo: ["public.data"]),
            TypeDeclaration(identifier: "com.example.b", conformsTo: ["com.example.a"]),
            TypeDeclaration(identifier: "com.example.c", conformsTo: ["com.example.b"]),
            TypeDeclaration(identifier: "com.example.d", conformsTo: ["com.example.c", "public.data"]),
        ]
        let graph = try TypeGraph(declarations: chain)
        // The ancestor lists' values as the image stores them: each type's, in ordinal order.
        let lists = graph.declaredTypes.map { $0.supertypes.map { Int32($0.ordinal ?? -1) } }
        let values = lists.flatMap { $0 }
        #expect(values.count == 0 + 1 + 2 + 3 + 4)
        let pattern = values.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        var bytes = graph.imageBytes
        let starts = (0...(bytes.count - pattern.count)).filter { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
        try #require(starts.count == 1)
        // The first ancestor of com.example.c (the fourth value) becomes an ordinal the graph lacks.
        withUnsafeBytes(of: Int32(9_999).littleEndian) { bytes.replaceSubrange((starts[0] + 12)..<(starts[0] + 16), with: $0) }
        let directory = TemporaryDirectory("graph-image")
        try directory.write("damaged.image", bytes: bytes)
        let mapped = try TypeGraph(imageAt: directory.path("damaged.image"), sourceDigest: graph.sourceDigest)
        for type in mapped.declaredTypes {
            let expected = type.identifier == "com.example.c" ? [] : graph[type.identifier]?.supertypes.map(\.identifier)
            #expect(type.supertypes.map(\.identifier) == expected, "\(type.identifier)")
        }
        // An intact image reads every list whole.
        try directory.write("intact.image", bytes: graph.imageBytes)
        let intact = try TypeGraph(imageAt: directory.path("intact.image"), sourceDigest: graph.sourceDigest)
        #expect(intact.declaredTypes.map { $0.supertypes.map(\.identifier) } == graph.declaredTypes.map { $0.supertypes.map(\.identifier) })
    }

    @Test("A graph that declares none of the roots gives dynamic types no declared supertype")
    func rootsAbsent() throws {
        let graph = try TypeGraph(declarations: [TypeDeclaration(identifier: "com.example.alone", tags: [.mimeType: ["application/x-alone"]])])
        let directory = TemporaryDirectory("graph-image")
        let path = directory.path("alone.image")
        try graph.writeImage(to: path)
        let mapped = try TypeGraph(imageAt: path, sourceDigest: graph.sourceDigest)
        let dynamic = try #require(mapped.type(mimeType: "image/x-unheard-of"))
        #expect(dynamic.isDynamic)
        #expect(dynamic.supertypes.map(\.identifier) == graph.type(mimeType: "image/x-unheard-of")?.supertypes.map(\.identifier))
        #expect(dynamic.supertypes.isEmpty)
        #expect(mapped.type(mimeType: "APPLICATION/X-ALONE")?.identifier == "com.example.alone")
    }

    @Test("Writing replaces the file atomically and leaves no temporary behind")
    func atomicWrite() throws {
        let directory = TemporaryDirectory("graph-image")
        let (compiled, _) = try roundTrip(in: directory)
        let path = directory.path("types.image")
        try compiled.writeImage(to: path)
        var names: [String] = []
        if let folder = opendir(directory.path) {
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if !name.hasPrefix(".") { names.append(name) }
            }
            closedir(folder)
        }
        #expect(names == ["types.image"])
        let error = try #require(throws: UniformTypeError.self) { try compiled.writeImage(to: directory.path("no/such/folder/x.image")) }
        #expect(error.code == .malformedImage && error.value.contains("no/such/folder"))
    }

    @Test("Compact records read back what was written and refuse truncations")
    func compactRecords() {
        var writer = CompactRecordWriter()
        writer.write("päth/with ümlauts")
        writer.write(-5)
        writer.write(Int.max)
        writer.write(nil as String?)
        writer.write("x" as String?)
        writer.write(true)
        writer.write(1_763_700_000.123456)
        writer.write(bytes: [0, 255, 7])
        let bytes = writer.bytes
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CompactRecordReader(buffer)
            #expect(reader.readString() == "päth/with ümlauts")
            #expect(reader.readInt() == -5)
            #expect(reader.readInt() == Int.max)
            #expect(reader.readOptionalString() == .some(nil))
            #expect(reader.readOptionalString() == .some("x"))
            #expect(reader.readBool() == true)
            #expect(reader.readDouble() == 1_763_700_000.123456)
            #expect(reader.readBytes().map(Array.init) == [0, 255, 7])
            #expect(reader.isAtEnd)
            #expect(reader.readInt() == nil)
        }
        for length in 0..<bytes.count {
            Array(bytes[..<length]).withUnsafeBufferPointer { buffer in
                var reader = CompactRecordReader(buffer)
                let complete = reader.readString() != nil && reader.readInt() != nil && reader.readInt() != nil
                    && reader.readOptionalString() != nil && reader.readOptionalString() != nil && reader.readBool() != nil
                    && reader.readDouble() != nil && reader.readBytes() != nil
                #expect(!complete)
            }
        }
    }
}

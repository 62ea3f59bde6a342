import FuzzDriver
import Glibc
import UniformTypes

/// The graph image reader: a real image (of types with extensions, case-sensitive ones, MIME
/// types, literal names, globs, another tag class, parents and a replaced declaration) is
/// damaged by the input, read as three-byte edits (a 16-bit position and a byte to XOR there);
/// the input is also taken as an image itself. Each is written to a file and mapped, and a graph
/// that is accepted answers every kind of lookup. A damaged image must be refused or answer
/// safely, never crash or loop.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphImage(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = FuzzDriver.bytes(data, count)
    let image = FuzzDriver.damaged(FuzzGraphImage.graph.imageBytes, by: input)
    for candidate in [image, input] {
        guard FuzzGraphImage.write(candidate),
            let graph = try? TypeGraph(imageAt: FuzzGraphImage.path, sourceDigest: FuzzGraphImage.graph.sourceDigest)
        else { continue }
        FuzzGraphImage.query(graph)
    }
    return 0
}

enum FuzzGraphImage {
    static let graph: TypeGraph = {
        let declarations = [
            TypeDeclaration(identifier: "public.item"),
            TypeDeclaration(identifier: "public.data", conformsTo: ["public.item"]),
            TypeDeclaration(identifier: "public.content"),
            TypeDeclaration(
                identifier: "public.image", conformsTo: ["public.data", "public.content"],
                tags: [.filenameExtension: ["img"], .mimeType: ["image/*-example"]], description: "Image"),
            TypeDeclaration(
                identifier: "com.example.sketch", conformsTo: ["public.image"],
                tags: [.filenameExtension: ["sketch", "tar.sk"], .mimeType: ["application/x-sketch", "image/sketch"],
                    TagClass("com.example.code"): ["SKCH"]],
                filenamePatterns: [
                    FilenamePattern("Sketchfile", weight: 60), FilenamePattern("*.sk.[0-9]*", weight: 55),
                    FilenamePattern("*.C", weight: 50, caseSensitive: true), FilenamePattern("sk-*.dat"),
                ],
                description: "Sketch", iconName: "sketch", referenceURL: "https://example.com/sketch"),
            TypeDeclaration(identifier: "com.example.orphan", conformsTo: ["com.example.missing"], tags: [.filenameExtension: ["sketch"]]),
            TypeDeclaration(identifier: "public.image", description: "a duplicate that loses"),
        ]
        do { return try TypeGraph(declarations: declarations) } catch { preconditionFailure("the fuzzed graph does not compile: \(error)") }
    }()

    /// One file for every input, in memory when the machine has a RAM-backed folder.
    static let path: String = {
        let folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        return "\(folder)/openwith-fuzz-graph-image-\(getpid())"
    }()

    /// Replaces the file's contents with `bytes`; false when it cannot be written.
    static func write(_ bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let result = Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
                if result <= 0 { return false }
                written += result
            }
            return true
        }
    }

    static let names = ["a.sketch", "A.SKETCH", "x.tar.sk", "Sketchfile", "sketchfile", "b.sk.12", "c.C", "c.c", "sk-1.dat", "x.img", "noext", "", "."]
    static let mimeTypes = ["application/x-sketch", "IMAGE/SKETCH; charset=x", "image/*-example", "image/unknown", "bad mime"]

    static func query(_ graph: TypeGraph) {
        for name in names {
            let match = graph.match(filename: name)
            _ = match.type?.identifier
            _ = match.pattern
            _ = graph.type(filename: name)?.identifier
        }
        for ext in ["sketch", "SKETCH", "tar.sk", "img", "none"] { _ = graph.type(filenameExtension: ext)?.identifier }
        for mime in mimeTypes {
            _ = graph.type(mimeType: mime)?.localizedDescription
            _ = graph.types(mimeType: mime).map(\.identifier)
        }
        _ = graph.types(tag: "skch", tagClass: TagClass("com.example.code")).map(\.identifier)
        let types = graph.declaredTypes
        for type in types {
            _ = type.identifier
            _ = type.localizedDescription
            _ = type.preferredFilenameExtension
            _ = type.preferredMIMEType
            _ = type.declaration
            _ = type.supertypes.map(\.identifier)
            _ = type.parents.map(\.identifier)
            for other in types { _ = type.conforms(to: other) }
        }
        _ = graph.replacedDeclarations
        _ = graph.unresolvedParents
        _ = graph["com.example.sketch"]?.tags
        _ = graph.type(mimeType: "image/x-unheard-of")?.supertypes.map(\.identifier)
    }
}

FuzzDriver.run(fuzzGraphImage)

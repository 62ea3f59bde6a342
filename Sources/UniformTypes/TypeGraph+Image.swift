import FileSystemCalls

/// Compiled graph images: a graph written to a file once and mapped back by later processes,
/// so they answer without parsing or compiling declarations.
///
/// An image records a *source digest* — a digest of the declarations it was compiled from —
/// and the format version of the library that wrote it. Opening one checks both, every
/// section's bounds, and the candidate lists every lookup reads, so a stale or truncated image,
/// or one whose shape or candidate lists were tampered with, is refused with an error (callers
/// then compile and write a fresh one). The rest (tag tables, parent lists, declaration
/// records) is checked as it is read: damage there makes a lookup answer less, never read past
/// the image's end. Opening reads only the image's first pages; the others are read when a
/// lookup needs them.
///
/// ```swift
/// let digest = TypeGraph.sourceDigest(of: declarations)
/// let graph = (try? TypeGraph(imageAt: path, sourceDigest: digest))
///     ?? TypeGraph(declarations: declarations, recordingDigest: digest)  // then graph.writeImage(to: path)
/// ```
extension TypeGraph {
    /// A digest of declarations, the identity an image is checked against. Equal declarations
    /// in the same order give the same digest.
    public static func sourceDigest(of declarations: [TypeDeclaration]) -> UInt64 {
        SourceDigest.of(declarations.map(DeclarationCoding.encode))
    }

    /// A digest of raw bytes (for example a declaration table's text), comparable with
    /// ``sourceDigest(of:)`` results through ``combinedDigest(_:_:)``.
    public static func sourceDigest(ofBytes bytes: UnsafeRawBufferPointer) -> UInt64 {
        var digest = SourceDigest()
        digest.add(bytes)
        return digest.value
    }

    /// One digest for two sources compiled together, in this order.
    public static func combinedDigest(_ first: UInt64, _ second: UInt64) -> UInt64 {
        var digest = SourceDigest()
        withUnsafeBytes(of: first.littleEndian) { digest.add($0) }
        withUnsafeBytes(of: second.littleEndian) { digest.add($0) }
        return digest.value
    }

    /// Compiles declarations, recording `sourceDigest` as their identity (use it when the
    /// declarations come from a source whose digest is cheaper to compute, such as a file's
    /// bytes).
    public init(declarations: [TypeDeclaration], recordingDigest sourceDigest: UInt64) throws(UniformTypeError) {
        try self.init(declarations: declarations, sourceDigest: sourceDigest)
    }

    /// Maps a graph image written by ``writeImage(to:)``.
    ///
    /// - Throws: ``UniformTypeError`` with code `.malformedImage` naming the file when it cannot
    ///   be read, was written by another format version, was compiled from other declarations
    ///   (its digest is not `sourceDigest`), or fails any consistency check.
    public init(imageAt path: String, sourceDigest: UInt64) throws(UniformTypeError) {
        let image = try GraphImage(mapping: path)
        var reader = GraphImageReader(image.bytes)
        guard reader.readWord() == GraphImageLayout.magic else { throw GraphImage.failure(path, "not a graph image") }
        let version = reader.readWord() ?? 0
        guard version == GraphImageLayout.formatVersion else {
            throw GraphImage.failure(
                path, "image format version 0x\(String(version, radix: 16)) (layout and tag hash); this library reads version 0x\(String(GraphImageLayout.formatVersion, radix: 16))")
        }
        guard let digest = reader.readWord(), digest == sourceDigest else {
            throw GraphImage.failure(path, "compiled from other declarations (stale)")
        }
        guard let storage = Storage(image: image, knownDeclarations: nil) else {
            throw GraphImage.failure(path, "inconsistent or truncated contents")
        }
        self.init(storage: storage)
    }

    /// The digest of the declarations this graph was compiled from.
    public var sourceDigest: UInt64 { storage.sourceDigest }

    /// The graph's image bytes, as ``writeImage(to:)`` writes them.
    public var imageBytes: [UInt8] { Array(storage.image.bytes) }

    /// Writes the graph's image to `path` atomically and durably: a reader sees the old file or
    /// the new one, never a part. The directory must exist.
    ///
    /// - Throws: ``UniformTypeError`` with code `.malformedImage` naming the file when it
    ///   cannot be written.
    public func writeImage(to path: String) throws(UniformTypeError) {
        // Readers map the image and touch about a third of it: its pages are dropped from the
        // page cache once written, so each reader is charged only for the pages it reads.
        do { try AtomicFileWrite.write(storage.image.bytes, to: path, dropsCachedPages: true) } catch {
            switch error.step {
            case .create, .findFreeName, .createFolder: throw GraphImage.failure(error.path, "cannot create: \(error.systemMessage)")
            case .write: throw GraphImage.failure(error.path, "cannot write: \(error.systemMessage)")
            case .replace: throw GraphImage.failure(error.path, "cannot replace: \(error.systemMessage)")
            }
        }
    }
}

/// A 64-bit digest over bytes, eight at a time (it identifies sources; it is not a security
/// measure).
struct SourceDigest {
    private(set) var value: UInt64 = 0x9e37_79b9_7f4a_7c15

    /// The digest of encoded declarations, in order.
    static func of(_ records: [[UInt8]]) -> UInt64 {
        var digest = SourceDigest()
        for record in records { digest.add(record) }
        return digest.value
    }

    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add($0) }
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while bytes.count - offset >= 8 {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        mix(tail ^ (UInt64(bytes.count) << 56))
    }

    private mutating func mix(_ word: UInt64) {
        var x = (value ^ word) &* 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        value = (x &* 0xc4ce_b9fe_1a85_ec53) ^ (x >> 29)
    }
}

import Glibc

/// The memory a compiled graph reads: the image bytes, either copied in after compiling or
/// mapped read-only from an image file. Lives as long as the graph (and every type of it).
final class GraphImage: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    private let mapped: Bool

    /// A copy of `image`, 16-byte aligned.
    init(copying image: [UInt8]) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(image.count, 1), alignment: 16)
        image.withUnsafeBytes { memory.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(memory)[0..<image.count])
        mapped = false
    }

    /// Maps the image file at `path` read-only.
    ///
    /// The file must not be changed in place while mapped; image files are only ever replaced
    /// by renaming a new file over them, which leaves this mapping intact.
    init(mapping path: String) throws(UniformTypeError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // never wait on a FIFO
        guard descriptor >= 0 else { throw GraphImage.failure(path, "cannot open: \(GraphImage.lastError())") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw GraphImage.failure(path, "cannot read its size: \(GraphImage.lastError())") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw GraphImage.failure(path, "not a regular file") }
        let size = Int(info.st_size)
        guard size >= GraphImageLayout.headerSize, size <= GraphImageLayout.maximumSize else {
            throw GraphImage.failure(path, "size \(size) bytes is outside \(GraphImageLayout.headerSize)...\(GraphImageLayout.maximumSize)")
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw GraphImage.failure(path, "cannot map: \(GraphImage.lastError())")
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
        mapped = true
    }

    deinit {
        if mapped {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        } else {
            UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate()
        }
    }

    static func failure(_ path: String, _ reason: String) -> UniformTypeError {
        UniformTypeError(.malformedImage, value: path, source: path, reason: reason)
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}

/// The fixed facts of the graph image format.
enum GraphImageLayout {
    /// `OWTGRAPH`, the first directory word of every image.
    static let magic: UInt64 = 0x4850_4152_4754_574F
    /// The layout version, bumped whenever the layout or the compilation rules change: older
    /// images are then rebuilt rather than read.
    static let layoutVersion: UInt64 = 10
    /// The version word an image carries: the layout version (low 32 bits), 16 bits of the tag
    /// hash of a fixed key (bits 32–47), so that an image whose tables were placed by another
    /// hash function is rebuilt even when no one bumped the layout version, and the top bit for
    /// images of big-endian machines (tag hashes read words in the machine's byte order).
    static let formatVersion: UInt64 = {
        let hash = Array("OWTGRAPH tag hash witness: Image/PNG".utf8).withUnsafeBufferPointer { TagTable.hash($0) }
        return layoutVersion | (hash & 0xFFFF) << 32 | (UInt64(1).bigEndian == 1 ? 1 << 63 : 0)
    }()
    /// The directory's length, then magic, version, source digest, total length, type count,
    /// words per closure row, the positions of `public.item`, `public.data` and
    /// `public.content`, how many leading types are the embedded system table's (see
    /// ``TypeGraph/leadingSystemTypeCount``), whether they keep its parents (see
    /// ``TypeGraph/leadingSystemTypesKeepTheirSupertypes``) and that table's digest.
    static let headerSize = 104
    /// The position word of a root the graph does not declare.
    static let absent = UInt64.max
    /// Images larger than this are refused (the system graph is about 3.5 MB).
    static let maximumSize = 256 << 20
}

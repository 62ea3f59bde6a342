import DeclarationFormats
import FileSystemCalls
import Glibc

/// Bounded reading of whole files for the importers: regular files only, never through a
/// FIFO or device, at most `limit` bytes.
enum FileReading {
    static func read(_ path: String, limit: Int = 64 << 20) throws(CatalogFormatError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw CatalogFormatError(code: .unreadable, source: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw CatalogFormatError(code: .unreadable, source: path, reason: "not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw CatalogFormatError(code: .limitExceeded, source: path, reason: "the file is \(info.st_size) bytes, more than \(limit)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CatalogFormatError(code: .unreadable, source: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            total += count
        }
        return Array(bytes[..<total])
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Entries of a folder (names), sorted; empty when it cannot be read.
    static func entries(_ folder: String) -> [String] {
        folder.withCString { FolderEntries.names(atPath: $0) }.map { String(decoding: $0, as: UTF8.self) }.sorted()
    }
}

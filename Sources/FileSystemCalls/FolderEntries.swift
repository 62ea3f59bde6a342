#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a folder, read with `opendir`/`readdir`: the one folder listing.
///
/// Names are bytes, as the file system keeps them; callers turn them into strings their own way
/// (keeping bytes that are not UTF-8, or decoding them) and sort as they need.
///
/// ```swift
/// let names = folder.withCString { FolderEntries.names(atPath: $0) }.map { String(decoding: $0, as: UTF8.self) }
/// ```
public enum FolderEntries {
    /// The names of the folder's entries, without `.` and `..`, in the order the file system
    /// gives them; empty when the folder cannot be opened.
    public static func names(atPath path: UnsafePointer<CChar>) -> [[UInt8]] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names
    }
}

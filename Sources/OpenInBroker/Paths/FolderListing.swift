import ContentSniffing
import Glibc

/// Folder listings for the workflows.
enum FolderListing {
    /// Entry names of a folder (no `.` and `..`), sorted; empty if it cannot be read.
    static func names(_ folder: String) -> [String] {
        guard let directory = PathBytes.withCString(folder, { opendir($0) }) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            // A name that is not UTF-8 is kept byte for byte (PathBytes).
            let name = withUnsafeBytes(of: entry.pointee.d_name) { PathBytes.string(from: $0.prefix { $0 != 0 }) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return PathBytes.withCString(path) { lstat($0, &info) } == 0
    }
}

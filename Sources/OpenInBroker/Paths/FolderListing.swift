import ContentSniffing
import FileSystemCalls
import Glibc

/// Folder listings for the workflows.
enum FolderListing {
    /// Entry names of a folder (no `.` and `..`), sorted; empty if it cannot be read.
    static func names(_ folder: String) -> [String] {
        // A name that is not UTF-8 is kept byte for byte (PathBytes).
        PathBytes.withCString(folder) { FolderEntries.names(atPath: $0) }.map { PathBytes.string(from: $0) }.sorted()
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return PathBytes.withCString(path) { lstat($0, &info) } == 0
    }
}

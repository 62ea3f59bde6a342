import ContentSniffing
import Glibc

/// `realpath(3)` as a Swift call: the absolute path with every symbolic link, `.` and `..`
/// resolved, or `nil` when the path does not exist. Names that are not UTF-8 keep their bytes
/// (`PathBytes`).
enum RealPath {
    static func resolve(_ path: String) -> String? {
        guard let resolved = PathBytes.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return PathBytes.string(from: UnsafeBufferPointer(start: resolved, count: strlen(resolved)).map { UInt8(bitPattern: $0) })
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders made with their missing parents, private to the user by default (`0700`, as the XDG
/// Base Directory Specification asks of the folders it names): the one `mkdir -p`.
///
/// ```swift
/// try FolderCreation.createWithParents("/home/ann/.cache/openwith")
/// ```
public enum FolderCreation {
    /// Creates `path` (absolute) and each missing parent with `mode` (before the process's umask); folders
    /// that exist are left as they are. Whether `path` is a folder afterwards (and not a file
    /// that was there) is the caller's to check.
    ///
    /// - Throws: ``FileSystemCallError`` with step `.createFolder`, naming the folder that could
    ///   not be made and carrying `mkdir`'s `errno`.
    public static func createWithParents(_ path: String, mode: UInt32 = 0o700) throws(FileSystemCallError) {
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, mode_t(mode)) != 0 && errno != EEXIST {
                throw FileSystemCallError(step: .createFolder, path: prefix, errno: errno)
            }
        }
    }
}

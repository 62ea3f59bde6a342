import ContentSniffing
import Glibc

/// Absolute, normalised paths for grants and per-file defaults: a relative path is joined to the
/// current directory; `.` and `..` components are folded; symbolic links are kept.
public enum PathNormalization {
    /// The absolute, normalised form of `path`.
    ///
    /// - Throws: ``HandOverError/Code/invalidPath`` for a relative path when the working
    ///   directory cannot be named (it was removed, or is deeper than `PATH_MAX`): the path is
    ///   then refused, never resolved against another folder.
    public static func absolute(_ path: String) throws(HandOverError) -> String {
        var full = path
        if !path.hasPrefix("/") {
            guard let directory = getcwd(nil, 0) else {
                let code = errno
                throw HandOverError(
                    .invalidPath,
                    reason: "a relative path needs the working directory, which cannot be named (\(String(cString: strerror(code)))); give an absolute path",
                    path: path, errno: code)
            }
            defer { free(directory) }
            // A folder name that is not UTF-8 is kept byte for byte (PathBytes).
            let working = PathBytes.string(from: UnsafeBufferPointer(start: directory, count: strlen(directory)).map { UInt8(bitPattern: $0) })
            guard working.hasPrefix("/") else {
                throw HandOverError(.invalidPath, reason: "the working directory is unreachable (\(working)); give an absolute path", path: path)
            }
            full = working + "/" + path
        }
        var components: [Substring] = []
        for component in full.split(separator: "/") {
            if component == "." { continue }
            if component == ".." {
                _ = components.popLast()
                continue
            }
            components.append(component)
        }
        var normalized = ""
        for component in components {
            normalized.append("/")
            normalized.append(contentsOf: component)
        }
        return normalized.isEmpty ? "/" : normalized
    }
}

import Glibc

/// Absolute paths for per-file defaults and grants: a relative path is joined to the current
/// directory; `.` and `..` components are folded; symbolic links are not resolved.
enum AbsolutePath {
    static func make(_ path: String) -> String {
        var full = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                full = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
            }
        }
        var components: [Substring] = []
        for component in full.split(separator: "/") {
            if component == "." { continue }
            if component == ".." { _ = components.popLast(); continue }
            components.append(component)
        }
        return "/" + components.joined(separator: "/")
    }
}

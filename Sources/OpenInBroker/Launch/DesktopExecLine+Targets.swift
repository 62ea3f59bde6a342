extension DesktopExecLine {
    /// The local path for `%f`/`%F`: a `.file` as is, a `file:` URL decoded, nothing else.
    static func path(of target: Target) throws(HandOverError) -> String {
        switch target {
        case .file(let path):
            return try checkedPath(path)
        case .url(let url):
            guard let path = localPath(fromFileURL: url) else {
                throw HandOverError(
                    .filesNotAccepted, reason: "%f and %F take local files; this URL is not a file: URL",
                    key: "url", value: url)
            }
            return try checkedPath(path)
        }
    }

    /// The URI for `%u`/`%U`: a `.file` as a `file://` URI, a `.url` as is.
    static func uri(of target: Target) throws(HandOverError) -> String {
        switch target {
        case .file(let path):
            return fileURI(forPath: try checkedPath(path))
        case .url(let url):
            let hasScheme = url.firstIndex(of: ":").map { $0 != url.startIndex } ?? false
            let isClean = url.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
            guard hasScheme, isClean else {
                throw HandOverError(
                    .invalidPath, reason: "a URL target needs a scheme and no spaces or control characters",
                    key: "url", value: url)
            }
            return url
        }
    }

    /// `path` if it is absolute and free of NUL.
    static func checkedPath(_ path: String) throws(HandOverError) -> String {
        guard path.hasPrefix("/"), !path.utf8.contains(0) else {
            throw HandOverError(
                .invalidPath, reason: "files must be given as absolute paths without NUL", key: "file",
                value: path)
        }
        return path
    }

    /// `file://` plus the path's bytes, percent-encoding all but unreserved characters and `/`.
    static func fileURI(forPath path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes = Array("file://".utf8)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path of a `file:` URL with an empty or `localhost` host, percent-decoded; `nil` for
    /// anything else or for bytes that are not UTF-8.
    static func localPath(fromFileURL url: String) -> String? {
        let lower = url.lowercased()
        var rest: Substring
        if lower.hasPrefix("file:///") {
            rest = url.dropFirst("file://".count)
        } else if lower.hasPrefix("file://localhost/") {
            rest = url.dropFirst("file://localhost".count)
        } else {
            return nil
        }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        guard let bytes = PercentDecoding.decode(Array(rest.utf8)) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}

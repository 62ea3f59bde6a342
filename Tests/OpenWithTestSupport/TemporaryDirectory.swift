public import Foundation

/// A fresh, uniquely named directory under the system's temporary folder, removed when the
/// value is deinitialised. Tests create real files in it.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The directory's absolute path.
    public let path: String

    /// Creates the directory; `label` becomes part of its name for easier debugging.
    public convenience init(_ label: String = "openwith-test") {
        self.init(label, base: FileManager.default.temporaryDirectory.path)
    }

    /// Creates the directory inside `base`.
    public init(_ label: String, base: String) {
        var template = Array("\(base)/\(label)-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed for \(base)")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A directory on another file system than the temporary folder — the memory-backed
    /// `/dev/shm` — or `nil` where there is no such file system.
    public static func onOtherFileSystem(_ label: String) -> TemporaryDirectory? {
        let other = "/dev/shm"
        var otherInfo = stat()
        var temporaryInfo = stat()
        guard stat(other, &otherInfo) == 0, stat(FileManager.default.temporaryDirectory.path, &temporaryInfo) == 0,
            otherInfo.st_dev != temporaryInfo.st_dev, access(other, W_OK) == 0
        else { return nil }
        return TemporaryDirectory(label, base: other)
    }

    /// The absolute path of `name` inside the directory.
    public func url(_ name: String) -> URL { URL(fileURLWithPath: path).appendingPathComponent(name) }

    /// The absolute path of `name` inside the directory.
    public func path(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` (creating intermediate folders) and returns its path.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let target = url(name)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
        return target.path
    }

    /// Writes `text` as UTF-8 to `name` and returns its path.
    @discardableResult
    public func write(_ name: String, text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

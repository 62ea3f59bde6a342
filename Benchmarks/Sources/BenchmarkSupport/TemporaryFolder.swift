import Foundation

/// A fresh folder under the system's temporary folder, removed with everything in it when the
/// value is released (or by ``remove()``).
///
/// ```swift
/// let folder = try TemporaryFolder(prefix: "inbox")
/// try Data(count: 16).write(to: URL(fileURLWithPath: folder.path + "/a.bin"))
/// ```
public final class TemporaryFolder: @unchecked Sendable {
    /// The folder's absolute path.
    public let path: String
    private var removed = false

    /// Creates the folder (`mkdtemp`, mode 0700).
    public init(prefix: String) throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/openwith-bench-\(prefix)-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: base])
        }
        path = String(cString: made)
    }

    deinit { remove() }

    /// The path of `name` inside the folder.
    public func appending(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` inside the folder and returns the file's path.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = appending(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Makes a sub-folder and returns its path.
    public func makeFolder(_ name: String) throws -> String {
        let folder = appending(name)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes the folder and its contents (files made read-only included).
    public func remove() {
        guard !removed else { return }
        removed = true
        try? FileManager.default.removeItem(atPath: path)
    }
}

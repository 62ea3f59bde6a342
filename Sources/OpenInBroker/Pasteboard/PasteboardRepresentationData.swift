public import UniformTypes

/// A representation to write: a type identifier and its bytes.
///
/// ```swift
/// let text = PasteboardRepresentationData(type: "public.utf8-plain-text", text: "Hello")
/// let image = try PasteboardRepresentationData(type: "public.png", readingFile: "/tmp/a.png", limit: PasteboardLimits.standard.maximumBytes)
/// ```
public struct PasteboardRepresentationData: Sendable, Equatable {
    /// The type identifier the bytes are in.
    public var type: TypeIdentifier
    /// The bytes.
    public var bytes: [UInt8]

    /// A representation of `bytes` under `type`.
    public init(type: TypeIdentifier, bytes: [UInt8]) {
        self.type = type
        self.bytes = bytes
    }

    /// A representation of `text` as UTF-8 under `type`.
    public init(type: TypeIdentifier, text: String) {
        self.init(type: type, bytes: Array(text.utf8))
    }

    /// A representation of a regular file's bytes under `type`, read whole with a size limit.
    ///
    /// - Throws: ``HandOverError`` naming the file: `notFound`, `permissionDenied`,
    ///   `notRegularFile`, ``HandOverError/Code/pasteboardTooLarge`` (more than `limit` bytes)
    ///   or `readFailed`.
    public init(type: TypeIdentifier, readingFile path: String, limit: Int) throws(HandOverError) {
        do throws(HandOverError) {
            self.init(type: type, bytes: try BoundedFileRead.read(path, limit: limit, what: "the file"))
        } catch where error.code == .fileTooLarge {
            throw HandOverError(
                .pasteboardTooLarge, reason: "the file is larger than the pasteboard's limit of \(limit) bytes", path: path, key: type.rawValue)
        }
    }

    /// A representation of what an open descriptor (a pipe, standard input) gives until its end,
    /// read with a size limit.
    ///
    /// - Throws: ``HandOverError/Code/pasteboardTooLarge`` when it gives more than `limit`
    ///   bytes, `readFailed` when reading fails; `what` names the source in the error.
    public init(type: TypeIdentifier, readingDescriptor descriptor: Int32, limit: Int, what: String) throws(HandOverError) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer -> Result<Int, HandOverSystemCalls.Failure> in
                do throws(HandOverSystemCalls.Failure) { return .success(try HandOverSystemCalls.read(descriptor, into: buffer)) } catch { return .failure(error) }
            }
            let got: Int
            switch result {
            case .success(let count): got = count
            case .failure(let error):
                throw HandOverError(
                    .readFailed, reason: "reading \(what) failed (\(error.call): \(HandOverSystemCalls.errorMessage(error.errno)))", path: what, errno: error.errno)
            }
            if got == 0 { break }
            guard bytes.count + got <= limit else {
                throw HandOverError(.pasteboardTooLarge, reason: "it gives more than the pasteboard's limit of \(limit) bytes", path: what, key: type.rawValue)
            }
            bytes.append(contentsOf: chunk[0..<got])
        }
        self.init(type: type, bytes: bytes)
    }
}

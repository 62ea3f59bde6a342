import FileSystemCalls

/// Reads a whole small file — an `Info.plist`, a thumbnail, the mount table — with a hard size
/// limit: regular files only (a FIFO or device is refused, as it could block), never more than
/// `limit` bytes. A kernel pseudo-file, which reports size 0 whatever it holds, is read to its
/// end (``KernelPseudoFileSystem``).
enum BoundedFileRead {
    /// The file's bytes.
    ///
    /// - Throws: ``HandOverError`` naming the file: `notFound`, `permissionDenied`,
    ///   `notRegularFile`, `fileTooLarge` (more than `limit` bytes) or `readFailed`.
    static func read(_ path: String, limit: Int, what: String) throws(HandOverError) -> [UInt8] {
        let descriptor: Int32
        do throws(HandOverSystemCalls.Failure) {
            descriptor = try HandOverSystemCalls.open(path, flags: HandOverSystemCalls.readPlainFlags)
        } catch {
            throw HandOverError(error, "opening \(what)", path: path)
        }
        defer { HandOverSystemCalls.close(descriptor) }
        let status: HandOverSystemCalls.Status
        do throws(HandOverSystemCalls.Failure) {
            status = try HandOverSystemCalls.fstat(descriptor)
        } catch {
            throw HandOverError(error, "examining \(what)", path: path)
        }
        guard status.isRegularFile else {
            throw HandOverError(.notRegularFile, reason: "\(what) is a \(status.typeName), not a regular file", path: path, value: status.typeName)
        }
        guard status.size <= Int64(limit) else {
            throw HandOverError(.fileTooLarge, reason: "\(what) is \(status.size) bytes, more than the limit of \(limit)", path: path)
        }
        if status.size == 0, KernelPseudoFileSystem.of(descriptor: descriptor) != nil {
            return try readToEnd(descriptor, path: path, limit: limit, what: what)
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, Int(status.size)), alignment: 8)
        defer { buffer.deallocate() }
        let wanted = Int(status.size)
        var filled = 0
        while filled < wanted {
            let got: Int
            do throws(HandOverSystemCalls.Failure) {
                got = try HandOverSystemCalls.pread(
                    descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<wanted]), at: Int64(filled))
            } catch {
                throw HandOverError(
                    .readFailed, reason: "reading \(what) failed (\(error.call): \(HandOverSystemCalls.errorMessage(error.errno)))",
                    path: path, errno: error.errno)
            }
            if got == 0 { break }
            filled += got
        }
        return Array(UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
    }

    /// A file whose size says nothing (a kernel pseudo-file: the mount table in /proc), read in
    /// chunks to its end; one byte past `limit` tells that it holds too much.
    private static func readToEnd(_ descriptor: Int32, path: String, limit: Int, what: String) throws(HandOverError) -> [UInt8] {
        let bytes = try readPrefix(descriptor, path: path, count: limit + 1, what: what)
        guard bytes.count <= limit else {
            throw HandOverError(.fileTooLarge, reason: "\(what) gives more than the limit of \(limit) bytes", path: path)
        }
        return bytes
    }

    /// The first `count` bytes of the open file `descriptor` (fewer at its end), read in chunks
    /// whatever size the file reports: for a kernel pseudo-file, whose size says nothing.
    static func readPrefix(_ descriptor: Int32, path: String, count: Int, what: String) throws(HandOverError) -> [UInt8] {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
        defer { chunk.deallocate() }
        var bytes: [UInt8] = []
        while bytes.count < count {
            let got: Int
            do throws(HandOverSystemCalls.Failure) {
                let room = UnsafeMutableRawBufferPointer(rebasing: chunk[..<min(chunk.count, count - bytes.count)])
                got = try HandOverSystemCalls.pread(descriptor, into: room, at: Int64(bytes.count))
            } catch {
                throw HandOverError(
                    .readFailed, reason: "reading \(what) failed (\(error.call): \(HandOverSystemCalls.errorMessage(error.errno)))",
                    path: path, errno: error.errno)
            }
            if got == 0 { break }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<got]))
        }
        return bytes
    }
}

/// Reads a whole small file — an `Info.plist`, a thumbnail — with a hard size limit: regular
/// files only (a FIFO or device is refused, as it could block), never more than `limit` bytes.
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
}

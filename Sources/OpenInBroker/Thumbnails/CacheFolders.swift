import ContentSniffing
import FileSystemCalls
import Glibc

/// The file-system steps of the thumbnail cache: private folders (mode 0700), a private working
/// folder per run, a bounded copy, and removing a working folder again.
enum CacheFolders {
    /// Creates `path` and its missing parents with mode 0700.
    static func create(_ path: String) throws(HandOverError) {
        do {
            try FolderCreation.createWithParents(path)
        } catch {
            throw HandOverError(HandOverSystemCalls.Failure(call: "mkdir", errno: error.errno), "creating the thumbnail cache folder", path: error.path)
        }
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw HandOverError(.notADirectory, reason: "the thumbnail cache folder is not a folder", path: path)
        }
    }

    /// A new private folder inside `parent` (created if missing).
    static func temporaryFolder(in parent: String) throws(HandOverError) -> String {
        try create(parent)
        var template = Array((parent + "/.openwith-work-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            let code = errno
            throw HandOverError(HandOverSystemCalls.Failure(call: "mkdtemp", errno: code), "creating a working folder", path: parent)
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes `bytes` to `path` atomically, readable by the user only (mode 0600).
    static func writePrivately(_ bytes: [UInt8], to path: String) throws(HandOverError) {
        var failure: FileSystemCallError?
        bytes.withUnsafeBytes { buffer in
            do throws(FileSystemCallError) { try AtomicFileWrite.write(buffer, to: path, mode: 0o600) } catch { failure = error }
        }
        if let failure {
            throw HandOverError(.systemCallFailed, reason: "writing the thumbnail cache failed: \(failure)", path: path)
        }
    }

    /// Removes a working folder and the plain files in it (it never holds folders).
    static func removeTree(_ folder: String) {
        for name in FolderListing.names(folder) { _ = PathBytes.withCString(folder + "/" + name) { unlink($0) } }
        _ = PathBytes.withCString(folder) { rmdir($0) }
    }

    /// `.ext` of a path's last component (at most 16 bytes), or nothing: thumbnailers may go by it.
    static func extensionPart(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        let part = name[dot...]
        return part.utf8.count <= 16 && !part.contains(" ") ? String(part) : ""
    }

    /// Copies the regular file at `source` to the new file `destination` (mode 0600), refusing
    /// more than `limit` bytes.
    static func copy(_ source: String, to destination: String, limit: Int64) throws(HandOverError) {
        let input: Int32
        do throws(HandOverSystemCalls.Failure) { input = try HandOverSystemCalls.open(source, flags: HandOverSystemCalls.readPlainFlags) } catch {
            throw HandOverError(error, "opening the file to copy it for the thumbnailer", path: source)
        }
        defer { HandOverSystemCalls.close(input) }
        let output = PathBytes.withCString(destination) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard output >= 0 else {
            let code = errno
            throw HandOverError(HandOverSystemCalls.Failure(call: "open", errno: code), "creating the copy for the thumbnailer", path: destination)
        }
        defer { HandOverSystemCalls.close(output) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let count: Int
            do throws(HandOverSystemCalls.Failure) { count = try HandOverSystemCalls.read(input, into: buffer) } catch {
                throw HandOverError(error, "reading the file to copy it for the thumbnailer", path: source)
            }
            if count == 0 { return }
            total += Int64(count)
            guard total <= limit else {
                throw HandOverError(.fileTooLarge, reason: "the file is larger than \(limit) bytes, the most copied for a thumbnailer", path: source)
            }
            do throws(HandOverSystemCalls.Failure) {
                try HandOverSystemCalls.writeAll(output, UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            } catch {
                throw HandOverError(error, "writing the copy for the thumbnailer", path: destination)
            }
        }
    }
}

import ContentSniffing
import Glibc
public import UniformTypes

/// Makes thumbnails with the machine's thumbnailers and keeps them in the user's thumbnail
/// cache, by the freedesktop Thumbnail Managing Standard.
///
/// Policy:
/// - only regular files are thumbnailed, never a file inside the thumbnail cache itself;
/// - a fresh cached thumbnail is reused, and a fresh failure record is not retried
///   (``ThumbnailCacheEntry``);
/// - the thumbnailer is chosen by type conformance (``ThumbnailerDirectory``) and run directly,
///   never through a shell, in a session of its own with its output and errors discarded, and
///   killed with its whole process group after ``timeLimit`` seconds;
/// - it reads the file itself when the file is plain and local; a file reached through a
///   symbolic link, or kept on a network or FUSE file system, is first copied (at most
///   ``maximumCopyBytes``) into a private working folder, and the thumbnailer reads the copy;
/// - it writes into a private working folder inside the cache (mode 0700); its PNG must be
///   valid with no side longer than the size's pixels; `Thumb::URI`, `Thumb::MTime`,
///   `Thumb::Size` and `Thumb::Mimetype` are then set in it (tEXt chunks), and it is put in
///   place atomically with mode 0600; the working folder is removed whatever happens;
/// - any failure of the thumbnailer is recorded under `fail/openwith/` and reported as
///   ``HandOverError/Code/thumbnailFailed``.
public struct ThumbnailFactory: Sendable {
    /// The most bytes a thumbnail PNG may have.
    public static let maximumThumbnailBytes = 32 << 20
    /// The most bytes copied for a file that is not plain and local.
    public static let maximumCopyBytes: Int64 = 1 << 30

    /// The environment: `XDG_CACHE_HOME`, `HOME`, `XDG_DATA_HOME`, `XDG_DATA_DIRS`, `PATH`.
    public var environment: [String: String]
    /// The thumbnailers to choose from.
    public var thumbnailers: ThumbnailerDirectory
    /// Seconds a thumbnailer may run.
    public var timeLimit: Double

    /// A factory over the machine's thumbnailers, as the environment names them.
    public init(environment: [String: String], thumbnailers: ThumbnailerDirectory? = nil, timeLimit: Double = 10) {
        self.environment = environment
        self.thumbnailers = thumbnailers ?? ThumbnailerDirectory(environment: environment)
        self.timeLimit = timeLimit
    }

    /// The thumbnail of the file at `path`, whose type is `type`: reused when fresh, else made.
    ///
    /// - Throws: ``HandOverError``: `notFound`, `notRegularFile` and the like for the file;
    ///   `noThumbnailer`; `thumbnailFailed` (naming the thumbnailer and the reason, or the
    ///   failure record); file-system errors of the cache naming the path.
    public func thumbnail(path: String, type: UniformType, graph: TypeGraph, size: ThumbnailSize) throws(HandOverError) -> Thumbnail {
        let absolute = try PathNormalization.absolute(path)
        var info = stat()
        guard PathBytes.withCString(absolute, { stat($0, &info) }) == 0 else {
            let code = errno
            throw HandOverError(HandOverSystemCalls.Failure(call: "stat", errno: code), "examining the file for a thumbnail", path: path)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw HandOverError(.notRegularFile, reason: "only regular files get thumbnails", path: path)
        }
        let uri = FileURL.make(absolute)
        let entry = ThumbnailCacheEntry(environment: environment, uri: uri, modificationTime: Int(info.st_mtim.tv_sec), size: size)
        guard !absolute.hasPrefix(entry.folder + "/") else {
            throw HandOverError(.thumbnailFailed, reason: "files of the thumbnail cache get no thumbnails", path: path)
        }
        if let fresh = entry.freshPNG(at: entry.thumbnailPath) {
            return Thumbnail(
                path: entry.thumbnailPath, source: absolute, uri: uri, modificationTime: entry.modificationTime, size: size,
                width: fresh.width, height: fresh.height, reused: true, thumbnailer: nil)
        }
        if entry.freshPNG(at: entry.failurePath) != nil {
            throw HandOverError(
                .thumbnailFailed,
                reason: "an earlier attempt for this version of the file failed (recorded in \(entry.failurePath); remove it to try again)",
                path: path)
        }
        guard let (thumbnailer, _) = thumbnailers.thumbnailer(for: type, in: graph) else {
            throw HandOverError(
                .noThumbnailer, reason: "no thumbnailer of this machine takes \(type.identifier.rawValue) or a supertype", path: path,
                value: type.preferredMIMEType)
        }
        try CacheFolders.create(entry.thumbnailFolder)
        let work = try CacheFolders.temporaryFolder(in: entry.folder)
        defer { CacheFolders.removeTree(work) }
        do throws(HandOverError) {
            let made = try make(absolute, plain: isPlainLocal(absolute), with: thumbnailer, entry: entry, type: type, work: work, fileSize: Int64(info.st_size))
            return Thumbnail(
                path: entry.thumbnailPath, source: absolute, uri: uri, modificationTime: entry.modificationTime, size: size,
                width: made.width, height: made.height, reused: false, thumbnailer: thumbnailer.name)
        } catch where error.code == .thumbnailFailed {
            try? CacheFolders.create(entry.failureFolder)
            let record = PNGTextChunks.placeholder(entry.keys)
            try? CacheFolders.writePrivately(record, to: entry.failurePath)
            throw HandOverError(error.code, reason: error.reason + " (recorded in \(entry.failurePath))", path: path, key: error.key, value: error.value)
        }
    }

    /// Runs the thumbnailer into the working folder and puts its checked, annotated PNG in place.
    private func make(
        _ absolute: String, plain: Bool, with thumbnailer: ThumbnailerEntry, entry: ThumbnailCacheEntry, type: UniformType, work: String,
        fileSize: Int64
    ) throws(HandOverError) -> (width: Int, height: Int) {
        var input = absolute
        if !plain {
            input = work + "/input" + CacheFolders.extensionPart(of: absolute)
            try CacheFolders.copy(absolute, to: input, limit: ThumbnailFactory.maximumCopyBytes)
        }
        let output = work + "/thumbnail.png"
        let command = thumbnailer.command(input: input, inputURI: FileURL.make(input), output: output, size: entry.size.pixels)
        func failure(_ reason: String) -> HandOverError {
            HandOverError(.thumbnailFailed, reason: "\(thumbnailer.name): \(reason)", key: thumbnailer.path, value: command.joined(separator: " "))
        }
        let status: Int32?
        do throws(HandOverError) {
            status = try ProgramSpawn(argv: command, newSession: true, detachesOutput: true, detachesErrors: true).run(timeLimit: timeLimit)
        } catch {
            throw failure(error.reason)
        }
        guard let status else { throw failure("stopped after \(timeLimit.formattedSeconds) s, the time limit") }
        guard status == 0 else { throw failure("exited with status \(status & 0x7F == 0 ? Int((status >> 8) & 0xFF) : -Int(status & 0x7F))") }
        guard let bytes = try? BoundedFileRead.read(output, limit: ThumbnailFactory.maximumThumbnailBytes, what: "the thumbnailer's output") else {
            throw failure("it wrote no thumbnail")
        }
        guard let dimensions = PNGTextChunks.size(bytes) else { throw failure("it wrote something that is not a valid PNG") }
        guard max(dimensions.width, dimensions.height) <= entry.size.pixels else {
            throw failure("it wrote \(dimensions.width)×\(dimensions.height) pixels, more than \(entry.size.pixels) on a side")
        }
        var keys = entry.keys
        keys.append(("Thumb::Size", Array(String(fileSize).utf8)))
        if let mime = type.preferredMIMEType { keys.append(("Thumb::Mimetype", Array(mime.utf8))) }
        keys.append(("Software", Array("openwith".utf8)))
        guard let annotated = PNGTextChunks.settingTexts(keys, in: bytes) else { throw failure("it wrote something that is not a valid PNG") }
        try CacheFolders.writePrivately(annotated, to: entry.thumbnailPath)
        return dimensions
    }

    /// Whether the thumbnailer may read the file where it is: reached without a symbolic link and
    /// not on a network or FUSE file system (by the longest mount point of `/proc/self/mounts`
    /// that holds it; when that cannot be read, the file counts as local).
    func isPlainLocal(_ path: String) -> Bool {
        var link = stat()
        guard PathBytes.withCString(path, { lstat($0, &link) }) == 0, (link.st_mode & S_IFMT) == S_IFREG else { return false }
        guard let bytes = try? BoundedFileRead.read("/proc/self/mounts", limit: 4 << 20, what: "the mount table") else { return true }
        var best: (point: String, type: String)?
        for line in bytes.split(separator: 0x0A) {
            let fields = line.split(separator: 0x20)
            guard fields.count >= 3 else { continue }
            let point = String(decoding: fields[1], as: UTF8.self).replacingOctalEscapes()
            let contains = point == "/" || path == point || path.hasPrefix(point + "/")
            if contains && point.utf8.count >= (best?.point.utf8.count ?? -1) { best = (point, String(decoding: fields[2], as: UTF8.self)) }
        }
        guard let type = best?.type else { return true }
        let remote: Set<String> = ["nfs", "nfs4", "cifs", "smb3", "smbfs", "ncpfs", "9p", "ceph", "afs", "davfs", "sshfs", "fuseblk", "glusterfs", "lustre"]
        return !remote.contains(type) && !type.hasPrefix("fuse")
    }
}

extension String {
    /// `\040`-style octal escapes of the mount table decoded.
    func replacingOctalEscapes() -> String {
        guard contains("\\") else { return self }
        var bytes: [UInt8] = []
        let raw = Array(utf8)
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "\\"), index + 3 < raw.count,
                let value = UInt8(String(decoding: raw[index + 1...index + 3], as: UTF8.self), radix: 8)
            {
                bytes.append(value)
                index += 4
            } else {
                bytes.append(raw[index])
                index += 1
            }
        }
        return PathBytes.string(from: bytes)
    }
}

extension Double {
    /// Seconds for people: whole numbers without a fraction.
    var formattedSeconds: String { rounded() == self && abs(self) < 1e9 ? String(Int(self)) : String(self) }
}

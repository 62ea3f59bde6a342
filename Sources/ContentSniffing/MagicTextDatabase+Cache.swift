#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Cuts kept between processes, in a cache folder: a process that asks libmagic about text then
/// loads the cut (a few hundred kilobytes) instead of reading the whole database to make it.
extension MagicTextDatabase {
    /// The version of the cut's policy, part of every cache name: raise it when what is kept
    /// changes, so that no process loads a cut made by the old policy.
    static let policyVersion = 1

    /// The file name of the cut of the databases of `searchPath`, which changes whenever one of
    /// them might: a digest of each component's path, device, inode, size and modification time,
    /// with the layout and policy versions. `nil` when a component cannot be looked at.
    static func cacheName(searchPath: String) -> String? {
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { bytes in
                for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            }
        }
        mix(Layout.version)
        mix(policyVersion)
        for component in searchPath.split(separator: ":").map(String.init) where !component.isEmpty {
            for candidate in component.hasSuffix(".mgc") ? [component] : [component, component + ".mgc"] {
                for byte in candidate.utf8 { mix(byte) }
                var status = stat()
                guard PathBytes.withCString(candidate, { stat($0, &status) }) == 0 else {
                    if errno == ENOENT { mix(UInt8(0)); continue }
                    return nil
                }
                mix(UInt64(status.st_dev))
                mix(UInt64(status.st_ino))
                mix(Int64(status.st_size))
                mix(Int64(status.st_mtim.tv_sec))
                mix(Int64(status.st_mtim.tv_nsec))
            }
        }
        let hex = String(digest, radix: 16)
        return "magic-text-" + String(repeating: "0", count: 16 - hex.count) + hex + ".mgc"
    }

    /// Whether `path` is a cut this user may trust: a regular file (not a link) owned by the
    /// user, that no one else may write.
    static func isTrustedCache(_ path: String) -> Bool {
        var status = stat()
        guard PathBytes.withCString(path, { lstat($0, &status) }) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFREG && status.st_uid == geteuid() && status.st_mode & 0o022 == 0
    }

    /// Writes the cut as `name` in `folder` (made, owner-only, when missing), atomically: to a
    /// temporary file renamed over the name, so a reader sees the whole cut or none. Other cuts
    /// in the folder (of databases since replaced) are removed. Returns whether it was written;
    /// a cut of several databases is not written (libmagic loads one compiled file per path
    /// component).
    @discardableResult
    func write(into folder: String, name: String) -> Bool {
        guard buffers.count == 1, let buffer = buffers.first, Self.makeFolders(folder) else { return false }
        let temporary = folder + "/." + name + ".\(getpid()).\(UInt32.random(in: .min ... .max))"
        let fd = PathBytes.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644) }
        guard fd >= 0 else { return false }
        var written = 0
        while written < buffer.count {
            let count = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        let closed = close(fd) == 0
        guard written == buffer.count, closed,
            PathBytes.withCString(temporary, { from in PathBytes.withCString(folder + "/" + name) { rename(from, $0) } }) == 0
        else {
            _ = PathBytes.withCString(temporary) { unlink($0) }
            return false
        }
        Self.removeOtherCuts(in: folder, keeping: name)
        return true
    }

    /// Makes `folder` and its missing parents, owner-only. Returns whether it is a folder now.
    private static func makeFolders(_ folder: String) -> Bool {
        var prefix = ""
        for part in folder.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + part
            if PathBytes.withCString(prefix, { mkdir($0, 0o700) }) != 0, errno != EEXIST { return false }
        }
        var status = stat()
        return PathBytes.withCString(folder) { stat($0, &status) } == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Removes the cuts in `folder` other than `name`.
    private static func removeOtherCuts(in folder: String, keeping name: String) {
        guard let directory = PathBytes.withCString(folder, { opendir($0) }) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if entryName.hasPrefix("magic-text-"), entryName.hasSuffix(".mgc"), entryName != name {
                _ = PathBytes.withCString(folder + "/" + entryName) { unlink($0) }
            }
        }
    }

    /// The folder for cuts by default: `$XDG_CACHE_HOME/openwith`, else `$HOME/.cache/openwith`
    /// (relative values ignored, as the XDG base directory spec says); `nil` when neither is set.
    static func defaultCacheFolder() -> String? {
        if let cache = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), cache.hasPrefix("/") {
            return cache + "/openwith"
        }
        if let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") {
            return home + "/.cache/openwith"
        }
        return nil
    }
}

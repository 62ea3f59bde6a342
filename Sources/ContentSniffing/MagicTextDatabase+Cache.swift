#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystemCalls

/// Cuts kept between processes, in a cache folder: a process that asks libmagic about text then
/// loads the cut (a few hundred kilobytes) instead of reading the whole database to make it.
extension MagicTextDatabase {
    /// The version of the cut's policy, part of every cache name: raise it when what is kept
    /// changes, so that no process loads a cut made by the old policy.
    static let policyVersion = 1

    /// The file name of the cut of the databases of `searchPath`, which changes whenever one of
    /// them might (``databaseDigest(searchPath:)``); `nil` when a component cannot be looked at.
    static func cacheName(searchPath: String) -> String? {
        databaseDigest(searchPath: searchPath).map { "magic-text-" + $0 + ".mgc" }
    }

    /// Sixteen hexadecimal digits that change whenever a database of `searchPath` might: a
    /// digest of each component's path, device, inode, size and modification time, with the
    /// layout and policy versions. `nil` when a component cannot be looked at.
    static func databaseDigest(searchPath: String) -> String? {
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
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Whether `path` is a cut this user may trust: a regular file (not a link) owned by the
    /// user, that no one else may write.
    static func isTrustedCache(_ path: String) -> Bool {
        var status = stat()
        guard PathBytes.withCString(path, { lstat($0, &status) }) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFREG && status.st_uid == geteuid() && status.st_mode & 0o022 == 0
    }

    /// `body`'s reading of the cache file at `path`, when it is one this user may trust
    /// (``isTrustedCache(_:)``), not empty, at most `maximumSize` bytes, and read whole; `nil`
    /// otherwise, or when `body` refuses the bytes.
    static func readTrustedCache<T>(_ path: String, maximumSize: Int, _ body: (UnsafeRawBufferPointer) -> T?) -> T? {
        guard isTrustedCache(path), let source = try? FileByteSource(path: path), source.size > 0, source.size <= Int64(maximumSize) else {
            return nil
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(source.size), alignment: 8)
        defer { buffer.deallocate() }
        guard let read = try? source.readFully(at: 0, into: buffer), read == buffer.count else { return nil }
        return body(UnsafeRawBufferPointer(buffer))
    }

    /// Writes the cut as `name` in `folder` (made, owner-only, when missing), atomically
    /// (``AtomicFileWrite``), so a reader sees the whole cut or none. Other cuts in the folder
    /// (of databases since replaced), and their prefilters' words, are removed. Returns whether
    /// it was written; a cut of several databases is not written (libmagic loads one compiled
    /// file per path component).
    @discardableResult
    func write(into folder: String, name: String) -> Bool {
        guard buffers.count == 1, let buffer = buffers.first else { return false }
        let words = MagicTextPrefilter.cacheName(ofCut: name)
        return Self.writeCache(UnsafeRawBufferPointer(buffer), into: folder, name: name) { entry in
            entry.hasPrefix("magic-text-") && (entry.hasSuffix(".mgc") || entry.hasSuffix(".words")) && entry != words
        }
    }

    /// Writes `bytes` as the cache file `name` in `folder` (made, owner-only, when missing),
    /// atomically (``AtomicFileWrite``), so a reader sees the whole file or none, then removes
    /// the other files of the folder that `isStale` picks (those of databases since replaced).
    /// Returns whether it was written.
    static func writeCache(
        _ bytes: UnsafeRawBufferPointer, into folder: String, name: String, removing isStale: (String) -> Bool
    ) -> Bool {
        do {
            try FolderCreation.createWithParents(folder)
            try AtomicFileWrite.write(bytes, to: folder + "/" + name)
        } catch {
            return false
        }
        for entry in folder.withCString({ FolderEntries.names(atPath: $0) }).map({ String(decoding: $0, as: UTF8.self) })
        where entry != name && isStale(entry) {
            _ = PathBytes.withCString(folder + "/" + entry) { unlink($0) }
        }
        return true
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

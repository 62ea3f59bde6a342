import ContentSniffing
import DeclarationFormats
public import DocumentCatalog
import Glibc

/// An app group's shared container: one folder per group, `group-containers/<group id>/` in the
/// catalog's data folder, that every member app may use.
///
/// Policy: the folder is made with mode 0700 on the first request of a member; a symbolic link
/// where a folder of it should be is refused. Removing it removes everything inside without
/// following symbolic links (a link is removed, never what it points to), at most
/// ``maximumDepth`` folders deep.
public struct GroupContainer: Sendable, Equatable {
    /// How deep removal descends before it refuses.
    public static let maximumDepth = 256

    /// The group id.
    public let groupID: String
    /// The container folder.
    public let root: String
    /// The catalog's data folder the container lives in.
    public let dataFolder: String

    /// The container of `groupID` in the data folder of `location`, or at the folder recorded
    /// for it (a group keeps the folder it was first made in, whatever the spelling of its id).
    ///
    /// - Throws: ``HandOverError`` `.invalidName` when the id cannot be a group id.
    public init(groupID: String, location: CatalogLocation, recordedFolder: String? = nil) throws(HandOverError) {
        if let problem = AppGroupIdentifier.problem(in: groupID) {
            throw HandOverError(.invalidName, reason: problem, key: "group", value: AppGroupIdentifier.visible(groupID))
        }
        self.groupID = groupID
        dataFolder = location.dataFolder
        root = recordedFolder ?? location.groupContainerFolder(groupID: groupID)
    }

    /// Makes the folder and its parents (mode 0700).
    public func create() throws(HandOverError) {
        try AppContainer.makeFolders(root, trusted: dataFolder)
    }

    /// Whether the folder exists (as a folder, not a link).
    public var exists: Bool {
        var info = stat()
        return PathBytes.withCString(root) { lstat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Removes the folder and everything in it; a missing folder is not an error.
    ///
    /// - Throws: ``HandOverError`` `.symlinkRefused` when the folder itself is a link,
    ///   `.systemCallFailed` naming the entry that could not be removed.
    public func remove() throws(HandOverError) {
        var info = stat()
        guard PathBytes.withCString(root, { lstat($0, &info) }) == 0 else {
            if errno == ENOENT { return }
            throw HandOverError(.systemCallFailed, reason: String(cString: strerror(errno)), path: root, errno: errno)
        }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            throw HandOverError(.symlinkRefused, reason: "the group container is a symbolic link; refused", path: root)
        }
        let descriptor = PathBytes.withCString(root) { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw HandOverError(.systemCallFailed, reason: String(cString: strerror(errno)), path: root, errno: errno)
        }
        try GroupContainer.removeContents(of: descriptor, path: root, depth: 0)
        guard PathBytes.withCString(root, { rmdir($0) }) == 0 else {
            throw HandOverError(.systemCallFailed, reason: "cannot remove the folder: \(String(cString: strerror(errno)))", path: root, errno: errno)
        }
    }

    /// Removes every entry of the open folder `descriptor` (closed on return), depth first.
    private static func removeContents(of descriptor: Int32, path: String, depth: Int) throws(HandOverError) {
        guard let folder = fdopendir(descriptor) else {
            close(descriptor)
            throw HandOverError(.systemCallFailed, reason: String(cString: strerror(errno)), path: path, errno: errno)
        }
        defer { closedir(folder) }
        guard depth < maximumDepth else {
            throw HandOverError(.systemCallFailed, reason: "folders nest deeper than \(maximumDepth) levels; not removed", path: path)
        }
        let parent = dirfd(folder)
        for name in entryNames(of: folder) {
            let shown = path + "/" + String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            var info = stat()
            guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                if errno == ENOENT { continue }
                throw HandOverError(.systemCallFailed, reason: String(cString: strerror(errno)), path: shown, errno: errno)
            }
            var flags: Int32 = 0
            if (info.st_mode & S_IFMT) == S_IFDIR {
                let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else {
                    throw HandOverError(.systemCallFailed, reason: String(cString: strerror(errno)), path: shown, errno: errno)
                }
                try removeContents(of: child, path: shown, depth: depth + 1)
                flags = AT_REMOVEDIR
            }
            guard unlinkat(parent, name, flags) == 0 || errno == ENOENT else {
                throw HandOverError(.systemCallFailed, reason: "cannot remove: \(String(cString: strerror(errno)))", path: shown, errno: errno)
            }
        }
    }

    /// The names of a folder's entries (NUL-terminated, as the system gives them), without `.` and `..`.
    private static func entryNames(of folder: OpaquePointer) -> [[CChar]] {
        var names: [[CChar]] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                Array(bytes.prefix { $0 != 0 }.map { CChar(bitPattern: $0) }) + [0]
            }
            if name == [46, 0] || name == [46, 46, 0] { continue }
            names.append(name)
        }
        return names
    }
}

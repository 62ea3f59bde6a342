import ContentSniffing
import Glibc

/// What may be granted in place, with no copy: the security-scoped grants of the picker's open
/// mode and of open-in-place.
///
/// Policy: the file must be a regular file named by the path itself (a symbolic link would
/// grant whatever it points to later), and outside the catalog's data folder, where the app
/// containers live: one app reaches another's files only through a hand-over that copies them.
enum InPlaceGrant {
    /// Checks `absolute` (the normalised form of `path`, which errors name).
    ///
    /// - Throws: ``HandOverError`` — `.notFound`, `.symlinkRefused`, `.notRegularFile`, or
    ///   `.rightDenied` for a file inside the data folder.
    static func check(_ absolute: String, path: String, dataFolder: String) throws(HandOverError) {
        var info = stat()
        guard PathBytes.withCString(absolute, { lstat($0, &info) }) == 0 else {
            throw HandOverError(.notFound, reason: "no such file", path: path, errno: errno)
        }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            throw HandOverError(.symlinkRefused, reason: "a symbolic link is not granted in place; pick the file it points to", path: path)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw HandOverError(.notRegularFile, reason: "only regular files are granted", path: path)
        }
        let data = RealPath.resolve(dataFolder) ?? dataFolder
        if let real = RealPath.resolve(absolute), real.hasPrefix(data + "/") {
            throw HandOverError(
                .rightDenied, reason: "a file inside the catalog's data folder (an app's container) is not granted in place; open it to get a copy",
                path: path)
        }
    }
}

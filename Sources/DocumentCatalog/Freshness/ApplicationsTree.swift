import Glibc

/// An `applications/` folder and everything under it that can hold desktop entries: the one walk
/// both the system import and the freshness check use.
///
/// Policy: at most 8 levels deep; hidden names (`.…`) are skipped; a symbolic link to a folder
/// is not followed (a link to a desktop entry is read); names come in byte order. Each folder is
/// stamped just before it is listed, so a change made during the walk shows in the next check.
struct ApplicationsTree {
    /// Every `.desktop` file, in walk order.
    var desktopFiles: [String] = []
    /// The stamps of the root and of every subfolder walked, in walk order (the root first).
    var folderStamps: [FreshnessStamp] = []

    static let maximumDepth = 8

    /// The `applications/` folder walked.
    var root: String { folderStamps[0].path }

    /// Walks `root`; an absent or unreadable root is empty (and stamped as it is).
    init(root: String) {
        walk(root, depth: 0)
    }

    /// The subfolders of `root`, in walk order.
    static func subfolders(of root: String) -> [String] { ApplicationsTree(root: root).folderStamps.dropFirst().map(\.path) }

    private mutating func walk(_ folder: String, depth: Int) {
        folderStamps.append(FreshnessStamp(taking: folder, kind: .applications, isRoot: depth == 0))
        guard depth < Self.maximumDepth else { return }
        for name in FileReading.entries(folder) where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR {
                walk(path, depth: depth + 1)
            } else if name.hasSuffix(".desktop") && (type == S_IFREG || type == S_IFLNK && FileReading.isRegularFile(path)) {
                desktopFiles.append(path)
            }
        }
    }
}

extension FileReading {
    /// Whether `path` is (or links to) a regular file.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

import DeclarationFormats

/// How the catalog follows the machine: the places it watches, and the policy that keeps it
/// current without a manual import.
///
/// Policy:
/// - **What is watched.** ``watchedLocations(environment:)``: the `applications/` folders of
///   `$XDG_DATA_HOME` and each `$XDG_DATA_DIRS` (highest precedence first) with every subfolder
///   that can hold desktop entries, the `mimeapps.list` files in the specification's precedence
///   order (``MimeAppsListLocations``), and the `mime/packages/` folders of the same data folders.
/// - **The check.** Before a query answers, each watched location's identity and modification
///   time (device, inode, size and modification time in nanoseconds; "absent" for a location that
///   does not exist) is compared with the stamp the last import stored in the catalog. When all
///   match, the query answers at once: a handful of `stat` calls, nothing written.
/// - **The refresh.** When something changed, only that part is imported again, in one
///   transaction with the new stamps: desktop entries of the changed folders (entries that
///   disappeared are retired as a full import retires them), all shared-mime-info packages when a
///   package folder changed, all `mimeapps.list` files when one changed. Like every import it
///   never touches user state: defaults set with openwith, grants, apps registered by hand.
/// - **What a folder's time tells.** A folder's modification time changes when an entry is added,
///   removed or renamed in it: package managers, `desktop-file-install`, `xdg-mime` and editors
///   that save by renaming are all seen. A desktop entry rewritten in place, without a rename, is
///   seen at the next change of its folder, or by `catalog import-system`, the full rebuild.
/// - **Racy times.** A location changed within ``settlingInterval`` of being stamped is stored
///   as unsettled, so the next check imports it again: a change made in the same clock tick as
///   the stamp is never missed.
public enum CatalogFreshness {
    /// How recent a modification time must be for its stamp to count as unsettled, in seconds
    /// (file-system clocks tick in up to 10 ms).
    public static let settlingInterval = 0.05

    /// Every location the catalog follows for an environment, in the order the check visits
    /// them: `applications/` folders (each followed by its subfolders, at most 8 levels, never
    /// through a symbolic link), then `mimeapps.list` files, then `mime/packages/` folders. Folders
    /// that do not exist are listed too (they count as changed when they appear).
    ///
    /// An embedding program that watches these with inotify sees every change the check sees;
    /// watch ``WatchedLocation/folderToWatch`` for each, and watch a new subfolder of an
    /// `applications/` folder when it appears.
    public static func watchedLocations(environment: [String: String]) -> [WatchedLocation] {
        var locations: [WatchedLocation] = []
        for root in applicationFolders(environment: environment) {
            locations.append(WatchedLocation(path: root, kind: .applications))
            for folder in ApplicationsTree.subfolders(of: root) {
                locations.append(WatchedLocation(path: folder, kind: .applications))
            }
        }
        locations += rootLocations(environment: environment).filter { $0.kind != .applications }
        return locations
    }

    /// The locations an environment names directly, without looking for subfolders:
    /// `applications/` folders, then `mimeapps.list` files, then `mime/packages/` folders.
    static func rootLocations(environment: [String: String]) -> [WatchedLocation] {
        rootLocations(variable: { environment[$0] })
    }

    /// ``rootLocations(environment:)`` of an environment read one variable at a time.
    static func rootLocations(variable: (String) -> String?) -> [WatchedLocation] {
        let data = XDGDirectories(variable: variable).dataSearchPath
        var locations = applicationFolders(data).map { WatchedLocation(path: $0, kind: .applications) }
        locations += MimeAppsListLocations(variable: variable).files.map { WatchedLocation(path: $0, kind: .mimeAppsList) }
        locations += data.map { WatchedLocation(path: $0 + "/mime/packages", kind: .mimePackages) }
        return locations
    }

    /// The `applications/` folders, highest precedence first, without duplicates.
    static func applicationFolders(environment: [String: String]) -> [String] {
        applicationFolders(XDGDirectories(environment: environment).dataSearchPath)
    }

    private static func applicationFolders(_ data: [String]) -> [String] {
        var folders: [String] = []
        for base in data {
            let folder = base + "/applications"
            if !folders.contains(folder) { folders.append(folder) }
        }
        return folders
    }
}

extension CatalogFreshness {
    /// Whether `stamps` still describe the machine an environment names: the environment names
    /// the same locations as when they were taken, and each looks as stamped. One `stat` call per
    /// stamp; nothing is read or written.
    static func isCurrent(_ stamps: [FreshnessStamp], environment: [String: String]) -> Bool {
        isCurrent(stamps, variable: { environment[$0] })
    }

    /// ``isCurrent(_:environment:)`` for an environment read one variable at a time.
    static func isCurrent(_ stamps: [FreshnessStamp], variable: (String) -> String?) -> Bool {
        let roots = rootLocations(variable: variable)
        var next = 0
        for stamp in stamps {
            if stamp.isRoot {
                guard next < roots.count, roots[next].kind == stamp.kind, roots[next].path == stamp.path else { return false }
                next += 1
            }
            if !stamp.isCurrent() { return false }
        }
        return next == roots.count
    }
}

/// The desktop file ID rule of the Desktop Entry Specification.
///
/// A desktop file's ID is its path relative to the `applications/` folder of an XDG data directory,
/// with each `/` replaced by `-`: `applications/kde4/foo.desktop` has the ID `kde4-foo.desktop`.
///
/// ```swift
/// DesktopFileID.make(relativePath: "kde4/foo.desktop") // "kde4-foo.desktop"
/// DesktopFileID.make(relativePath: "../foo.desktop")   // nil
/// ```
public enum DesktopFileID {
    /// The ID for a path relative to an `applications/` folder, or `nil` if the path is absolute, leaves
    /// the folder (`..`), has no file name, or does not end in `.desktop`. Empty and `.` components are
    /// ignored.
    public static func make(relativePath: String) -> String? {
        guard !relativePath.hasPrefix("/"), relativePath.hasSuffix(".desktop") else { return nil }
        var components: [Substring] = []
        for component in relativePath.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." { return nil }
            components.append(component)
        }
        guard let last = components.last, last.count > ".desktop".count else { return nil }
        return components.joined(separator: "-")
    }

    /// The ID of `path` inside `applicationsDirectory` (both absolute), or `nil` if it is not inside.
    public static func make(path: String, applicationsDirectory: String) -> String? {
        var folder = applicationsDirectory
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        guard path.hasPrefix(folder + "/") else { return nil }
        return make(relativePath: String(path.dropFirst(folder.count + 1)))
    }
}

/// Whether a desktop entry is shown in the current desktop session: the one statement of the
/// `OnlyShowIn` / `NotShowIn` policy, for parsed entries and for registered apps alike.
///
/// Policy (Desktop Entry specification): with `OnlyShowIn`, the entry is shown only if one of the
/// session's desktops (`XDG_CURRENT_DESKTOP`) is listed; otherwise it is hidden if one of them is
/// in `NotShowIn`; otherwise it is shown. Desktop names compare without regard to ASCII case.
///
/// ```swift
/// DesktopVisibility.isShown(onlyShowIn: ["GNOME"], notShowIn: [], inDesktops: ["gnome"])   // true
/// ```
public enum DesktopVisibility {
    /// Whether an entry with these lists is shown in `desktops`.
    public static func isShown(onlyShowIn: [String], notShowIn: [String], inDesktops desktops: [String]) -> Bool {
        let current = Set(desktops.map { $0.lowercased() })
        if !onlyShowIn.isEmpty { return onlyShowIn.contains { current.contains($0.lowercased()) } }
        return !notShowIn.contains { current.contains($0.lowercased()) }
    }
}

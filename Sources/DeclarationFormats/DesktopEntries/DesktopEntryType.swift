/// The `Type` of a desktop entry: ``application``, ``link`` or ``directory``; other values (KDE's
/// `Service`) are kept as written.
public struct DesktopEntryType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The value as written.
    public var rawValue: String

    /// Creates a type from its spelling.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value as written.
    public var description: String { rawValue }

    /// `Application`: a program, launched with `Exec`.
    public static let application = DesktopEntryType(rawValue: "Application")
    /// `Link`: a URL, in `URL`.
    public static let link = DesktopEntryType(rawValue: "Link")
    /// `Directory`: a menu folder.
    public static let directory = DesktopEntryType(rawValue: "Directory")
}

/// An app's role for a document type or URL scheme (`CFBundleTypeRole`).
///
/// Policy for a missing `CFBundleTypeRole`: Apple documents the key as required and gives no default;
/// OpenWith treats a missing role as ``viewer`` (see ``DocumentRole/missingKeyDefault``): it keeps the
/// app able to open the type (``none`` would hide it) without claiming it can save the type
/// (``editor`` would rank it as an editor it may not be). The declared value stays available as
/// ``DocumentTypeDeclaration/declaredRole``.
public enum DocumentRole: String, Sendable, Equatable, CaseIterable {
    /// Reads, shows, changes and saves documents of the type.
    case editor = "Editor"
    /// Reads and shows documents of the type, but cannot save them.
    case viewer = "Viewer"
    /// Provides runtime services for the type (a shell); not a document opener.
    case shell = "Shell"
    /// Declares the type (icon, kind string) without being able to open it.
    case none = "None"
    /// A Quick Look generator for the type.
    case qlGenerator = "QLGenerator"

    /// The role assumed when `CFBundleTypeRole` is missing: ``viewer``.
    public static let missingKeyDefault = DocumentRole.viewer

    /// Reads a role from its `Info.plist` spelling, ignoring ASCII case (`"editor"` is ``editor``).
    public init?(plistValue: String) {
        guard let role = Self.allCases.first(where: { $0.rawValue.lowercased() == plistValue.lowercased() }) else {
            return nil
        }
        self = role
    }
}

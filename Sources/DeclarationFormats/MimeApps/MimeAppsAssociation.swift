/// One line of a `mimeapps.list` group: a MIME type and its desktop file IDs in order.
public struct MimeAppsAssociation: Sendable, Equatable {
    /// The MIME type as written (compare with ASCII case folded; MIME types are case-insensitive).
    public var mimeType: String
    /// The desktop file IDs, in order, without duplicates or empty items.
    public var desktopIDs: [String]
    /// The 1-based line the association comes from.
    public var line: Int

    /// Creates an association.
    public init(mimeType: String, desktopIDs: [String], line: Int) {
        self.mimeType = mimeType
        self.desktopIDs = desktopIDs
        self.line = line
    }
}

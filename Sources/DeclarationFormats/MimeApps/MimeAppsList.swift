/// One parsed `mimeapps.list` file (freedesktop "Association between MIME types and applications").
///
/// - ``defaults``: `[Default Applications]`, each MIME type's desktop IDs in order of preference
///   (the first one that is installed is the default);
/// - ``added``: `[Added Associations]`, apps to offer for a type beyond their own `MimeType=`;
/// - ``removed``: `[Removed Associations]`, apps not to offer for a type even if lower-precedence files
///   or their `MimeType=` say so.
///
/// Several files are layered by ``MimeAppsListLocations`` precedence; this value describes one file.
/// See ``MimeAppsListParser`` for the duplicate and conflict rules.
public struct MimeAppsList: Sendable, Equatable {
    /// The file, as the caller named it.
    public var source: String
    /// `[Default Applications]`, in file order, one association per MIME type.
    public var defaults: [MimeAppsAssociation]
    /// `[Added Associations]`, in file order, one association per MIME type, without IDs this same file
    /// removes.
    public var added: [MimeAppsAssociation]
    /// `[Removed Associations]`, in file order, one association per MIME type.
    public var removed: [MimeAppsAssociation]
    /// What was skipped or repaired while reading.
    public var warnings: [CatalogFormatWarning]

    /// Creates a list.
    public init(
        source: String, defaults: [MimeAppsAssociation] = [], added: [MimeAppsAssociation] = [],
        removed: [MimeAppsAssociation] = [], warnings: [CatalogFormatWarning] = []
    ) {
        self.source = source
        self.defaults = defaults
        self.added = added
        self.removed = removed
        self.warnings = warnings
    }

    /// The default desktop IDs for `mimeType`, in order (ASCII case ignored).
    public func defaultApplications(for mimeType: String) -> [String] {
        Self.lookup(defaults, mimeType)
    }

    /// The added desktop IDs for `mimeType` (ASCII case ignored).
    public func addedApplications(for mimeType: String) -> [String] {
        Self.lookup(added, mimeType)
    }

    /// The removed desktop IDs for `mimeType` (ASCII case ignored).
    public func removedApplications(for mimeType: String) -> [String] {
        Self.lookup(removed, mimeType)
    }

    private static func lookup(_ associations: [MimeAppsAssociation], _ mimeType: String) -> [String] {
        let folded = mimeType.lowercased()
        return associations.first { $0.mimeType.lowercased() == folded }?.desktopIDs ?? []
    }
}

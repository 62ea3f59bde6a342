public import DocumentCatalog

/// An in-memory index of the live grants, for answering "may this app do this to this file?"
/// in constant time without touching the catalog (load it again after grants change).
///
/// Policy: an app may do something to a file when one of its live grants on exactly that path
/// includes the right; nothing is inherited from folders.
public struct GrantTable: Sendable {
    private let rights: [String: [String: Set<Grant.Right>]]

    /// Loads the live grants of the catalog.
    public init(catalog: DocumentCatalog) throws(HandOverError) {
        let grants: [Grant]
        do { grants = try catalog.grants() } catch { throw HandOverError(error) }
        self.init(grants: grants)
    }

    /// Indexes grants (revoked ones are ignored).
    public init(grants: [Grant]) {
        var rights: [String: [String: Set<Grant.Right>]] = [:]
        for grant in grants where grant.revokedAt == nil {
            rights[grant.path, default: [:]][grant.appID.lowercased(), default: []].formUnion(grant.rights)
        }
        self.rights = rights
    }

    /// Whether `appID` holds `right` on `path`.
    @inline(__always)
    public func allows(_ right: Grant.Right, appID: String, path: String) -> Bool {
        guard let byApp = rights[path] else { return false }
        return byApp[appID.lowercased()]?.contains(right) ?? false
    }
}

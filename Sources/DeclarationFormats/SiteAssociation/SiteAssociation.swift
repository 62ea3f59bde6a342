/// What a domain's `apple-app-site-association` file says about universal links: its
/// `applinks.details`, each naming apps (`appIDs`) and the URLs they handle (`components`, or the
/// older `paths`).
///
/// Policy of a match (``decision(appIDs:path:query:fragment:)``):
/// - the first detail that names the app decides; later details naming it are not consulted;
/// - inside it, components are tried in order and the first that matches decides: an
///   `exclude` component refuses the URL, any other accepts it; when none matches, the URL is
///   not the app's;
/// - an app is named by its catalog id, or by `TEAMID.` followed by its catalog id (Apple's
///   form, `ABCDE12345.com.example.reader`), compared ignoring ASCII case.
///
/// ```swift
/// let association = try SiteAssociation.parse(bytes, source: "example.com")
/// association.decision(appIDs: ["com.example.reader"], path: "/items/42", query: nil, fragment: nil)
/// ```
public struct SiteAssociation: Sendable, Equatable {
    /// One entry of `applinks.details`.
    public struct Detail: Sendable, Equatable {
        /// The entry's position (0-based), for explanations.
        public var index: Int
        /// `appIDs` (and the older single `appID`), as written.
        public var appIDs: [String]
        /// `components`, or the older `paths` turned into components (`NOT ` excludes).
        public var components: [SiteAssociationComponent]

        /// Creates a detail.
        public init(index: Int, appIDs: [String], components: [SiteAssociationComponent]) {
            self.index = index
            self.appIDs = appIDs
            self.components = components
        }

        /// The written appID that names an app known under one of `ids`, if any.
        public func appID(naming ids: [String]) -> String? {
            appIDs.first { written in
                ids.contains { id in Self.names(written, id) }
            }
        }

        static func names(_ written: String, _ id: String) -> Bool {
            let lowerWritten = written.lowercased(), lowerID = id.lowercased()
            if lowerWritten == lowerID { return true }
            guard let dot = lowerWritten.firstIndex(of: ".") else { return false }
            return lowerWritten[lowerWritten.index(after: dot)...] == lowerID[...]
        }
    }

    /// How a URL fared against the file for one app.
    public enum Decision: Sendable, Equatable {
        /// The component at `component` in detail `detail` matched: the app handles the URL.
        case matched(detail: Int, component: SiteAssociationComponent)
        /// An `exclude` component matched: the URL is not the app's.
        case excluded(detail: Int, component: SiteAssociationComponent)
        /// The app's detail has no component that matches.
        case noComponentMatched(detail: Int)
        /// No detail names the app.
        case appNotListed
    }

    /// The details, in file order.
    public var details: [Detail]

    /// Creates an association.
    public init(details: [Detail]) { self.details = details }

    /// How a URL's path, query and fragment (as in the URL, without `?` and `#`) fare for the app
    /// known under `appIDs` (its catalog id, and any other name it goes by).
    public func decision(appIDs ids: [String], path: String, query: String?, fragment: String?) -> Decision {
        guard let detail = details.first(where: { $0.appID(naming: ids) != nil }) else { return .appNotListed }
        for component in detail.components where component.matches(path: path, query: query, fragment: fragment) {
            return component.excludes ? .excluded(detail: detail.index, component: component) : .matched(detail: detail.index, component: component)
        }
        return .noComponentMatched(detail: detail.index)
    }
}

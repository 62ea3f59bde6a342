public import ContentSniffing
public import DocumentCatalog
import UniformTypes

/// What opens a file: the one library call behind `openwith FILE`, `openwith default show`, the
/// options menu and open-in, for a file manager as for the command line.
///
/// A lookup holds one catalog snapshot, one resolver over its graph and one ranking, so asking
/// about many files costs one snapshot. For each file it resolves the type (name, content,
/// extended attribute, declared MIME type: ``TypeResolver``), normalises the path (a per-file
/// default is keyed by the absolute path) and ranks the apps that can open it with the reason for
/// each place (``HandlerRanking``): apps claiming its type, and apps claiming its extension when
/// no declared type owns that extension (the resolution's `nameType`: KeePassXC's
/// `CFBundleTypeExtensions` `kdbx` for `vault.kdbx`).
///
/// ```swift
/// let lookup = HandlerLookup(snapshot: try catalog.snapshot(), desktops: ["GNOME"])
/// let answer = try lookup.handlers(forFileAt: "report.pdf")
/// print(answer.resolution.identifier)                  // com.adobe.pdf
/// for candidate in answer.handlers.candidates {
///     print(candidate.app.name, candidate.reason)
/// }
/// ```
public struct HandlerLookup: Sendable {
    /// The snapshot every answer comes from.
    public let snapshot: CatalogSnapshot
    /// The ranking of the snapshot's apps.
    public let ranking: HandlerRanking
    /// The resolver over the snapshot's graph.
    public let resolver: TypeResolver

    /// Creates a lookup over a snapshot.
    ///
    /// - Parameters:
    ///   - desktops: the current desktops (`XDG_CURRENT_DESKTOP`), for `OnlyShowIn`/`NotShowIn`.
    ///   - remembersAnswers: keep ranked answers for later questions about the same type (a file
    ///     manager); a process that asks once and exits passes `false` (see ``HandlerRanking``).
    public init(snapshot: CatalogSnapshot, desktops: [String] = [], remembersAnswers: Bool = true) {
        self.snapshot = snapshot
        self.ranking = HandlerRanking(snapshot: snapshot, desktops: desktops, remembersAnswers: remembersAnswers)
        self.resolver = TypeResolver(graph: snapshot.graph)
    }

    /// The file's type and every app that can open it, default first, with reasons.
    ///
    /// The path is resolved as given; a per-file default applies when the path can be made
    /// absolute (see ``PathNormalization``). When it cannot (a working directory that cannot be
    /// named), the answer still comes, without per-file defaults, and
    /// ``FileHandlers/absolutePath`` is `nil`.
    ///
    /// - Parameters:
    ///   - role: the role asked for.
    ///   - includeAll: also list claims of rank None and role None.
    /// - Throws: ``HandOverError/Code/notFound`` (with the system's error number) when the file
    ///   cannot be read.
    public func handlers(forFileAt path: String, role: RequestedRole = .any, includeAll: Bool = false) throws(HandOverError) -> FileHandlers {
        let resolution = try resolve(path)
        let absolute = try? PathNormalization.absolute(path)
        let list = ranking.handlers(for: resolution.type, nameType: resolution.nameType, role: role, path: absolute, includeAll: includeAll)
        return FileHandlers(path: path, absolutePath: absolute, resolution: resolution, handlers: list)
    }

    /// The file's type, as ``handlers(forFileAt:role:includeAll:)`` resolves it.
    ///
    /// - Throws: ``HandOverError/Code/notFound`` when the file cannot be read.
    public func resolve(_ path: String) throws(HandOverError) -> Resolution {
        do { return try resolver.resolve(path: path) } catch { throw HandOverError(unresolvable: error, path: path) }
    }

    /// The default app for a type, a URL scheme or one file, with the reason it is the default.
    ///
    /// Policy: a scheme's default is the first of its handlers (the user's default, then the
    /// claims; ``URLSchemeRanking``); a type's is its first recommended handler unless only
    /// fallbacks claim it (``HandlerRanking``); a file's is its per-file override, else the default
    /// of its resolved type and of its extension's dynamic type. `nil` when there is none, or when
    /// a file cannot be read.
    public func defaultHandler(for target: DefaultTarget, role: RequestedRole = .any) -> (app: CatalogApp, reason: String)? {
        switch target.scope {
        case .scheme:
            return URLSchemeRanking(snapshot: snapshot).handlers(scheme: target.key).first.map { ($0.app, $0.reason) }
        case .type:
            // A dynamic type too: a default set for an extension no declared type owns (`.kdbx`).
            guard let type = try? snapshot.graph.type(withIdentifier: target.key) else { return nil }
            return ranking.defaultHandler(for: type, role: role).map { ($0.app, $0.reason) }
        case .file:
            guard let resolution = try? resolver.resolve(path: target.key) else { return nil }
            return ranking.defaultHandler(for: resolution.type, nameType: resolution.nameType, role: role, path: target.key).map { ($0.app, $0.reason) }
        }
    }
}

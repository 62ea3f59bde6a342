public import ContentSniffing
public import DocumentCatalog
public import OpenInBroker
import UniformTypes

/// The library behind one value: what a file is, who opens it, the user's defaults, open-in and
/// preview, and notice of changes, for a file manager or any program embedding OpenWith.
///
/// Opening a workspace opens the catalog (creating it on first use) and brings it up to date
/// with the machine (`followMachine`: the first time a catalog is used, the import of the
/// machine's apps from the XDG folders; later, an import of what changed): an embedder never
/// calls `importSystemOnFirstUse` itself. Every question goes through ``HandlerLookup``, the one
/// lookup behind `openwith FILE`, over the catalog's current snapshot; the lookup is kept while
/// the snapshot is current, so a file manager asking about a folder of files pays for one.
///
/// Policy: answers follow the machine. Before a question, at most once per
/// ``followInterval``, the catalog's freshness check runs (one `stat` per watched location,
/// nothing written when nothing changed) and imports what changed; ``changes(importing:)``
/// tells a long-running program at once. A change committed to the catalog, by this process or
/// another, is seen by the next question (see ``lookup()`` for how that is checked cheaply).
///
/// A workspace is a `Sendable` value: copy it, share it between threads and tasks. Its methods
/// are synchronous and do file I/O on the calling thread; each has an `async` form of the same
/// name that runs the work on a queue of its own, never on the caller's executor (the policy is
/// written on the `async` forms' extension, `Workspace+Async.swift`).
///
/// ```swift
/// let workspace = try Workspace()
/// let answer = try workspace.handlers(forFileAt: "/home/ada/photo.jpg")
/// print(answer.resolution.identifier)          // public.png when the bytes are a PNG
/// for candidate in answer.handlers.candidates { print(candidate.app.name, candidate.reason) }
/// try workspace.setDefault("org.gnome.eog.desktop", for: "public.png")
/// ```
public struct Workspace: Sendable {
    /// The catalog every answer comes from.
    public let catalog: DocumentCatalog
    /// The environment the workspace was opened with: the XDG folders it imports from and
    /// watches, and the current desktops.
    public let environment: [String: String]
    /// The desktops of the session (`XDG_CURRENT_DESKTOP`), for `OnlyShowIn`/`NotShowIn`.
    public let desktops: [String]
    /// The hand-over: open-in and preview.
    public let broker: HandOverBroker
    let lookups = LookupCache()

    /// The least time between two freshness checks made before questions: one second.
    public static let followInterval: Duration = .seconds(1)

    /// Opens the catalog the process environment names (`$OPENWITH_CATALOG`, else
    /// `$XDG_DATA_HOME/openwith/catalog.sqlite`), or the one at `catalogPath`.
    ///
    /// - Throws: ``HandOverError`` with code `catalogFailure` when the catalog cannot be opened
    ///   or created, naming its path.
    public init(catalogPath: String? = nil) throws(HandOverError) {
        try self.init(catalogPath: catalogPath, environment: ProcessEnvironment.current)
    }

    /// Opens a catalog with an explicit environment (tests, sandboxes, another user's folders).
    ///
    /// - Parameters:
    ///   - catalogPath: the catalog file; `nil` for the one `environment` names.
    ///   - environment: the variables read: `OPENWITH_CATALOG`, `HOME`, `XDG_DATA_HOME`,
    ///     `XDG_DATA_DIRS`, `XDG_CONFIG_HOME`, `XDG_CONFIG_DIRS`, `XDG_CURRENT_DESKTOP`.
    ///   - launcher: how handlers are started (a dry-run launcher starts nothing).
    /// - Throws: ``HandOverError`` (`catalogFailure`) naming the catalog's path.
    public init(catalogPath: String?, environment: [String: String], launcher: HandlerLauncher = HandlerLauncher()) throws(HandOverError) {
        let location = CatalogLocation.resolve(explicitPath: catalogPath, environment: environment)
        do {
            catalog = try DocumentCatalog(location: location)
            try catalog.followMachine(environment: environment)
        } catch {
            throw HandOverError(error)
        }
        self.environment = environment
        desktops = XDGDirectories(environment: environment).currentDesktops
        broker = try HandOverBroker(catalog: catalog, desktops: desktops, launcher: launcher)
    }

    /// The lookup over the catalog's current snapshot: the same value while the catalog has not
    /// changed, so its ranking remembers earlier answers.
    ///
    /// Policy: the catalog is asked whether it changed (a read transaction, tens of
    /// microseconds) only when its database file or write-ahead log changed on disk since the
    /// kept lookup was made, or changed too recently for the file times to tell, and at least
    /// once per ``followInterval``; otherwise the question costs two `stat` calls.
    public func lookup() throws(HandOverError) -> HandlerLookup {
        let follows = lookups.isDueToFollow(every: Self.followInterval)
        if !follows, let kept = lookups.unchangedLookup(CatalogFileStamp(catalogAt: catalog.location.path)) { return kept }
        let snapshot: CatalogSnapshot
        let stamp: CatalogFileStamp
        do {
            if follows { try catalog.followMachine(environment: environment) }
            stamp = CatalogFileStamp(catalogAt: catalog.location.path)
            snapshot = try catalog.snapshot()
        } catch {
            throw HandOverError(error)
        }
        return lookups.lookup(for: snapshot, stamp: stamp, desktops: desktops)
    }

    /// What a file is: its type, MIME type, confidence, evidence and any conflict between its
    /// name and its content (see ContentSniffing's resolution order).
    ///
    /// - Throws: ``HandOverError`` `notFound` (with the system's error number) when the file
    ///   cannot be read.
    public func resolve(path: String) throws(HandOverError) -> Resolution {
        try lookup().resolve(path)
    }

    /// What bytes are, given the name they would have (`nil` for content alone): for a file
    /// that is not on disk yet (a download, an attachment, a drag from another program).
    public func resolve(bytes: [UInt8], name: String?) throws(HandOverError) -> Resolution {
        try lookup().resolver.resolve(bytes: bytes, name: name)
    }

    /// A file's type and every app that can open it, default first, each with the reason for
    /// its place (the ranking policy of ``HandlerRanking``).
    ///
    /// - Parameters:
    ///   - role: the role asked for (viewer, editor, shell, or any).
    ///   - includeAll: also list claims of rank None and role None.
    public func handlers(forFileAt path: String, role: RequestedRole = .any, includeAll: Bool = false) throws(HandOverError) -> FileHandlers {
        try lookup().handlers(forFileAt: path, role: role, includeAll: includeAll)
    }

    /// Whether the type named `identifier` conforms to the one named `supertype` (itself
    /// included), in the catalog's graph: system types and the types apps declare.
    ///
    /// - Throws: ``HandOverError`` `invalidTarget` naming the identifier the graph does not know.
    public func conforms(_ identifier: String, to supertype: String) throws(HandOverError) -> Bool {
        let graph = try lookup().snapshot.graph
        let pair: (UniformType, UniformType)
        do {
            pair = (try graph.type(withIdentifier: identifier), try graph.type(withIdentifier: supertype))
        } catch {
            throw HandOverError(.invalidTarget, reason: "not a type identifier: \(error)", value: identifier + " / " + supertype)
        }
        return pair.0.conforms(to: pair.1)
    }

    /// Makes an app the user's default for a type (`public.png`), an extension (`.png`), a
    /// MIME type (`image/png`), a URL scheme (`mailto:`) or, with `isFile`, one file.
    ///
    /// Policy (``DocumentCatalog/setDefault(scope:key:role:appID:force:)``): the app must be
    /// registered and, unless `force`, claim the type or scheme. Returns what the default was
    /// stored for (an extension or a MIME type is stored for its type).
    ///
    /// - Throws: ``HandOverError`` `unknownApp` for an app that is not registered, `noHandler`
    ///   for one that does not claim the target, `invalidTarget` for a target that is no type,
    ///   extension, MIME type or scheme.
    @discardableResult
    public func setDefault(_ appID: String, for target: String, role: RequestedRole = .any, isFile: Bool = false, force: Bool = false) throws(HandOverError) -> DefaultTarget {
        let parsed = try DefaultTarget(parsing: target, isFile: isFile, graph: try lookup().snapshot.graph)
        do {
            try catalog.setDefault(scope: parsed.scope, key: parsed.key, role: role, appID: appID, force: force)
        } catch where error.code == .invalidRequest {
            // The app does not claim what it is made default for: it cannot open it.
            throw HandOverError(.noHandler, reason: error.reason, path: catalog.location.path, key: appID)
        } catch {
            throw HandOverError(error)
        }
        return parsed
    }

    /// Opens a file in an app, as a file manager's "Open With": a read-only copy in the app's
    /// inbox with a grant (or, `inPlace`, a grant to the original), then the app is launched or
    /// sent an open request. The app is `appID`, else the default. See
    /// ``HandOverBroker/openIn(path:with:from:annotation:role:inPlace:force:)``.
    public func openIn(path: String, with appID: String? = nil, role: RequestedRole = .any, inPlace: Bool = false) throws(HandOverError) -> OpenInResult {
        try broker.openIn(path: path, with: appID, role: role, inPlace: inPlace)
    }

    /// A preview that needs no app (bounded reads): image size, PDF pages, text lines, archive
    /// entries, media tracks.
    public func preview(path: String) throws(HandOverError) -> (resolution: Resolution, preview: DocumentPreview) {
        try broker.preview(path: path)
    }

    /// Imports the machine's desktop entries, shared-mime-info packages and mimeapps.list files
    /// again, all of them (the full rebuild; the freshness check imports only what changed).
    @discardableResult
    public func importSystem() throws(HandOverError) -> ImportReport {
        do { return try catalog.importSystem(environment: environment) } catch { throw HandOverError(error) }
    }
}

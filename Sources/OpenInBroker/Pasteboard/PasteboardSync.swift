public import UniformTypes

/// Carries the general pasteboard to the desktop clipboard and back, mapping type identifiers to
/// MIME targets and MIME targets to type identifiers through the type graph.
///
/// Policy:
/// - To the desktop: a desktop clipboard holds one item, and `wl-copy` and `xclip` offer one
///   target per copy; so the first item's first representation whose type has a MIME type is
///   offered under it (UTF-8 text as `text/plain;charset=utf-8`); the rest are reported as left.
///   A local-only or empty board is not synced.
/// - From the desktop: every target the clipboard offers whose MIME type (or X11's `UTF8_STRING`)
///   names a type becomes one representation of one item, in the clipboard's order, one per
///   type, within the board's size limit; the general board is replaced by it. Other X11 atoms
///   (`TARGETS`, `TIMESTAMP`, `STRING` …) are left. An empty clipboard leaves the board as it was.
/// - Without a desktop clipboard nothing is done and the report says why: this is not a failure.
///
/// ```swift
/// let sync = PasteboardSync(store: store, graph: graph, clipboard: DesktopClipboard.find(environment: environment))
/// let report = try sync.toDesktop()
/// ```
public struct PasteboardSync: Sendable {
    /// The pasteboards.
    public let store: PasteboardStore
    /// The graph types are mapped through.
    public let graph: TypeGraph
    /// The desktop clipboard, or why there is none.
    public let clipboard: DesktopClipboard.Availability

    /// A sync between `store`'s general board and `clipboard`.
    public init(store: PasteboardStore, graph: TypeGraph, clipboard: DesktopClipboard.Availability) {
        self.store = store
        self.graph = graph
        self.clipboard = clipboard
    }

    /// Offers the general board's first item to the desktop clipboard (see the policy).
    ///
    /// - Throws: the store's errors reading the board, or
    ///   ``HandOverError/Code/desktopClipboardFailed``.
    public func toDesktop() throws(HandOverError) -> PasteboardSyncReport {
        guard case .available(let desktop) = clipboard else {
            return PasteboardSyncReport(direction: .toDesktop, tool: nil, skipped: unavailableReason)
        }
        var report = PasteboardSyncReport(direction: .toDesktop, tool: desktop.tool.rawValue)
        let contents = try store.contents(of: .general)
        if contents.isLocalOnly {
            report.skipped = "the general pasteboard is local-only"
            return report
        }
        guard let item = contents.items.first else {
            report.skipped = "the general pasteboard is empty"
            return report
        }
        for representation in item.representations {
            guard report.carried.isEmpty else {
                report.left.append(.init(type: representation.type.rawValue, target: target(for: representation.type), reason: "\(desktop.copyProgram) offers one target per copy"))
                continue
            }
            guard let target = target(for: representation.type) else {
                report.left.append(.init(type: representation.type.rawValue, target: nil, reason: "the type has no MIME type"))
                continue
            }
            try desktop.write(contents.data(of: representation), target: target)
            report.carried.append(.init(type: representation.type.rawValue, target: target, bytes: representation.byteCount))
        }
        for (index, other) in contents.items.enumerated().dropFirst() {
            report.left.append(.init(type: other.types.first?.rawValue, target: nil, reason: "item \(index + 1): a desktop clipboard holds one item"))
        }
        if report.carried.isEmpty { report.skipped = "no representation of the first item has a MIME type" }
        return report
    }

    /// Replaces the general board with what the desktop clipboard holds (see the policy).
    ///
    /// - Throws: ``HandOverError/Code/desktopClipboardFailed`` when a tool fails, or the
    ///   store's errors writing the board.
    public func fromDesktop() throws(HandOverError) -> PasteboardSyncReport {
        guard case .available(let desktop) = clipboard else {
            return PasteboardSyncReport(direction: .fromDesktop, tool: nil, skipped: unavailableReason)
        }
        var report = PasteboardSyncReport(direction: .fromDesktop, tool: desktop.tool.rawValue)
        var representations: [PasteboardRepresentationData] = []
        var budget = store.limits.maximumBytes
        for target in try desktop.targets() {
            guard let type = type(forTarget: target) else {
                report.left.append(.init(type: nil, target: target, reason: "no type has this MIME type"))
                continue
            }
            if representations.contains(where: { $0.type == type.identifier }) {
                report.left.append(.init(type: type.identifier.rawValue, target: target, reason: "an earlier target gave this type"))
                continue
            }
            guard representations.count < store.limits.maximumRepresentations else {
                report.left.append(.init(type: type.identifier.rawValue, target: target, reason: "the item has the most representations allowed"))
                continue
            }
            let bytes: [UInt8]?
            do { bytes = try desktop.read(target: target, limit: budget) } catch {
                report.left.append(.init(type: type.identifier.rawValue, target: target, reason: error.reason))
                continue
            }
            guard let bytes else {
                report.left.append(.init(type: type.identifier.rawValue, target: target, reason: "the clipboard gave nothing for it"))
                continue
            }
            budget -= bytes.count
            representations.append(PasteboardRepresentationData(type: type.identifier, bytes: bytes))
            report.carried.append(.init(type: type.identifier.rawValue, target: target, bytes: bytes.count))
        }
        if representations.isEmpty {
            report.skipped = "the desktop clipboard holds nothing of a known type; the general pasteboard is unchanged"
            return report
        }
        try store.write([PasteboardItemData(representations)], to: .general)
        return report
    }

    private var unavailableReason: String {
        if case .unavailable(let reason) = clipboard { return reason + "; nothing was synced" }
        return ""
    }
}

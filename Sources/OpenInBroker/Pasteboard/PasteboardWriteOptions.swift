/// How a write treats the board.
///
/// Policy: a write replaces the board's items unless it ``appends``. Expiry and local-only are
/// options of the general board only (named boards persist until cleared); each write sets
/// them anew for the whole board. A local-only board stays on this machine's OpenWith:
/// `pasteboard sync` never hands it to the desktop clipboard.
public struct PasteboardWriteOptions: Sendable, Equatable {
    /// Seconds after the write when the board empties itself; `nil` for never.
    public var expiresAfter: Int64?
    /// Whether the board stays out of the desktop clipboard.
    public var isLocalOnly: Bool
    /// Whether the items are added after the board's items instead of replacing them.
    public var appends: Bool

    /// Options; the defaults replace the items, never expire and allow sync.
    public init(expiresAfter: Int64? = nil, isLocalOnly: Bool = false, appends: Bool = false) {
        self.expiresAfter = expiresAfter
        self.isLocalOnly = isLocalOnly
        self.appends = appends
    }
}

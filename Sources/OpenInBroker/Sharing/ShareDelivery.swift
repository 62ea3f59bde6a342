public import DocumentCatalog

/// What a share delivered: the extension, the inbox copies with their grants, the requests queued
/// for it, and how its app was reached.
public struct ShareDelivery: Sendable {
    /// The extension that took the items.
    public var activity: ShareActivity
    /// The extension's inbox (`containers/<extension-id>/Documents/Inbox`).
    public var inbox: String
    /// The grants of the inbox copies, in the order of the files.
    public var grants: [Grant]
    /// The open requests queued: one per item (files as `file://` URLs with their grant, web URLs
    /// as given, text as a `data:text/plain;charset=utf-8,` URL).
    public var requests: [OpenRequest]
    /// How a desktop-entry app was launched with the copies, if it was.
    public var launch: HandlerLauncher.Delivery?
    /// Whether this was only a plan (nothing copied, queued or launched).
    public var dryRun: Bool
}

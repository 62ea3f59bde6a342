/// What a `pasteboard sync` did: which tool it used, which types went across as which MIME
/// targets, and which were left behind and why; or why it did nothing.
public struct PasteboardSyncReport: Sendable, Equatable, Encodable {
    /// Which way the sync went.
    public enum Direction: String, Sendable, Encodable {
        /// From the general pasteboard to the desktop clipboard.
        case toDesktop = "to-desktop"
        /// From the desktop clipboard to the general pasteboard.
        case fromDesktop = "from-desktop"
    }

    /// One type and target, carried across or left behind.
    public struct Mapping: Sendable, Equatable, Encodable {
        /// The type identifier, when one maps.
        public var type: String?
        /// The MIME type or clipboard target, when one maps.
        public var target: String?
        /// The number of bytes carried.
        public var bytes: Int?
        /// Why it was left behind (`nil` when it was carried).
        public var reason: String?

        /// A mapping.
        public init(type: String?, target: String?, bytes: Int? = nil, reason: String? = nil) {
            self.type = type
            self.target = target
            self.bytes = bytes
            self.reason = reason
        }
    }

    /// Which way it went.
    public var direction: Direction
    /// The tool used (`wl-clipboard` or `xclip`); `nil` when there is none.
    public var tool: String?
    /// Why nothing was synced (no tool, an empty or local-only board, an empty clipboard);
    /// `nil` when something was.
    public var skipped: String?
    /// What went across.
    public var carried: [Mapping]
    /// What was left behind, each with its reason.
    public var left: [Mapping]

    /// A report.
    public init(direction: Direction, tool: String?, skipped: String? = nil, carried: [Mapping] = [], left: [Mapping] = []) {
        self.direction = direction
        self.tool = tool
        self.skipped = skipped
        self.carried = carried
        self.left = left
    }
}

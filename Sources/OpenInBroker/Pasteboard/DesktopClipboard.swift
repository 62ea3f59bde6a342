/// The desktop's clipboard, reached through its command-line tools: `wl-copy` and `wl-paste`
/// on Wayland, `xclip` on X11.
///
/// Policy: Wayland's tools are used when `WAYLAND_DISPLAY` is set and both are on `PATH`; else
/// `xclip` when `DISPLAY` is set and it is on `PATH`; else there is no desktop clipboard, and
/// ``find(environment:)`` says why. The clipboard is the `CLIPBOARD` selection (what
/// Ctrl+C and Ctrl+V use), never the primary selection.
///
/// ```swift
/// switch DesktopClipboard.find(environment: environment) {
/// case .available(let clipboard): print(try clipboard.targets())
/// case .unavailable(let reason): print(reason)
/// }
/// ```
public struct DesktopClipboard: Sendable, Equatable {
    /// The tools a clipboard is reached through.
    public enum Tool: String, Sendable {
        /// `wl-copy` and `wl-paste` (wl-clipboard), on Wayland.
        case wlClipboard = "wl-clipboard"
        /// `xclip`, on X11.
        case xclip
    }

    /// Whether a desktop clipboard can be reached.
    public enum Availability: Sendable, Equatable {
        /// It can, through these tools.
        case available(DesktopClipboard)
        /// It cannot, and why (no tool on `PATH`, no display).
        case unavailable(reason: String)
    }

    /// The tools used.
    public let tool: Tool
    /// The program that copies (`wl-copy` or `xclip`), as found on `PATH`.
    public let copyProgram: String
    /// The program that pastes (`wl-paste` or `xclip`), as found on `PATH`.
    public let pasteProgram: String
    /// The longest a tool may take, in seconds, before it is stopped.
    public var timeLimit: Double = 5

    /// The clipboard the environment offers (see the type's policy).
    public static func find(environment: [String: String]) -> Availability {
        let searchPath = environment["PATH"] ?? "/usr/bin:/bin"
        let wlCopy = ThumbnailerEntry.findProgram("wl-copy", searchPath: searchPath)
        let wlPaste = ThumbnailerEntry.findProgram("wl-paste", searchPath: searchPath)
        let xclip = ThumbnailerEntry.findProgram("xclip", searchPath: searchPath)
        let wayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        let x11 = !(environment["DISPLAY"] ?? "").isEmpty
        if wayland, let wlCopy, let wlPaste { return .available(DesktopClipboard(tool: .wlClipboard, copyProgram: wlCopy, pasteProgram: wlPaste)) }
        if x11, let xclip { return .available(DesktopClipboard(tool: .xclip, copyProgram: xclip, pasteProgram: xclip)) }
        if wlCopy == nil && wlPaste == nil && xclip == nil {
            return .unavailable(reason: "no desktop clipboard tool: neither wl-copy and wl-paste (Wayland) nor xclip (X11) is on PATH")
        }
        var found: [String] = []
        if wlCopy != nil && wlPaste != nil { found.append("wl-copy and wl-paste are on PATH but WAYLAND_DISPLAY is not set") }
        else if wlCopy != nil || wlPaste != nil { found.append("only one of wl-copy and wl-paste is on PATH") }
        if xclip != nil { found.append("xclip is on PATH but DISPLAY is not set") }
        return .unavailable(reason: "no desktop clipboard: " + found.joined(separator: "; "))
    }

    /// A clipboard reached through the given programs.
    public init(tool: Tool, copyProgram: String, pasteProgram: String) {
        self.tool = tool
        self.copyProgram = copyProgram
        self.pasteProgram = pasteProgram
    }

    /// The targets (MIME types, and X11's own atoms such as `UTF8_STRING`) the clipboard offers
    /// now; empty when it holds nothing.
    public func targets() throws(HandOverError) -> [String] {
        let arguments = tool == .wlClipboard ? [pasteProgram, "--list-types"] : [pasteProgram, "-selection", "clipboard", "-o", "-t", "TARGETS"]
        guard let output = try ClipboardProgram.output(of: arguments, limit: 64 << 10, timeLimit: timeLimit) else { return [] }
        return String(decoding: output, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { String($0).trimmedOfBlanks() }.filter { !$0.isEmpty }
    }

    /// The clipboard's bytes for one target, at most `limit` of them; `nil` when it does not
    /// offer the target.
    ///
    /// - Throws: ``HandOverError/Code/desktopClipboardFailed`` when the tool cannot run, takes
    ///   too long or gives more than `limit` bytes.
    public func read(target: String, limit: Int) throws(HandOverError) -> [UInt8]? {
        let arguments = tool == .wlClipboard ? [pasteProgram, "--no-newline", "--type", target] : [pasteProgram, "-selection", "clipboard", "-o", "-t", target]
        return try ClipboardProgram.output(of: arguments, limit: limit, timeLimit: timeLimit)
    }

    /// Puts `bytes` on the clipboard under one target.
    ///
    /// - Throws: ``HandOverError/Code/desktopClipboardFailed`` when the tool cannot run or fails.
    public func write(_ bytes: [UInt8], target: String) throws(HandOverError) {
        let arguments = tool == .wlClipboard ? [copyProgram, "--type", target] : [copyProgram, "-selection", "clipboard", "-i", "-t", target]
        let status: Int32
        do {
            status = try ProgramSpawn(argv: arguments, detachesOutput: true, detachesErrors: true).run(input: bytes)
        } catch {
            throw HandOverError(.desktopClipboardFailed, reason: "cannot run \(copyProgram): \(error.reason)", path: copyProgram, errno: error.errno)
        }
        guard status == 0 else {
            throw HandOverError(.desktopClipboardFailed, reason: "\(copyProgram) failed (wait status \(status))", path: copyProgram, value: target)
        }
    }
}

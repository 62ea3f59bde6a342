public import DocumentCatalog
import Glibc

/// Delivers a document or URL to an app.
///
/// Policy:
/// - a desktop-entry app is launched with its `Exec` line expanded into argument vectors
///   (`%f %F %u %U %i %c %k`, the Desktop Entry spec's quoting), directly with `posix_spawn`,
///   never through a shell, in a new session, with standard input from `/dev/null` (and
///   standard output too, unless told to share it);
///   `Terminal=true` wraps each vector in the terminal command;
/// - an app known from an `Info.plist` whose bundle carries its program (``BundleExecutable``:
///   `Contents/MacOS/<CFBundleExecutable>` of a `.app`, or `<CFBundleExecutable>` beside a flat
///   bundle's `Info.plist`) is launched the same way, with the files (or URLs) as its arguments;
/// - an `Info.plist` app without a program gets one pending open request per target in the
///   catalog (with the grant and the document's type), which it reads and takes through the
///   library or `openwith requests list|take`;
/// - with `dryRun`, nothing is launched or queued: the plan is returned.
public struct HandlerLauncher: Sendable {
    /// The terminal used for `Terminal=true` entries.
    public var terminal: [String]
    /// Whether to only plan.
    public var dryRun: Bool
    /// Whether launched apps write their standard output to `/dev/null` instead of sharing ours.
    public var detachesOutput: Bool

    /// Creates a launcher.
    public init(terminal: [String] = ["x-terminal-emulator", "-e"], dryRun: Bool = false, detachesOutput: Bool = true) {
        self.terminal = terminal
        self.dryRun = dryRun
        self.detachesOutput = detachesOutput
    }

    /// How a delivery went.
    public struct Delivery: Sendable, Codable, Equatable {
        /// `launch` or `open-request`.
        public var method: String
        /// The argument vectors run (or that would run).
        public var commands: [[String]]
        /// The process ids started.
        public var processIDs: [Int32]
        /// The queued request's id.
        public var requestID: Int64?
        /// Whether this was only a plan.
        public var dryRun: Bool
    }

    /// Delivers `targets` (file paths, or URLs with `asURLs`) to `app`.
    public func deliver(
        _ targets: [String], asURLs: Bool = false, to app: CatalogApp, catalog: DocumentCatalog, sourceApp: String? = nil,
        annotation: [UInt8]? = nil, options: [String] = [], grantID: Int64? = nil, typeIdentifier: String? = nil
    ) throws(HandOverError) -> Delivery {
        switch app.kind {
        case .bundle:
            if let program = BundleExecutable.locate(propertyListPath: app.sourcePath) {
                return try launch([[program] + targets])
            }
            if dryRun { return Delivery(method: "open-request", commands: [], processIDs: [], requestID: nil, dryRun: true) }
            var lastID: Int64?
            for target in targets {
                let url = asURLs ? target : FileURL.make(target)
                let request = OpenRequest(
                    appID: app.id, url: url, sourceApp: sourceApp, annotation: annotation, options: options, grantID: grantID,
                    typeIdentifier: typeIdentifier, createdAt: WallClock.now())
                do { lastID = try catalog.queueOpenRequest(request).id } catch { throw HandOverError(error) }
            }
            return Delivery(method: "open-request", commands: [], processIDs: [], requestID: lastID, dryRun: false)
        case .desktop:
            guard let exec = app.exec, !exec.isEmpty else {
                throw HandOverError(.launchFailed, reason: "the desktop entry has no Exec line", path: app.sourcePath, key: "Exec")
            }
            // A registered app's exec is stored as its desktop entry was read: the string escapes
            // are already decoded, and must not be decoded a second time.
            let line = try DesktopExecLine(exec, unescapingStringValue: false)
            let context = DesktopExecLine.Context(icon: app.icon, name: app.name, location: app.sourcePath)
            var commands = try line.expand(targets.map { asURLs ? .url($0) : .file($0) }, context: context)
            if app.terminal { commands = commands.map { terminal + $0 } }
            return try launch(commands)
        }
    }

    /// Runs each argument vector (or only plans them, with ``dryRun``).
    private func launch(_ commands: [[String]]) throws(HandOverError) -> Delivery {
        if dryRun { return Delivery(method: "launch", commands: commands, processIDs: [], requestID: nil, dryRun: true) }
        var pids: [Int32] = []
        for command in commands { pids.append(try ProgramSpawn(argv: command, newSession: true, detachesOutput: detachesOutput).start()) }
        return Delivery(method: "launch", commands: commands, processIDs: pids, requestID: nil, dryRun: false)
    }
}

/// `file://` URLs for local paths, percent-encoding everything but unreserved characters and `/`.
enum FileURL {
    static func make(_ path: String) -> String {
        var url = "file://"
        for byte in path.utf8 {
            let unreserved = (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "/")
            if unreserved { url.unicodeScalars.append(Unicode.Scalar(byte)) } else {
                let hex = Array("0123456789ABCDEF".utf8)
                url += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return url
    }
}

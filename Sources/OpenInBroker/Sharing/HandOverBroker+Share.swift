import ContentSniffing
import DocumentCatalog
import Glibc
import UniformTypes

extension HandOverBroker {
    /// The longest text item shared, in bytes.
    public static let maximumShareTextLength = 64 << 10

    /// The share sheet for `items`: what each is, the extensions that take the whole set (ranked,
    /// with reasons; see ``ShareActivityIndex``) and those that do not, with why.
    ///
    /// - Throws: ``HandOverError`` for a file that cannot be resolved, a text or URL that is
    ///   refused (``HandOverError/Code/invalidShareItem``), or the catalog.
    public func shareActivities(for items: [ShareItem]) throws(HandOverError) -> ShareActivities {
        let (index, set) = try prepareShare(items)
        return index.activities(for: set)
    }

    /// Shares `items` with the extension `extensionID`, as the share sheet does when one is chosen.
    ///
    /// Policy: the extension's rule must take the whole set, else nothing is copied or queued
    /// (``HandOverError/Code/shareRefused`` with the rule's reason). Files are copied into the
    /// extension's inbox as open-in copies are (journaled, atomic, read-only, with an inbox grant
    /// naming the sending app and the original); then, for an extension of a desktop-entry app,
    /// the app is launched with the copies (or the URLs); finally one open request per item is
    /// queued for the extension with an audit entry, in one transaction. If a later step fails,
    /// the copies made are removed and their grants revoked. A file whose content contradicts its
    /// name into something runnable is refused, as in open-in.
    public func share(_ items: [ShareItem], to extensionID: String, from sourceApp: String? = nil) throws(HandOverError) -> ShareDelivery {
        let (index, set) = try prepareShare(items)
        guard let position = index.index(ofExtension: extensionID) else {
            throw HandOverError(
                .unknownExtension, reason: AppIDSuggestion.unknownAppReason(extensionID, among: index.extensions.map(\.identifier)), key: extensionID)
        }
        let verdict = index.verdict(ofRuleAt: position, for: set)
        let activity = index.activity(at: position, verdict: verdict, set: set)
        guard verdict.isAccepted else {
            throw HandOverError(.shareRefused, reason: "\(activity.extensionID) refuses the items: \(activity.reason)", key: activity.extensionID)
        }
        let snapshot = try snapshot()
        for item in set.items {
            if case .file(let path) = item.item, item.type.conforms(to: snapshot.graph.identity(.executable)) || item.type.conforms(to: snapshot.graph.identity(.script)) {
                let resolution = try resolve(path, in: snapshot.graph)
                if let conflict = resolution.conflict { throw HandOverError(.typeNotAccepted, reason: "refused: \(conflict.description)", path: path) }
            }
        }
        let container = try AppContainer(appID: activity.extensionID, dataFolder: catalog.location.dataFolder)
        let app = snapshot.app(id: activity.appID)
        if launcher.dryRun {
            return ShareDelivery(activity: activity, inbox: container.inbox, grants: [], requests: [], launch: nil, dryRun: true)
        }
        var grants: [Grant] = []
        do throws(HandOverError) {
            for item in set.items {
                guard case .file(let path) = item.item else { continue }
                grants.append(try transfer.transfer(
                    path, into: container.inbox, of: container, operation: .copy, journalOperation: .openIn, mode: 0o444,
                    grant: Grant(
                        appID: activity.extensionID, path: "", kind: .inbox, rights: [.read, .delete], sourceApp: sourceApp, originalPath: path,
                        createdAt: WallClock.now())))
            }
            var launch: HandlerLauncher.Delivery?
            if let app, app.kind == .desktop {
                let urls = set.items.compactMap { item -> String? in if case .webURL(let url) = item.item { return url } else { return nil } }
                if !grants.isEmpty {
                    launch = try launcher.deliver(grants.map(\.path), to: app, catalog: catalog, sourceApp: sourceApp)
                } else if !urls.isEmpty {
                    launch = try launcher.deliver(urls, asURLs: true, to: app, catalog: catalog, sourceApp: sourceApp)
                }
            }
            let requests = shareRequests(set, grants: grants, extensionID: activity.extensionID, sourceApp: sourceApp)
            let detail = "\(set.count) item\(set.count == 1 ? "" : "s") from \(sourceApp ?? "the user"): \(set.items.prefix(3).map(\.item.label).joined(separator: ", "))"
            let stored: [OpenRequest]
            do { stored = try catalog.queueShareRequests(requests, extensionID: activity.extensionID, detail: detail) } catch { throw HandOverError(error) }
            return ShareDelivery(activity: activity, inbox: container.inbox, grants: grants, requests: stored, launch: launch, dryRun: false)
        } catch {
            withdraw(grants, reason: "the share failed: \(error.reason)")
            throw error
        }
    }

    /// The registered id of the share extension `identifier` (ignoring case), if there is one:
    /// an extension has a container and a request queue of its own, as an app does.
    func registeredShareExtensionID(_ identifier: String) -> String? {
        let folded = identifier.lowercased()
        return (try? catalog.shareExtensions())?.first { $0.identifier.lowercased() == folded }?.identifier
    }

    /// The extensions compiled against the current graph, and the items resolved and validated.
    func prepareShare(_ items: [ShareItem]) throws(HandOverError) -> (ShareActivityIndex, ShareItemSet) {
        let snapshot = try snapshot()
        let graph = snapshot.graph
        var resolved: [ResolvedShareItem] = []
        let validator = URLRequestValidator(allowedSchemes: ["http", "https"])
        for item in items {
            switch item {
            case .file(let path):
                let absolute = try PathNormalization.absolute(path)
                let resolution = try resolve(absolute, in: graph)
                guard resolution.type.conforms(to: graph.identity(.data)) || resolution.type.conforms(to: graph.identity(.content)) else {
                    throw HandOverError(.notRegularFile, reason: "\(resolution.identifier) is not a document that can be shared", path: path)
                }
                resolved.append(ResolvedShareItem(item: .file(absolute), type: resolution.type))
            case .text(let text):
                guard !text.isEmpty, text.utf8.count <= Self.maximumShareTextLength, !text.utf8.contains(0) else {
                    throw HandOverError(
                        .invalidShareItem, reason: text.isEmpty ? "the text is empty" : text.utf8.contains(0) ? "the text holds a NUL byte" : "the text is \(text.utf8.count) bytes (at most \(Self.maximumShareTextLength))",
                        key: "text")
                }
                resolved.append(ResolvedShareItem(item: item, type: graph.identity(.plainText)))
            case .webURL(let url):
                let validated: ValidatedURL
                do { validated = try validator.validate(url) } catch {
                    throw HandOverError(.invalidShareItem, reason: "not a web URL: \(error.reason)", key: "url", value: url)
                }
                guard validated.authority.map({ !$0.isEmpty }) ?? false else {
                    throw HandOverError(.invalidShareItem, reason: "a web URL names a host", key: "url", value: url)
                }
                resolved.append(ResolvedShareItem(item: item, type: graph.identity("public.url")))
            }
        }
        let extensions: [RegisteredShareExtension]
        do { extensions = try catalog.shareExtensions() } catch { throw HandOverError(error) }
        var missingPrograms: [String: (key: String, program: String)] = [:]
        for registered in extensions {
            if let app = snapshot.app(id: registered.appID), let missing = snapshot.missingProgram(app.index) {
                missingPrograms[registered.identifier] = missing
            }
        }
        return (ShareActivityIndex(extensions, graph: graph, missingPrograms: missingPrograms), ShareItemSet(resolved, graph: graph))
    }

    /// One open request per item, in order.
    func shareRequests(_ set: ShareItemSet, grants: [Grant], extensionID: String, sourceApp: String?) -> [OpenRequest] {
        var remaining = grants[...]
        let now = WallClock.now()
        return set.items.map { item in
            switch item.item {
            case .file:
                let grant = remaining.removeFirst()
                return OpenRequest(
                    appID: extensionID, url: FileURL.make(grant.path), sourceApp: sourceApp, options: ["share"], grantID: grant.id,
                    typeIdentifier: item.type.identifier.rawValue, createdAt: now)
            case .webURL(let url):
                return OpenRequest(appID: extensionID, url: url, sourceApp: sourceApp, options: ["share"], typeIdentifier: "public.url", createdAt: now)
            case .text(let text):
                return OpenRequest(
                    appID: extensionID, url: "data:text/plain;charset=utf-8," + ShareText.percentEncoded(text), sourceApp: sourceApp,
                    options: ["share"], typeIdentifier: item.type.identifier.rawValue, createdAt: now)
            }
        }
    }

    /// Removes the inbox copies of a failed share and revokes their grants.
    func withdraw(_ grants: [Grant], reason: String) {
        for grant in grants {
            if let device = grant.device, let inode = grant.inode, TransferUndo.isFile(grant.path, device: device, inode: inode) {
                _ = PathBytes.withCString(grant.path) { unlink($0) }
            }
            _ = try? catalog.revokeGrant(id: grant.id, reason: reason)
        }
    }
}

/// Text as the data of a `data:` URL: UTF-8, every byte but unreserved ones percent-encoded.
enum ShareText {
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let unreserved = (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved { out.append(byte) } else { out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

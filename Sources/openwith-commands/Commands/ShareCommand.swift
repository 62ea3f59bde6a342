import ArgumentParser
import DocumentCatalog
import OpenInBroker
import OpenWithCommandLine

/// `openwith share FILE… [--text T] [--url U] [--to ID]`: the share sheet.
struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "List the share and action extensions that take a set of items, ranked with reasons, or share it with one (--to).",
        discussion: """
            Files, texts (--text) and web URLs (--url) form one set; an extension is offered only when its activation rule takes \
            the whole set. --explain says which part of each rule took or refused each item, and lists the extensions left out. \
            --to copies the files into the extension's inbox (read-only, with grants, journaled) and queues one request per item \
            (read them with openwith requests list --app ID); an extension that refuses the set gets nothing.
            """)
    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The files.") var files: [String] = []
    @Option(help: "A text item (repeatable).") var text: [String] = []
    @Option(help: "An http or https URL (repeatable).") var url: [String] = []
    @Option(help: "Share with this extension.") var to: String?
    @Option(help: "The app sharing the items.") var from: String?
    @Flag(help: "Say which rule took or refused each item, and list the extensions left out.") var explain = false
    @Flag(help: "Show what would happen; copy and queue nothing.") var dryRun = false
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if files.isEmpty && text.isEmpty && url.isEmpty { throw ValidationError("give at least one file, --text or --url") }
    }

    /// The items in the order a user reads them: files, texts, URLs.
    var items: [ShareItem] { files.map(ShareItem.file) + text.map(ShareItem.text) + url.map(ShareItem.webURL) }

    func run() throws {
        let broker = try catalog.broker(dryRun: dryRun, sharesOutput: !json)
        if let to {
            let delivery = try broker.share(items, to: to, from: from)
            if json { try JSONOutput.print(ShareReport.Delivered(delivery)) } else { printDelivery(delivery) }
            return
        }
        let sheet = try broker.shareActivities(for: items)
        if json { try JSONOutput.print(ShareReport(sheet, explain: explain)) } else { printSheet(sheet) }
        if sheet.offered.isEmpty { throw ExitStatus.nothingFound }
    }

    private func printSheet(_ sheet: ShareActivities) {
        print(sheet.items.map { "\($0.item.label) (\($0.type.identifier.rawValue))" }.joined(separator: ", "))
        if sheet.offered.isEmpty { print("no extension takes \(sheet.items.count == 1 ? "this item" : "these \(sheet.items.count) items")") }
        for (rank, activity) in sheet.offered.enumerated() {
            print("\(rank + 1). \(activity.title) (\(activity.extensionID), \(activity.kind.rawValue)) — \(activity.reason)")
            if explain { for line in activity.itemReasons { print("     \(line)") } }
        }
        guard explain, !sheet.refused.isEmpty else { return }
        print("left out:")
        for activity in sheet.refused {
            print("  - \(activity.title) (\(activity.extensionID), \(activity.kind.rawValue)) — \(activity.reason)")
            for line in activity.itemReasons { print("     \(line)") }
        }
    }

    private func printDelivery(_ delivery: ShareDelivery) {
        let activity = delivery.activity
        print("→ \(activity.title) (\(activity.extensionID)) — \(activity.reason)")
        if delivery.dryRun {
            print("  would copy the files into \(delivery.inbox) and queue one request per item")
            return
        }
        for grant in delivery.grants { print("  copied to \(grant.path) (grant \(grant.id), read + delete)") }
        for request in delivery.requests { print("  request \(request.id): \(request.url.count > 80 ? String(request.url.prefix(80)) + "…" : request.url)") }
        if let launch = delivery.launch {
            for command in launch.commands { print("  ran: \(command.map(ShellQuoting.quote).joined(separator: " "))") }
        }
    }
}

/// The JSON of `openwith share`.
struct ShareReport: Encodable {
    struct Item: Encodable {
        let kind: String, value: String, type: String
        init(_ item: ResolvedShareItem) {
            switch item.item {
            case .file(let path): (kind, value) = ("file", path)
            case .text(let text): (kind, value) = ("text", text)
            case .webURL(let url): (kind, value) = ("url", url)
            }
            type = item.type.identifier.rawValue
        }
    }

    struct Activity: Encodable {
        let id: String, app: String, kind: String, title: String, accepted: Bool, score: Int?, reason: String, source: String
        let items: [String]?
        init(_ activity: ShareActivity, explain: Bool) {
            (id, app, kind, title, reason, source) = (activity.extensionID, activity.appID, activity.kind.rawValue, activity.title, activity.reason, activity.source)
            accepted = activity.verdict.isAccepted
            if case .accepted(let value) = activity.verdict { score = value } else { score = nil }
            items = explain ? activity.itemReasons : nil
        }
    }

    struct Delivered: Encodable {
        struct Copy: Encodable { let path: String, grantID: Int64, original: String?, sha256: String?, size: Int64 }
        struct Request: Encodable { let id: Int64, url: String, type: String?, grantID: Int64? }
        let activity: Activity, inbox: String, copies: [Copy], requests: [Request], delivery: HandlerLauncher.Delivery?, dryRun: Bool
        init(_ delivery: ShareDelivery) {
            activity = Activity(delivery.activity, explain: true)
            inbox = delivery.inbox
            copies = delivery.grants.map { Copy(path: $0.path, grantID: $0.id, original: $0.originalPath, sha256: $0.sha256, size: $0.size) }
            requests = delivery.requests.map { Request(id: $0.id, url: $0.url, type: $0.typeIdentifier, grantID: $0.grantID) }
            self.delivery = delivery.launch
            dryRun = delivery.dryRun
        }
    }

    let items: [Item], activities: [Activity], refused: [Activity]?

    init(_ sheet: ShareActivities, explain: Bool) {
        items = sheet.items.map(Item.init)
        activities = sheet.offered.map { Activity($0, explain: explain) }
        refused = explain ? sheet.refused.map { Activity($0, explain: true) } : nil
    }
}

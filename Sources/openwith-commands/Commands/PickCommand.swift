public import ArgumentParser
import DocumentCatalog
public import OpenInBroker
import OpenWithCommandLine
import UniformTypes

/// `openwith pick --app APP --mode import|open|export|move FILE`.
struct PickCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Complete a document-picker session: import (owned copy), open (grant, no copy), export or move (to a provider).")
    @OptionGroup var catalog: CatalogOptions
    @Option(help: "The picking app.") var app: String
    @Option(help: "import, open, export or move.") var mode: DocumentPickerMode
    @Option(help: "The document provider (export and move).") var provider: String?
    @Option(name: .customLong("type"), help: "A content type the picking app asks for (repeatable); the file must conform to one.") var types: [String] = []
    @Argument(help: "The file.") var file: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let broker = try catalog.broker()
        let graph = try broker.snapshot().graph
        let requested = try types.map { text throws(CommandFailure) in
            // A --type value the graph does not know is bad input, whatever the reason.
            do { return try graph.type(withIdentifier: text) } catch { throw CommandFailure(status: .badInput, message: "--type: \(error)") }
        }
        let grant = try broker.pick(path: file, appID: app, mode: mode, provider: provider, contentTypes: requested)
        let output = GrantOutput(grant)
        if json { try JSONOutput.print(output) } else { print("\(mode.rawValue): \(output.text)") }
    }
}

extension DocumentPickerMode: ExpressibleByArgument {}

/// The JSON form of a grant.
struct GrantOutput: Encodable {
    let id: Int64, app: String, path: String, kind: String, rights: [String], sourceApp: String?, originalPath: String?
    /// Times are RFC 3339 text in UTC (`2026-11-24T21:03:55.250Z`).
    let size: Int64, sha256: String?, createdAt: String, revokedAt: String?, accessCount: Int

    init(_ grant: Grant) {
        id = grant.id
        app = grant.appID
        path = grant.path
        kind = grant.kind.rawValue
        rights = grant.rights.map(\.rawValue).sorted()
        sourceApp = grant.sourceApp
        originalPath = grant.originalPath
        size = grant.size
        sha256 = grant.sha256
        createdAt = RFC3339Time.format(secondsSince1970: grant.createdAt)
        revokedAt = grant.revokedAt.map { RFC3339Time.format(secondsSince1970: $0) }
        accessCount = grant.accessCount
    }

    var text: String {
        "grant \(id): \(app) may \(rights.joined(separator: "+")) \(path) (\(kind))" + (revokedAt != nil ? " [revoked]" : "")
    }
}

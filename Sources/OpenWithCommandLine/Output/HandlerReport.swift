import DocumentCatalog
package import OpenInBroker

/// The JSON form of a file's handlers (`openwith FILE`).
package struct HandlerReport: Encodable {
    package struct Handler: Encodable {
        package let id: String
        package let name: String
        package let kind: String
        package let group: String
        package let isDefault: Bool
        package let role: String
        package let rank: String
        package let matchedType: String
        package let distance: Int
        package let claim: String
        package let reason: String
    }

    package struct Excluded: Encodable {
        package let id: String
        package let name: String
        package let reason: String
    }

    package let path: String
    package let type: ResolutionReport
    package let role: String
    package let handlers: [Handler]
    package let excluded: [Excluded]

    package init(type: ResolutionReport, list: HandlerList) {
        path = type.path
        self.type = type
        role = list.role.rawValue
        handlers = list.candidates.map {
            Handler(
                id: $0.app.id, name: $0.app.record.localizedName(locale: ProcessEnvironment.messagesLocale), kind: $0.app.kind.rawValue, group: $0.group.description, isDefault: $0.isDefault,
                role: $0.role.rawValue, rank: $0.rank.rawValue, matchedType: $0.matchedType.identifier.rawValue,
                distance: $0.distance, claim: $0.claimValue, reason: $0.reason)
        }
        excluded = list.excluded.map { Excluded(id: $0.app.id, name: $0.app.record.localizedName(locale: ProcessEnvironment.messagesLocale), reason: $0.reason) }
    }

    /// The lines of ``text(explain:)`` made safe for a terminal, the default handler in bold
    /// on a colour terminal (``TerminalStyle``).
    package func styledLines(explain: Bool) -> [String] {
        TerminalOutput.safe(text(explain: explain)).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("  * ") ? "  * " + TerminalStyle.bold(line.dropFirst(4)) : String(line)
        }
    }

    package func text(explain: Bool) -> String {
        var lines = [type.text(verbose: explain)]
        if handlers.isEmpty {
            lines.append("  no application can open it")
            if !excluded.isEmpty && !explain {
                lines.append("  \(excluded.count) app\(excluded.count == 1 ? " was" : "s were") left out: --explain says why")
            }
            // What to do next, so a first run on a machine without a fitting app is no dead end.
            lines.append("  to add one: openwith apps register PATH (a .desktop file, an Info.plist, an .app or a folder of them)")
        }
        // An app's name, id and reason come from its declaration, where a `\n` escape is a line
        // break: each is shown escaped, so that no app can add a line of its own to the list.
        let shown = TerminalOutput.field
        for handler in handlers {
            var line = "  \(handler.isDefault ? "*" : " ") \(shown(handler.name)) (\(shown(handler.id)))"
            if handler.group != "recommended" { line += " — \(handler.group)" }
            if explain { line += "\n      \(shown(handler.reason))" }
            lines.append(line)
        }
        if explain {
            for item in excluded { lines.append("  - \(shown(item.name)) (\(shown(item.id))) left out: \(shown(item.reason))") }
        }
        return lines.joined(separator: "\n")
    }
}

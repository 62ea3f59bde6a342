/// The names of `openwith`'s subcommands (and `help`), so that neither the front executable nor
/// the conventions ever mistake one for a file.
package enum CommandNames {
    package static let all: [String] = [
        "handlers", "type", "types", "apps", "default", "catalog", "open", "preview", "pick", "inbox", "grants", "url",
        "provider", "scan", "requests", "group", "share", "pasteboard", "help",
    ]
}

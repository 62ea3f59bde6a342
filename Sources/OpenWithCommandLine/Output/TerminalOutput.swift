import DocumentCatalog

/// Everything the command line prints goes through here, so that text from files and the
/// catalog (app names, ids, descriptions, paths) can never drive the terminal.
///
/// Policy: every control character and escape sequence is shown as a visible escape
/// (``VisibleText``), except the line breaks and tabs that lay out the output itself; a value
/// placed inside a line (a path, an app's name or id) goes through ``field(_:)`` first, which
/// escapes its own line breaks and tabs too. JSON output passes unchanged in effect: JSON
/// already escapes control characters, so there is nothing for this step to change in it. Then ``TerminalStyle`` applies: nothing with
/// `--quiet`, ASCII punctuation outside a UTF-8 locale.
package enum TerminalOutput {
    /// `text` from a file or the catalog (a path, an app's name or id) for one field of a line:
    /// every control character shown as an escape, line breaks and tabs included
    /// (``VisibleText``), so that it cannot end its line or field and forge another.
    package static func field(_ text: String) -> String { VisibleText.escaping(text) }

    /// `text` with every control character but `\n` and `\t` shown as an escape.
    package static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && VisibleText.needsEscape($0) }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map { VisibleText.escaping(String($0)) }.joined(separator: "\t")
        }.joined(separator: "\n")
    }
}

/// Prints `text` to standard output, made safe for a terminal (see ``TerminalOutput``): every
/// `print` of a string in this module resolves here rather than to the standard library's.
package func print(_ text: String, terminator: String = "\n") {
    guard !TerminalStyle.quiet else { return }
    Swift.print(TerminalStyle.forLocale(TerminalOutput.safe(text)), terminator: terminator)
}

/// Prints lines already made safe, with the colour escapes ``TerminalStyle`` added to them.
package func printStyled(_ lines: [String]) {
    guard !TerminalStyle.quiet else { return }
    for line in lines { Swift.print(TerminalStyle.forLocale(line)) }
}

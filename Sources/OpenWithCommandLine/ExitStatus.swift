/// The exit codes of `openwith`, as documented in the README.
package struct ExitStatus: Error {
    package let code: Int32

    /// Everything asked for was found and done.
    package static let ok = ExitStatus(code: 0)
    /// Nothing found: no handler, an unknown type, no match.
    package static let nothingFound = ExitStatus(code: 1)
    /// Bad input: a missing file, a malformed identifier, a bad option value.
    package static let badInput = ExitStatus(code: 2)
    /// The catalog could not be opened, read or written.
    package static let catalogError = ExitStatus(code: 3)

    /// The worse of two statuses (a higher code is worse).
    package func combined(with other: ExitStatus) -> ExitStatus { other.code > code ? other : self }
}

/// A failure to report on standard error with its exit status.
///
/// Policy, one error style for every command: `openwith: <what>: <why>` on one line (`message`
/// holds `<what>: <why>`, the thing at fault first), then, when there is something to do about
/// it, `hint: <what to do>` on the next. Each stays one line whatever it quotes: a line break
/// or tab in a path or value is shown as `\n` or `\t` (``TerminalOutput/field(_:)``), as
/// every other control character is, so that a file name cannot forge a line of its own.
package struct CommandFailure: Error {
    package let status: ExitStatus
    package let message: String
    /// What to do about it, when there is something to do.
    package var hint: String? = nil

    /// A failure with its status, its `<what>: <why>` message and, when there is something to
    /// do about it, the hint.
    package init(status: ExitStatus, message: String, hint: String? = nil) {
        self.status = status
        self.message = message
        self.hint = hint
    }

    /// Writes the failure to standard error in the one error style.
    package func report() {
        writeRawStandardError(TerminalStyle.errorPrefix)
        writeStandardError(TerminalOutput.field(message) + "\n")
        if let hint {
            writeRawStandardError(TerminalStyle.hintPrefix)
            writeStandardError(TerminalOutput.field(hint) + "\n")
        }
    }
}

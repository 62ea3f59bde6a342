import Glibc

/// Writes text to standard error, made safe for a terminal (see ``TerminalOutput``).
package func writeStandardError(_ text: String) {
    writeRawStandardError(TerminalStyle.forLocale(TerminalOutput.safe(text)))
}

/// Writes OpenWith's own text (colour escapes, a progress bar) to standard error as it is.
package func writeRawStandardError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in _ = Glibc.write(2, buffer.baseAddress, buffer.count) }
}

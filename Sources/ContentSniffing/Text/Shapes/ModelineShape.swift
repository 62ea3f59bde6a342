/// A modeline naming the file type: Emacs's `-*- mode: NAME -*-` (or `-*- NAME -*-`) on the
/// first line, or the second after a `#!` line; Vim's `vim:`/`vi:`/`ex:` followed by
/// `ft=NAME` or `filetype=NAME` (optionally after `set `) in the first five lines. Only names
/// in the table below answer; the answer is the named language's MIME type.
enum ModelineShape {
    /// The type a modeline names.
    static func recognize(_ t: UnsafeRawBufferPointer) -> TextStructureMatch? {
        var lines = TextLines(t, limit: 5)
        var number = 0
        var firstIsShebang = false
        while let line = lines.next() {
            if number == 0 { firstIsShebang = line.has("#!") }
            if number == 0 || (number == 1 && firstIsShebang), let name = emacsMode(line), let mime = mimeType(name) {
                return TextStructureMatch(mimeType: mime, detail: "Emacs mode line")
            }
            if let name = vimFileType(line), let mime = mimeType(name) {
                return TextStructureMatch(mimeType: mime, detail: "Vim modeline")
            }
            number += 1
        }
        return nil
    }

    /// The mode between `-*-` markers: the value of `mode:`, or the whole text without `:`.
    private static func emacsMode(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let open = line.firstOffset(of: "-*-"),
              let close = line.firstOffset(of: "-*-", from: open + 3)
        else { return nil }
        let inside = trimmed(line.slice(from: open + 3, to: close))
        if let mode = inside.firstOffset(caseInsensitive: "mode:") {
            let value = inside.slice(from: mode + 5)
            let end = value.firstOffset(of: UInt8(ascii: ";")) ?? value.count
            return trimmed(value.slice(from: 0, to: end))
        }
        return inside.firstOffset(of: UInt8(ascii: ":")) == nil ? inside : nil
    }

    /// The value of `ft=` or `filetype=` after a `vim:`, `vi:` or `ex:` marker.
    private static func vimFileType(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let marker = line.firstOffset(of: "vim:") ?? line.firstOffset(of: "vi:") ?? line.firstOffset(of: "ex:"),
              marker == 0 || ASCII.isWhitespace(line[marker - 1])
        else { return nil }
        let rest = line.slice(from: marker)
        let value: UnsafeRawBufferPointer
        if let at = rest.firstOffset(of: "filetype=") {
            value = rest.slice(from: at + 9)
        } else if let at = rest.firstOffset(of: "ft="), at > 0, !ASCII.isLetter(rest[at - 1]) {
            value = rest.slice(from: at + 3)
        } else {
            return nil
        }
        var end = 0
        while end < value.count, ASCII.isLetter(value[end]) || ASCII.isDigit(value[end]) || value[end] == UInt8(ascii: "+") { end += 1 }
        return value.slice(from: 0, to: end)
    }

    private static func trimmed(_ text: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = text.count
        while start < end, ASCII.isWhitespace(text[start]) { start += 1 }
        while end > start, ASCII.isWhitespace(text[end - 1]) { end -= 1 }
        return text.slice(from: start, to: end)
    }

    /// The MIME type of an Emacs mode or Vim file type name (case-insensitive).
    private static func mimeType(_ name: UnsafeRawBufferPointer) -> StaticString? {
        guard !name.isEmpty else { return nil }
        for (known, mime) in names where name.count == known.utf8CodeUnitCount && name.has(caseInsensitive: known, at: 0) {
            return mime
        }
        return nil
    }

    /// Mode and file type names, lower case, and their MIME types.
    private static let names: [(StaticString, StaticString)] = [
        ("python", "text/x-python"), ("ruby", "application/x-ruby"), ("perl", "application/x-perl"),
        ("cperl", "application/x-perl"), ("sh", "application/x-shellscript"), ("bash", "application/x-shellscript"),
        ("zsh", "application/x-shellscript"), ("ksh", "application/x-shellscript"),
        ("shell-script", "application/x-shellscript"), ("c", "text/x-csrc"), ("cpp", "text/x-c++src"),
        ("c++", "text/x-c++src"), ("make", "text/x-makefile"), ("makefile", "text/x-makefile"),
        ("lisp", "text/x-common-lisp"), ("emacs-lisp", "text/x-emacs-lisp"), ("scheme", "text/x-scheme"),
        ("tcl", "text/x-tcl"), ("lua", "text/x-lua"), ("javascript", "text/javascript"), ("js", "text/javascript"),
        ("json", "application/json"), ("yaml", "application/x-yaml"), ("markdown", "text/markdown"),
        ("rst", "text/x-rst"), ("tex", "text/x-tex"), ("latex", "text/x-tex"), ("html", "text/html"),
        ("xml", "application/xml"), ("nxml", "application/xml"), ("css", "text/css"), ("scss", "text/x-scss"),
        ("sql", "application/sql"), ("java", "text/x-java"), ("go", "text/x-go"), ("rust", "text/rust"),
        ("cmake", "text/x-cmake"), ("fortran", "text/x-fortran"), ("f90", "text/x-fortran"),
        ("pascal", "text/x-pascal"), ("haskell", "text/x-haskell"), ("erlang", "text/x-erlang"),
        ("elixir", "text/x-elixir"), ("ocaml", "text/x-ocaml"), ("tuareg", "text/x-ocaml"),
        ("php", "application/x-php"), ("awk", "text/x-awk"), ("meson", "text/x-meson"),
        ("texinfo", "text/x-texinfo"), ("objc", "text/x-objcsrc"), ("d", "text/x-dsrc"), ("vhdl", "text/x-vhdl"),
        ("verilog", "text/x-verilog"), ("matlab", "text/x-matlab"), ("octave", "text/x-matlab"),
        ("diff", "text/x-patch"), ("po", "text/x-gettext-translation"), ("toml", "application/toml"),
        ("vim", "text/x-vim"),
    ]
}

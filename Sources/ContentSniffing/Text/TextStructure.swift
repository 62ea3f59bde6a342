/// A text format recognised by a structure that does not occur by accident.
struct TextStructureMatch: Equatable {
    /// The format's MIME type, in shared-mime-info's spelling.
    let mimeType: StaticString
    /// What was found.
    let detail: StaticString

    static func == (a: TextStructureMatch, b: TextStructureMatch) -> Bool {
        a.mimeType.description == b.mimeType.description && a.detail.description == b.detail.description
    }
}

/// Text formats told by certain structure, each check bounded by the window: `<?php`,
/// PEM and OpenPGP armour (``ArmorShape``), mail (``MailShape``), vCard and iCalendar,
/// subtitles (``SubtitleShape``), diffs (``DiffShape``), XPM images
/// (``XPixmapTextShape``), ASCII STL and DXF drawings (``DrawingTextShape``), PostScript and
/// AFM, a modeline naming the file type (``ModelineShape``), Objective-C and Prolog by their
/// directives (``SourceLanguageShape``), and last troff, TOML and YAML by the shape of their
/// lines (``LineSyntaxShape``).
enum TextStructure {
    /// The first structure found in `t` (ASCII-compatible text without a byte order mark).
    static func recognize(_ t: UnsafeRawBufferPointer, isWholeFile: Bool) -> TextStructureMatch? {
        var start = 0
        while start < t.count, ASCII.isWhitespace(t[start]) { start += 1 }
        if t.has("<?php", at: start) {
            return TextStructureMatch(mimeType: "application/x-php", detail: "<?php opening tag")
        }
        if t.has("%!PS", at: start) {
            return TextStructureMatch(mimeType: "application/postscript", detail: "%!PS header")
        }
        if t.has("StartFontMetrics", at: start) {
            return TextStructureMatch(mimeType: "application/x-font-afm", detail: "StartFontMetrics line")
        }
        if t.has(caseInsensitive: "begin:vcard", at: start) {
            return TextStructureMatch(mimeType: "text/vcard", detail: "BEGIN:VCARD line")
        }
        if t.has(caseInsensitive: "begin:vcalendar", at: start) {
            return TextStructureMatch(mimeType: "text/calendar", detail: "BEGIN:VCALENDAR line")
        }
        return ArmorShape.recognize(t)
            ?? MailShape.recognize(t)
            ?? SubtitleShape.recognize(t, from: start)
            ?? DiffShape.recognize(t)
            ?? XPixmapTextShape.recognize(t, from: start)
            ?? DrawingTextShape.recognize(t, from: start)
            ?? DocumentOpeningShape.recognize(t)
            ?? ModelineShape.recognize(t)
            ?? SourceLanguageShape.recognize(t)
            ?? LineSyntaxShape.recognize(t)
    }
}

/// Lines of a text window, each without its `\n` and a `\r` before it. At most `limit` lines.
struct TextLines: Sequence, IteratorProtocol {
    private let text: UnsafeRawBufferPointer
    private var offset: Int
    private var remaining: Int
    /// Whether the last line returned ended with `\n` (rather than at the window's end).
    private(set) var lastLineWasEnded = false

    /// The lines of `text` from `offset`.
    init(_ text: UnsafeRawBufferPointer, from offset: Int = 0, limit: Int = 64) {
        self.text = text
        self.offset = offset
        self.remaining = limit
    }

    /// The next line.
    mutating func next() -> UnsafeRawBufferPointer? {
        guard remaining > 0, offset < text.count else { return nil }
        remaining -= 1
        let end = text.firstOffset(of: 0x0A, from: offset) ?? text.count
        lastLineWasEnded = end < text.count
        var lineEnd = end
        if lineEnd > offset, text[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let line = text.slice(from: offset, to: lineEnd)
        offset = end + 1
        return line
    }
}

import UniformTypes

/// The mark every file of some text formats carries, by their specifications, and where it
/// stands.
///
/// Most open with it: a vCard's `BEGIN:VCARD`, an iCalendar's `BEGIN:VCALENDAR`, RTF's `{\rtf`,
/// WebVTT's `WEBVTT`, a TeXmacs document's `<TeXmacs|`, a STEP exchange file's `ISO-10303-21;`
/// (ISO 10303-21), a VRML world's header line `#VRML V2.0 utf8` (or `V1.0 ascii`), an MDL
/// RDfile's `$RDFILE` and reaction file's `$RXN` (the CTfile formats), and
/// every XML document's `<` (XML 1.0
/// §2.1: a document is a prolog — declaration, comments, processing instructions, blank space —
/// and an element, all of which open with `<`), which every format built on XML inherits. Troff
/// documents (man pages and the me, ms and mm macro sets) are text lines and *request* lines,
/// and a request line opens with the control character `.` or the no-break control character
/// `'`: a page, its comments (`.\"`) and its one-line links (`.so man3/other.3`) have at least
/// one near the start. A desktop entry (Desktop Entry Specification, "Basic format of the file")
/// has nothing but comments (`#`) and blank lines before its first group header, `[Desktop
/// Entry]`, and so does every key file declared as a kind of it (an icon theme's `[Icon Theme]`).
/// A Mathematica notebook is the Wolfram Language expression `Notebook[…]`, which the front end
/// writes after a header comment (`(* Content-type: application/vnd.wolfram.mathematica *)`,
/// `(************** Content-type: application/mathematica` before version 6): a line opens with
/// one or the other. A cdrdao table of contents specifies its tracks on lines opening with
/// `TRACK`, after an optional session type (`CD_DA`, `CD_ROM` …).
///
/// A name of one of these formats over text without its mark is not that format (`merged1.vcf`
/// holding a Variant Call Format table is no contact card, `stream-0.1.tm` holding Tcl is no
/// TeXmacs document, `lambdastar.sls` holding Scheme is no XML route description, the licence
/// text `LGPL-2.1` is no section-1 man page, a SystemTap script `gc.stp` is no STEP model, an R
/// package's documentation `plot.Rd` is no RDfile of chemical data, Emacs Lisp saved as
/// `.emacs.desktop` is no desktop entry, a tutorial translated to Norwegian Bokmål and saved as
/// `tutor.nb` is no notebook, and LaTeX's table of contents `paper.toc` is no CD layout).
///
/// The mark may follow a UTF-8 byte order mark and blank space. Text in UTF-16 or UTF-32 (a
/// byte order mark of theirs, or NUL bytes among the first 256) is not judged: its bytes do not
/// spell the mark in ASCII.
struct FormatMark: Sendable {
    /// The MIME type of the format.
    let mimeType: String
    /// The mark; in lower case when its letters may come in any case.
    let text: StaticString
    /// Whether the mark's letters may come in any case (vCard and iCalendar property names do).
    let ignoresCase: Bool
    /// Where the mark stands.
    let placement: Placement

    /// Where a format's mark stands in every file of it.
    enum Placement: Sendable {
        /// At the opening of the text.
        case opening
        /// At the start of some line of the text read, spelled as the mark or as `alternative`
        /// (troff's two control characters); `what` names those lines, for people ("the
        /// requests").
        case someLineStart(alternative: StaticString, what: String)
        /// At the start of the first line that is neither blank nor a comment (a line opening
        /// with `comment`), when the text read has such a line.
        case firstLineAfterComments(comment: StaticString)
    }

    /// A mark at the opening of the text.
    init(mimeType: String, text: StaticString, ignoresCase: Bool) {
        self.init(mimeType: mimeType, text: text, ignoresCase: ignoresCase, placement: .opening)
    }

    /// A mark standing at `placement`.
    init(mimeType: String, text: StaticString, ignoresCase: Bool, placement: Placement) {
        self.mimeType = mimeType
        self.text = text
        self.ignoresCase = ignoresCase
        self.placement = placement
    }

    /// The mark as the specification spells it, for people.
    var spelling: String { ignoresCase ? "\(text)".uppercased() : "\(text)" }

    /// Why text without the mark is not of the format `identifier`, in words.
    func refutation(of identifier: TypeIdentifier) -> String {
        switch placement {
        case .opening: "the text does not open with \(spelling), as every \(identifier) does"
        case .someLineStart(let alternative, let what):
            "no line of the text opens with \(spelling) or \(alternative), as \(what) of every \(identifier) do"
        case .firstLineAfterComments:
            "the first line of the text that is not a comment does not open with \(spelling), as the first group header of every \(identifier) does"
        }
    }

    /// The formats and their marks.
    static let all: [FormatMark] = [
        FormatMark(mimeType: "text/vcard", text: "begin:vcard", ignoresCase: true),
        FormatMark(mimeType: "text/calendar", text: "begin:vcalendar", ignoresCase: true),
        FormatMark(mimeType: "text/rtf", text: "{\\rtf", ignoresCase: false),
        FormatMark(mimeType: "text/vtt", text: "WEBVTT", ignoresCase: false),
        FormatMark(mimeType: "text/texmacs", text: "<TeXmacs|", ignoresCase: false),
        FormatMark(mimeType: "application/xml", text: "<", ignoresCase: false),
        FormatMark(mimeType: "model/step", text: "ISO-10303-21;", ignoresCase: false),
        FormatMark(mimeType: "model/vrml", text: "#VRML", ignoresCase: false),
        FormatMark(mimeType: "chemical/x-mdl-rdfile", text: "$RDFILE", ignoresCase: false),
        FormatMark(mimeType: "chemical/x-mdl-rxnfile", text: "$RXN", ignoresCase: false),
        // Desktop entries, and the key files declared as their kinds (icon and sound theme
        // indexes): nothing but comments and blank lines precedes the first group header.
        FormatMark(mimeType: "application/x-desktop", text: "[", ignoresCase: false, placement: .firstLineAfterComments(comment: "#")),
        // A Mathematica notebook is one Wolfram Language expression, `Notebook[…]`, which the
        // front end writes after a header of comments (`(* Content-type: … *)`).
        FormatMark(
            mimeType: "application/mathematica", text: "(*", ignoresCase: false,
            placement: .someLineStart(alternative: "Notebook[", what: "the header comment or the Notebook expression")),
        // A cdrdao table of contents (cdrdao(1), "TOC files"): an optional catalog number and
        // session type (`CD_DA`, `CD_ROM`, `CD_ROM_XA`, `CD_I`, and `CD_TEXT` blocks), then a
        // specification per track, each opening with `TRACK`.
        FormatMark(
            mimeType: "application/x-cdrdao-toc", text: "TRACK", ignoresCase: false,
            placement: .someLineStart(alternative: "CD_", what: "the track specifications or the session type")),
    ] + troffFormats.map {
        FormatMark(mimeType: $0, text: ".", ignoresCase: false, placement: .someLineStart(alternative: "'", what: "the requests"))
    }

    /// The troff formats: troff itself and the macro sets, which are not all declared as kinds
    /// of it.
    static let troffFormats = ["text/troff", "application/x-troff-man", "text/x-troff-me", "text/x-troff-ms", "text/x-troff-mm"]

    /// Whether `prefix`, a file's first bytes, carries the mark where it stands — or cannot be
    /// judged (empty, or not in an ASCII-compatible encoding).
    func isCarried(by prefix: UnsafeRawBufferPointer) -> Bool {
        var start = 0
        if prefix.count >= 3, prefix[0] == 0xEF, prefix[1] == 0xBB, prefix[2] == 0xBF { start = 3 }
        if prefix.count >= 2, (prefix[0] == 0xFF && prefix[1] == 0xFE) || (prefix[0] == 0xFE && prefix[1] == 0xFF) { return true }
        if prefix.prefix(256).contains(0) { return true }
        while start < prefix.count, prefix[start] == 0x20 || prefix[start] == 0x09 || prefix[start] == 0x0D || prefix[start] == 0x0A {
            start += 1
        }
        if start == prefix.count { return true }
        let rest = prefix.slice(from: start)
        switch placement {
        case .opening:
            return ignoresCase ? rest.has(caseInsensitive: text) : rest.has(text)
        case .someLineStart(let alternative, _):
            var lines = TextLines(rest, limit: .max)
            while let line = lines.next() {
                if line.has(text) || line.has(alternative) { return true }
            }
            return false
        case .firstLineAfterComments(let comment):
            var lines = TextLines(rest, limit: .max)
            while let line = lines.next() {
                let content = line.slice(from: line.offset(pastBlanksFrom: 0))
                if content.isEmpty || content.has(comment) { continue }
                return content.has(text)
            }
            return true
        }
    }
}

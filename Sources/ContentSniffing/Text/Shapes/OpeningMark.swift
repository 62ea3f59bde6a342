import UniformTypes

/// The mark every file of some text formats opens with, by their specifications: a vCard's
/// `BEGIN:VCARD`, an iCalendar's `BEGIN:VCALENDAR`, RTF's `{\rtf`, WebVTT's `WEBVTT`, a TeXmacs
/// document's `<TeXmacs|`, and every XML document's `<` (XML 1.0 §2.1: a document is a prolog
/// — declaration, comments, processing instructions, blank space — and an element, all of
/// which open with `<`), which every format built on XML inherits. A name of one of these
/// formats over text that does not open with its mark is not that format (`merged1.vcf`
/// holding a Variant Call Format table is no contact card, `stream-0.1.tm` holding Tcl is no
/// TeXmacs document, `lambdastar.sls` holding Scheme is no XML route description).
///
/// The mark may follow a UTF-8 byte order mark and blank space. Text in UTF-16 or UTF-32 (a
/// byte order mark of theirs, or NUL bytes among the first 256) is not judged: its bytes do not
/// spell the mark in ASCII.
struct OpeningMark: Sendable {
    /// The MIME type of the format.
    let mimeType: String
    /// The mark; in lower case when its letters may come in any case.
    let text: StaticString
    /// Whether the mark's letters may come in any case (vCard and iCalendar property names do).
    let ignoresCase: Bool

    /// The mark as the specification spells it, for people.
    var spelling: String { ignoresCase ? "\(text)".uppercased() : "\(text)" }

    /// Why text without the mark is not of the format `identifier`, in words.
    func refutation(of identifier: TypeIdentifier) -> String {
        "the text does not open with \(spelling), as every \(identifier) does"
    }

    /// The formats and their marks.
    static let all: [OpeningMark] = [
        OpeningMark(mimeType: "text/vcard", text: "begin:vcard", ignoresCase: true),
        OpeningMark(mimeType: "text/calendar", text: "begin:vcalendar", ignoresCase: true),
        OpeningMark(mimeType: "text/rtf", text: "{\\rtf", ignoresCase: false),
        OpeningMark(mimeType: "text/vtt", text: "WEBVTT", ignoresCase: false),
        OpeningMark(mimeType: "text/texmacs", text: "<TeXmacs|", ignoresCase: false),
        OpeningMark(mimeType: "application/xml", text: "<", ignoresCase: false),
    ]

    /// Whether `prefix`, a file's first bytes, opens with the mark — or cannot be judged (empty,
    /// or not in an ASCII-compatible encoding).
    func opens(_ prefix: UnsafeRawBufferPointer) -> Bool {
        var start = 0
        if prefix.count >= 3, prefix[0] == 0xEF, prefix[1] == 0xBB, prefix[2] == 0xBF { start = 3 }
        if prefix.count >= 2, (prefix[0] == 0xFF && prefix[1] == 0xFE) || (prefix[0] == 0xFE && prefix[1] == 0xFF) { return true }
        if prefix.prefix(256).contains(0) { return true }
        while start < prefix.count, prefix[start] == 0x20 || prefix[start] == 0x09 || prefix[start] == 0x0D || prefix[start] == 0x0A {
            start += 1
        }
        if start == prefix.count { return true }
        let rest = prefix.slice(from: start)
        return ignoresCase ? rest.has(caseInsensitive: text) : rest.has(text)
    }
}

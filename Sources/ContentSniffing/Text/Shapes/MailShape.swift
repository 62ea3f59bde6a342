/// Mail by its header block.
///
/// An mbox starts with a `From ` line (sender and date, the date's time of day as `HH:MM`)
/// followed by a header line. A single
/// message (`message/rfc822`) starts with header lines — `Name: value`, continued by lines that
/// start with a space or tab — up to a blank line or the window's end, among them at least three
/// distinct fields that only mail has (From, To, Subject, Date, Message-ID, Received,
/// Return-Path, Delivered-To, MIME-Version, In-Reply-To, References, Cc).
enum MailShape {
    /// The most header lines read.
    private static let maxHeaderLines = 64

    /// An mbox or a mail message.
    static func recognize(_ t: UnsafeRawBufferPointer) -> TextStructureMatch? {
        var lines = TextLines(t, limit: maxHeaderLines)
        guard let first = lines.next() else { return nil }
        if first.has("From "), hasTimeOfDay(first), let second = lines.next(), isHeader(second) {
            return TextStructureMatch(mimeType: "application/mbox", detail: "From line followed by mail headers")
        }
        var known: UInt16 = 0
        var line: UnsafeRawBufferPointer? = first
        var index = 0
        while let current = line, !current.isEmpty {
            if current[0] == 0x20 || current[0] == 0x09 {
                guard index > 0 else { return nil }  // a continuation needs a header before it
            } else {
                guard isHeader(current) else { return nil }
                known |= mailField(current)
            }
            line = lines.next()
            index += 1
        }
        return known.nonzeroBitCount >= 3
            ? TextStructureMatch(mimeType: "message/rfc822", detail: "mail header block")
            : nil
    }

    /// Whether the line holds `HH:MM` (two digits, a colon, two digits).
    private static func hasTimeOfDay(_ line: UnsafeRawBufferPointer) -> Bool {
        var offset = 2
        while let colon = line.firstOffset(of: UInt8(ascii: ":"), from: offset) {
            if colon >= 2, colon + 2 < line.count, ASCII.isDigit(line[colon - 2]), ASCII.isDigit(line[colon - 1]),
               ASCII.isDigit(line[colon + 1]), ASCII.isDigit(line[colon + 2]) {
                return true
            }
            offset = colon + 1
        }
        return false
    }

    /// `Name: value` with a name of printable ASCII other than `:` and space.
    private static func isHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let colon = line.firstOffset(of: UInt8(ascii: ":")), colon > 0 else { return false }
        for index in 0..<colon {
            let byte = line[index]
            guard byte > 0x20, byte < 0x7F else { return false }
        }
        return true
    }

    /// A bit for each mail-only field the line names.
    private static func mailField(_ line: UnsafeRawBufferPointer) -> UInt16 {
        for (index, field) in fields.enumerated() where line.has(caseInsensitive: field) {
            return 1 << index
        }
        return 0
    }

    /// The fields only mail has, lower case.
    private static let fields: [StaticString] = [
        "from:", "to:", "subject:", "date:", "message-id:", "received:", "return-path:",
        "delivered-to:", "mime-version:", "in-reply-to:", "references:", "cc:",
    ]
}

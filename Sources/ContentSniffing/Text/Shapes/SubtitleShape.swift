/// Subtitles: WebVTT by its `WEBVTT` first line; SubRip by its first cue, a number line
/// followed by `HH:MM:SS,mmm --> HH:MM:SS,mmm`.
enum SubtitleShape {
    /// WebVTT or SubRip.
    static func recognize(_ t: UnsafeRawBufferPointer, from start: Int) -> TextStructureMatch? {
        if t.has("WEBVTT", at: start), t.byte(at: start + 6).map({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) ?? true {
            return TextStructureMatch(mimeType: "text/vtt", detail: "WEBVTT line")
        }
        var lines = TextLines(t, from: start, limit: 2)
        guard let number = lines.next(), !number.isEmpty, number.count <= 9, number.allSatisfy(ASCII.isDigit),
              let timing = lines.next(), isTiming(timing)
        else { return nil }
        return TextStructureMatch(mimeType: "application/x-subrip", detail: "SubRip cue number and timing")
    }

    /// `HH:MM:SS,mmm --> HH:MM:SS,mmm` (a `.` accepted for the comma), anything after it.
    private static func isTiming(_ line: UnsafeRawBufferPointer) -> Bool {
        guard isTimestamp(line, at: 0) else { return false }
        var offset = 12
        while line.byte(at: offset) == 0x20 { offset += 1 }
        guard line.has("-->", at: offset) else { return false }
        offset += 3
        while line.byte(at: offset) == 0x20 { offset += 1 }
        return isTimestamp(line, at: offset)
    }

    private static func isTimestamp(_ line: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        // 00:00:00,000
        for (index, expected) in [0, 0, 1, 0, 0, 1, 0, 0, 2, 0, 0, 0].enumerated() {
            guard let byte = line.byte(at: offset + index) else { return false }
            switch expected {
            case 0: guard ASCII.isDigit(byte) else { return false }
            case 1: guard byte == UInt8(ascii: ":") else { return false }
            default: guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") else { return false }
            }
        }
        return true
    }
}

/// Changes the `[Default Applications]` of one `mimeapps.list` in place, keeping every other
/// byte: comments, blank lines, other groups, other keys, their order and line endings.
///
/// Policy:
/// - The file must read as a key file: every line a comment, a blank line, a `[Group]` header
///   or a `key=value` entry inside a group, in UTF-8 without NUL bytes. Anything else refuses
///   the whole file (``CatalogFormatError/Code/malformedMimeAppsList``, naming the line): a file
///   this editor cannot read whole is not rewritten.
/// - Setting a default puts the desktop ID first in its type's entry and keeps the IDs that
///   followed, as fallbacks the specification allows; the type's entry is the last one of
///   `[Default Applications]` (a later line wins, as in GLib), and other lines for the same type
///   in that group are removed, so that every reader agrees. Types compare with ASCII case folded.
/// - A type with no entry gets one after the last entry of the last `[Default Applications]`
///   group; a file without that group gets it at its end, after a blank line.
/// - New and replaced lines end as the line they replace, or with a line feed.
///
/// ```swift
/// var editor = try MimeAppsListEditor(bytes: Array("# mine\n[Default Applications]\n".utf8), source: path)
/// editor.setDefault("viewer.desktop", for: "image/png")
/// editor.bytes // "# mine\n[Default Applications]\nimage/png=viewer.desktop;\n"
/// ```
public struct MimeAppsListEditor: Sendable {
    /// The file's bytes, with every change made so far.
    public private(set) var bytes: [UInt8]
    /// The file, as the caller named it.
    public let source: String

    private struct Line {
        var start: Int
        /// The end of the line's content (before its line ending).
        var contentEnd: Int
        /// The end of the line, after its line ending.
        var end: Int
        var group: String?
        /// The key of an entry of a group.
        var key: String?
        var value: String?
        var isHeader = false
    }

    /// Reads a file's bytes (empty for a file that does not exist yet).
    ///
    /// - Throws: ``CatalogFormatError`` — `.malformedMimeAppsList` naming the line for a line that
    ///   is not a comment, group header or entry, or an entry outside a group; `.invalidEncoding`
    ///   naming the line for text that is not UTF-8; `.limitExceeded` for a file over the limit.
    public init(bytes: [UInt8], source: String, limits: CatalogFormatLimits = .default) throws(CatalogFormatError) {
        try limits.checkDocumentSize(bytes.count, source: source)
        self.bytes = bytes
        self.source = source
        _ = try lines()
    }

    /// The desktop IDs `[Default Applications]` lists for `mimeType`, in order (its last entry).
    public func defaultApplications(for mimeType: String) -> [String] {
        guard let lines = try? lines(), let line = lines.last(where: { isDefaultEntry($0, mimeType) }) else { return [] }
        return DesktopEntryValue.list(line.value ?? "").filter { !$0.isEmpty }
    }

    /// Makes `desktopID` the default for `mimeType` (see the type's policy).
    public mutating func setDefault(_ desktopID: String, for mimeType: String) {
        guard let lines = try? lines() else { return }
        let matches = lines.indices.filter { isDefaultEntry(lines[$0], mimeType) }
        if let last = matches.last {
            let line = lines[last]
            let others = DesktopEntryValue.list(line.value ?? "").filter { !$0.isEmpty && $0 != desktopID }
            let text = line.key! + "=" + ([desktopID] + others).map(Self.escaped).joined(separator: ";") + ";"
            var replacement = Array(text.utf8)
            replacement += bytes[line.contentEnd..<line.end]
            if line.contentEnd == line.end { replacement.append(0x0A) }
            // From the end, so earlier ranges stay valid.
            bytes.replaceSubrange(line.start..<line.end, with: replacement)
            for index in matches.dropLast().reversed() { bytes.removeSubrange(lines[index].start..<lines[index].end) }
            return
        }
        let entry = Array((mimeType + "=" + Self.escaped(desktopID) + ";\n").utf8)
        if let position = lines.lastIndex(where: { $0.group == MimeAppsListParser.defaultGroup && ($0.key != nil || $0.isHeader) }) {
            let line = lines[position]
            var insertion = line.contentEnd == line.end ? [UInt8(0x0A)] : []
            insertion += entry
            bytes.insert(contentsOf: insertion, at: line.end)
            return
        }
        var tail: [UInt8] = []
        if let last = bytes.last, last != 0x0A { tail.append(0x0A) }
        if !bytes.isEmpty { tail.append(0x0A) }
        tail += Array("[\(MimeAppsListParser.defaultGroup)]\n".utf8) + entry
        bytes += tail
    }

    /// Removes every `[Default Applications]` entry for `mimeType`. Returns whether one was there.
    @discardableResult
    public mutating func removeDefault(for mimeType: String) -> Bool {
        guard let lines = try? lines() else { return false }
        let matches = lines.filter { isDefaultEntry($0, mimeType) }
        for line in matches.reversed() {
            // A last line without a line ending takes the previous line's ending with it.
            if line.contentEnd == line.end, line.start > 0, bytes[line.start - 1] == 0x0A {
                bytes.removeSubrange((line.start - 1)..<line.end)
            } else {
                bytes.removeSubrange(line.start..<line.end)
            }
        }
        return !matches.isEmpty
    }

    private func isDefaultEntry(_ line: Line, _ mimeType: String) -> Bool {
        guard line.group == MimeAppsListParser.defaultGroup, let key = line.key else { return false }
        return key.utf8.count == mimeType.utf8.count && key.lowercased() == mimeType.lowercased()
    }

    /// `;` and `\` in an ID, escaped as in desktop entry lists.
    private static func escaped(_ id: String) -> String {
        var text = ""
        for character in id {
            if character == "\\" || character == ";" { text.append("\\") }
            text.append(character)
        }
        return text
    }

    /// The file's lines, classified; throws for the first line that does not read.
    private func lines() throws(CatalogFormatError) -> [Line] {
        var result: [Line] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 0
        var group: String?
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let next = end < bytes.count ? end + 1 : end
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            var first = start
            while first < contentEnd, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            var line = Line(start: start, contentEnd: contentEnd, end: next, group: group)
            if first < contentEnd, bytes[first] != UInt8(ascii: "#") {
                switch KeyFileLine.classify(bytes[first..<contentEnd]) {
                case .group(let name):
                    group = name
                    line.group = name
                    line.isHeader = true
                case .entry(let key, let locale, let value):
                    guard group != nil else {
                        throw CatalogFormatError(code: .malformedMimeAppsList, source: source, key: key, line: number, reason: "a key before the first group")
                    }
                    if locale == nil {
                        line.key = key
                        line.value = value
                    }
                case .invalidEncoding:
                    throw CatalogFormatError(code: .invalidEncoding, source: source, line: number, reason: "the line is not valid UTF-8")
                case .malformed(let reason):
                    throw CatalogFormatError(code: .malformedMimeAppsList, source: source, line: number, reason: reason)
                }
            }
            result.append(line)
            start = next
        }
        return result
    }
}

/// Patches, in the first 64 lines (a preamble such as a commit message may come first):
/// `diff --git a/… b/…`; a unified hunk header (`--- ` line, `+++ ` line, `@@ -` line); or a
/// context diff (`*** ` line, `--- ` line, `***************`).
enum DiffShape {
    /// A diff or patch.
    static func recognize(_ t: UnsafeRawBufferPointer) -> TextStructureMatch? {
        var lines = TextLines(t)
        var before2 = UnsafeRawBufferPointer(start: nil, count: 0)
        var before1 = UnsafeRawBufferPointer(start: nil, count: 0)
        while let line = lines.next() {
            if line.has("diff --git a/") {
                return TextStructureMatch(mimeType: "text/x-patch", detail: "git diff header")
            }
            if line.has("@@ -"), before1.has("+++ "), before2.has("--- ") {
                return TextStructureMatch(mimeType: "text/x-patch", detail: "unified diff header")
            }
            if line.has("***************"), before1.has("--- "), before2.has("*** ") {
                return TextStructureMatch(mimeType: "text/x-patch", detail: "context diff header")
            }
            before2 = before1
            before1 = line
        }
        return nil
    }

    /// Whether some line of `t` is one only a diff has: a file header (`diff `, `Index: `,
    /// `--- `, `+++ `, `*** `), a hunk header (`@@ `), or a normal diff's change command
    /// (`12,14c12`, `3a4`, `7d6`). Looser than ``recognize(_:)``, which needs a whole header:
    /// text without any of these lines is no patch, however much its `+` and `-` lines look
    /// like one.
    static func hasDiffLine(_ t: UnsafeRawBufferPointer) -> Bool {
        var lines = TextLines(t, limit: .max)
        while let line = lines.next() {
            if line.has("diff ") || line.has("Index: ") || line.has("--- ") || line.has("+++ ") || line.has("*** ")
                || line.has("@@ ") || isChangeCommand(line)
            {
                return true
            }
        }
        return false
    }

    /// A normal diff's change command: a line number or range, `a`, `c` or `d`, and another.
    private static func isChangeCommand(_ line: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        func range() -> Bool {
            let start = index
            while index < line.count, ASCII.isDigit(line[index]) { index += 1 }
            guard index > start else { return false }
            guard index < line.count, line[index] == UInt8(ascii: ",") else { return true }
            index += 1
            let second = index
            while index < line.count, ASCII.isDigit(line[index]) { index += 1 }
            return index > second
        }
        guard range(), index < line.count else { return false }
        let command = line[index]
        guard command == UInt8(ascii: "a") || command == UInt8(ascii: "c") || command == UInt8(ascii: "d") else { return false }
        index += 1
        return range() && index == line.count
    }
}

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
}

@testable import ContentSniffing
import Testing

/// Diffs by their lines: the certain structure (a whole header) and the looser test the text
/// classifier asks of its patch class (some line only a diff has).
@Suite("Text: diff lines")
struct DiffShapeTests {
    @Test("a diff line: file and hunk headers, a normal diff's change commands; nothing else", arguments: [
        ("--- a/x.c\n", true), ("+++ b/x.c\n", true), ("@@ -1 +1 @@\n", true), ("diff -u a b\n", true), ("Index: x.c\n", true),
        ("*** x.c.orig\n", true), ("12,14c12\n", true), ("3a4,5\n", true), ("7d6\n", true),
        ("1 +\n- =\n+c č\n", false), ("12,14 c\n", false), ("3a\n", false), ("a4\n", false), ("--help\n+1\n", false),
    ])
    func diffLines(text: String, isDiff: Bool) {
        #expect(checkBytes(of: text, DiffShape.hasDiffLine) == isDiff, "\(text)")
    }

    @Test("a diff below a preamble longer than the structure's 64 lines still has diff lines")
    func lateDiff() {
        let preamble = (1...70).map { "Line \($0) of a long commit message explaining the change." }.joined(separator: "\n")
        var patch = preamble + "\n\n--- a/src/main.c\n+++ b/src/main.c\n@@ -1,3 +1,3 @@\n-int x = 1;\n+int x = 2;\n"
        patch.withUTF8 { bytes in
            #expect(DiffShape.recognize(UnsafeRawBufferPointer(bytes)) == nil)
            #expect(DiffShape.hasDiffLine(UnsafeRawBufferPointer(bytes)))
        }
    }
}

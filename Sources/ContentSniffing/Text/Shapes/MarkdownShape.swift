/// Markdown's headings against comment blocks. A Markdown heading (`#` to `######`, then a blank
/// or the line's end) names the text that follows it, so headings come one or two at a time
/// between paragraphs; a block of comments in a script or a configuration file (`# ` lines, a
/// bare `#` between paragraphs, as `/etc/services` and every Ruby file's documentation open) is
/// a run of such lines. Among the text classifier's training files, 1 Markdown file in 1,387 has
/// three such lines in a row outside a fenced code block, against a third to two thirds of the
/// files of the scripting languages.
enum MarkdownShape {
    /// How many heading-like lines in a row make a comment block.
    static let commentBlockLength = 3

    /// Whether `t` has no run of ``commentBlockLength`` lines opening with `#` followed by a
    /// blank, another `#` or the line's end, outside fenced code blocks (`` ``` `` or `~~~`
    /// after at most three spaces, which Markdown's code samples of shell comments sit in): the
    /// grammar a Markdown reading must obey.
    static func obeysHeadingSyntax(_ t: UnsafeRawBufferPointer) -> Bool {
        var lines = TextLines(t, limit: .max)
        var run = 0
        var inFence = false
        while let line = lines.next() {
            let indent = line.offset(pastBlanksFrom: 0)
            if indent <= 3, line.has("```", at: indent) || line.has("~~~", at: indent) {
                inFence.toggle()
                run = 0
                continue
            }
            guard !inFence, isHeadingLike(line) else {
                run = 0
                continue
            }
            run += 1
            if run >= commentBlockLength { return false }
        }
        return true
    }

    /// Whether `line` opens with `#` followed by a space, a tab, another `#` or nothing.
    private static func isHeadingLike(_ line: UnsafeRawBufferPointer) -> Bool {
        guard line.has("#") else { return false }
        guard line.count > 1 else { return true }
        return ASCII.isBlank(line[1]) || line[1] == UInt8(ascii: "#")
    }
}

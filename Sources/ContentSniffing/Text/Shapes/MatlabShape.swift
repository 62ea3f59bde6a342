/// MATLAB (and Octave) comments: `%` or `#` to the end of a line, `%{ … %}` blocks. A line that
/// opens with C's `//` or `/*` is a syntax error there, so text with such a line outside a
/// block comment is not MATLAB. This settles `.m`, which Objective-C shares: an Objective-C
/// file opens with a `//` header comment (every one Xcode makes does), often followed by a
/// licence long enough to hide its code from a window the classifier reads.
enum MatlabShape {
    /// Whether every line of `t` that opens (after blanks) with `//` or `/*` lies inside a
    /// `%{ … %}` block comment: the grammar a MATLAB reading must obey.
    static func obeysCommentSyntax(_ t: UnsafeRawBufferPointer) -> Bool {
        var lines = TextLines(t, limit: .max)
        var blockDepth = 0
        while let line = lines.next() {
            let start = line.offset(pastBlanksFrom: 0)
            if holdsAlone(line, "%{", at: start) {
                blockDepth += 1
            } else if holdsAlone(line, "%}", at: start) {
                blockDepth = max(blockDepth - 1, 0)
            } else if blockDepth == 0, line.has("//", at: start) || line.has("/*", at: start) {
                return false
            }
        }
        return true
    }

    /// Whether `line` holds the two-byte `marker` at `start` and only blanks after it.
    private static func holdsAlone(_ line: UnsafeRawBufferPointer, _ marker: StaticString, at start: Int) -> Bool {
        line.has(marker, at: start) && line.offset(pastBlanksFrom: start + 2) == line.count
    }
}

/// The dependency rules compilers write for make (`gcc -MD`, `clang -MMD`; with `-MP`, an empty
/// rule for each header too): build trees keep them beside the objects as `foo.d`, which is also
/// D's extension.
///
/// Every line is one of:
/// - a rule: file names, a colon, then the file names it depends on (maybe none), and a
///   backslash when the list goes on;
/// - a continuation of the rule above, opening with blank space;
/// - a comment or a blank line.
///
/// Every name holds a `.` or a `/`, as paths of sources, headers and objects do. There must be at
/// least one rule that lists a dependency, and a continuation or a rule with two dependencies.
///
/// D source always has lines that are none of these (`module a;`, `import std.stdio;`). YAML's
/// `key: value` lines fail the names: a key or value without a dot or slash, or a second colon.
/// A last line without its line feed (the window may cut it) is not judged.
enum MakeDependencyShape {
    /// Make's dependency rules, or `nil`.
    static func recognize(_ t: UnsafeRawBufferPointer) -> TextStructureMatch? {
        var rules = 0
        var listing = 0
        var continuations = 0
        var longestList = 0
        var continues = false
        var lines = TextLines(t, limit: t.count)
        while let line = lines.next() {
            // A last line without its line feed may be cut by the window: it is not judged.
            let cut = !lines.lastLineWasEnded
            var end = line.count
            while end > 0, ASCII.isWhitespace(line[end - 1]) { end -= 1 }
            if end == 0 {
                continues = false
                continue
            }
            let goesOn = line[end - 1] == UInt8(ascii: "\\")
            let body = UnsafeRawBufferPointer(rebasing: line[..<(goesOn ? end - 1 : end)])
            if ASCII.isBlank(line[0]) {
                guard continues, let names = fileNames(body) else {
                    if cut { break }
                    return nil
                }
                if names > 0 { continuations += 1 }
            } else if line[0] == UInt8(ascii: "#") {
                continues = false
                continue
            } else {
                guard let colon = body.firstOffset(of: UInt8(ascii: ":"), from: 0),
                    let targets = fileNames(UnsafeRawBufferPointer(rebasing: body[..<colon])), targets > 0,
                    colon + 1 == body.count || ASCII.isBlank(body[colon + 1]),
                    let prerequisites = fileNames(UnsafeRawBufferPointer(rebasing: body[(colon + 1)...]))
                else {
                    if cut { break }
                    return nil
                }
                rules += 1
                if prerequisites > 0 || goesOn { listing += 1 }
                longestList = max(longestList, prerequisites)
            }
            continues = goesOn
        }
        guard rules > 0, listing > 0, continuations > 0 || longestList >= 2 else { return nil }
        return TextStructureMatch(mimeType: "text/x-makefile", detail: "make dependency rules (target: prerequisites)")
    }

    /// How many blank-separated file names `text` holds, or `nil` when it holds anything else: a
    /// name without a `.` or `/`, or a byte no compiler's path list has (`:`, `;`, `=`, quotes,
    /// brackets, braces, parentheses, `,`).
    private static func fileNames(_ text: UnsafeRawBufferPointer) -> Int? {
        var count = 0
        var inName = false
        var pathLike = false
        for byte in text {
            if ASCII.isBlank(byte) {
                if inName {
                    guard pathLike else { return nil }
                    count += 1
                }
                inName = false
                pathLike = false
                continue
            }
            switch byte {
            case UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "'"),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("),
                UInt8(ascii: ")"), UInt8(ascii: ","):
                return nil
            case UInt8(ascii: "."), UInt8(ascii: "/"):
                pathLike = true
            default:
                guard byte > 0x20, byte != 0x7F else { return nil }
            }
            inName = true
        }
        if inName {
            guard pathLike else { return nil }
            count += 1
        }
        return count
    }
}

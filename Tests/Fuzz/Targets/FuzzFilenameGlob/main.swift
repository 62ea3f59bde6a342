import FuzzDriver
import Glibc
import UniformTypes

/// Filename patterns against names, checked against the C library: the input is a flags byte
/// (bit 0: the pattern is case-sensitive; bit 1: the pattern outweighs an extension the name is
/// given), a pattern up to the first 0 byte and a name after it. A graph with a type of that
/// pattern is compiled and asked for the name; whether it matched must be what fnmatch(3) says
/// of the pattern and the name (both folded when the pattern folds case). With bit 1 the graph
/// also declares `*.png` and the name ends in `.png`, so the glob is tried after the walk has
/// found an extension. The name asked under a folder must give the same type as alone. Patterns with POSIX bracket classes (`[:alpha:]`, `[=a=]`, `[.a.]`), which
/// shared-mime-info does not use and the graph does not read, and malformed bracket
/// expressions (unclosed, or a range straight after a range) are matched but not compared.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFilenameGlob(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = FuzzDriver.bytes(data, count)
    guard let flags = input.first else { return 0 }
    let rest = input.dropFirst()
    let split = rest.firstIndex(of: 0) ?? rest.endIndex
    let patternBytes = rest[..<split].prefix(48)
    // A name is a last path component: no `/`, no 0 byte.
    let nameBytes = rest[split...].dropFirst().prefix(256).map { $0 == UInt8(ascii: "/") || $0 == 0 ? UInt8(ascii: "_") : $0 }
    let pattern = String(decoding: patternBytes, as: UTF8.self)
    let heavier = flags & 2 != 0
    let name = String(decoding: nameBytes, as: UTF8.self) + (heavier ? ".png" : "")
    let caseSensitive = flags & 1 != 0
    var declarations = [
        TypeDeclaration(identifier: "public.data"),
        TypeDeclaration(identifier: "test.fuzzed", conformsTo: ["public.data"],
            filenamePatterns: [FilenamePattern(pattern, weight: heavier ? 60 : 50, caseSensitive: caseSensitive)]),
    ]
    if heavier {
        declarations.append(TypeDeclaration(identifier: "test.png", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.png")]))
    }
    guard !name.isEmpty, !pattern.utf8.contains(0), let graph = try? TypeGraph(declarations: declarations) else { return 0 }
    let answer = graph.type(filename: name)
    let matched = graph.match(filename: name).type?.identifier == "test.fuzzed"
    let alone = answer?.identifier == "test.fuzzed"
    if matched != alone { fatalError("match and type disagree on \(Array(name.utf8)) for \(Array(pattern.utf8))") }
    for folder in ["d/", "/", "folder.png/", "//.//"] where graph.type(filename: folder + name) != answer {
        fatalError("\(Array(name.utf8)) under \(folder) is not typed as alone, for \(Array(pattern.utf8))")
    }
    if FuzzFilenameGlob.usesBracketClasses(pattern) || !FuzzFilenameGlob.hasOnlyPlainBrackets(pattern) { return 0 }
    let reference = caseSensitive
        ? fnmatch(pattern, name, FNM_NOESCAPE) == 0
        : fnmatch(FuzzFilenameGlob.folded(pattern), FuzzFilenameGlob.folded(name), FNM_NOESCAPE) == 0
    if matched != reference {
        fatalError("pattern \(Array(pattern.utf8)) (case-sensitive: \(caseSensitive)) on name \(Array(name.utf8)): matched \(matched), fnmatch \(reference)")
    }
    return 0
}

enum FuzzFilenameGlob {
    /// Whether `pattern` has `[:`, `[=` or `[.`, which fnmatch reads as POSIX bracket classes.
    static func usesBracketClasses(_ pattern: String) -> Bool {
        let bytes = Array(pattern.utf8)
        for index in bytes.indices.dropLast() where bytes[index] == UInt8(ascii: "[") {
            if [UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: ".")].contains(bytes[index + 1]) { return true }
        }
        return false
    }

    /// Whether every bracket expression of `pattern` is closed and lists bytes and ranges only
    /// where POSIX defines them: no range starts right after another ends (`[a-c-e]`). An
    /// unclosed `[` is a byte to the graph and, in some spellings (`[A-`), no match to the C
    /// library: malformed either way, and not compared.
    static func hasOnlyPlainBrackets(_ pattern: String) -> Bool {
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "^") { index += 1 }
            var first = true
            var closed = false
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "]") && !first {
                    closed = true
                    index += 1
                    break
                }
                first = false
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] != UInt8(ascii: "]") {
                    if index + 3 < bytes.count, bytes[index + 3] == UInt8(ascii: "-") { return false }
                    index += 3
                } else {
                    index += 1
                }
            }
            if !closed { return false }
        }
        return true
    }

    /// `text` with ASCII letters in lower case (the graph's own folding, spelled again here).
    static func folded(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

FuzzDriver.run(fuzzFilenameGlob)

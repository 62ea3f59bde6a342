import FuzzDriver
import Glibc
import UniformTypes

/// Filename patterns against names, checked against the C library: the input is a flags byte
/// (bit 0: the pattern is case-sensitive), a pattern up to the first 0 byte and a name after it.
/// A graph of one type with that pattern is compiled and asked for the name; whether it matched
/// must be what fnmatch(3) says of the pattern and the name (both folded when the pattern folds
/// case). Patterns with POSIX bracket classes (`[:alpha:]`, `[=a=]`, `[.a.]`), which
/// shared-mime-info does not use and the graph does not read, are matched but not compared.
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
    let name = String(decoding: nameBytes, as: UTF8.self)
    let caseSensitive = flags & 1 != 0
    guard !name.isEmpty, !pattern.utf8.contains(0),
        let graph = try? TypeGraph(declarations: [
            TypeDeclaration(identifier: "public.data"),
            TypeDeclaration(identifier: "test.fuzzed", conformsTo: ["public.data"],
                filenamePatterns: [FilenamePattern(pattern, weight: 50, caseSensitive: caseSensitive)]),
        ])
    else { return 0 }
    let matched = graph.match(filename: name).type?.identifier == "test.fuzzed"
    let alone = graph.type(filename: name)?.identifier == "test.fuzzed"
    if matched != alone { fatalError("match and type disagree on \(Array(name.utf8)) for \(Array(pattern.utf8))") }
    if FuzzFilenameGlob.usesBracketClasses(pattern) { return 0 }
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

    /// `text` with ASCII letters in lower case (the graph's own folding, spelled again here).
    static func folded(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

FuzzDriver.run(fuzzFilenameGlob)

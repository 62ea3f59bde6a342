import Glibc

/// A compiled shell glob (`*`, `?`, `[abc]`, `[a-z]`, `[!x]`) for the shared-mime-info patterns
/// that are neither literal names nor plain extensions, such as `README*` or `*.[1-9]`.
final class GlobPattern: Sendable {
    let bytes: [UInt8]
    let foldsCase: Bool
    /// Bytes every match starts with and ends with, for a cheap rejection before matching.
    let literalPrefix: [UInt8]
    let literalSuffix: [UInt8]
    /// The longest run of literal bytes every match contains somewhere (`.so.` for
    /// `*.so.[0-9]*`): most names are rejected by a scan for it, without backtracking.
    let requiredRun: [UInt8]

    init(_ pattern: String, caseSensitive: Bool) {
        foldsCase = !caseSensitive
        bytes = caseSensitive ? Array(pattern.utf8) : pattern.utf8.map(ASCIICaseFolding.fold)
        func isSpecial(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") }
        literalPrefix = Array(bytes.prefix { !isSpecial($0) })
        var suffix: [UInt8] = []
        for byte in bytes.reversed() {
            if isSpecial(byte) || byte == UInt8(ascii: "]") { break }
            suffix.append(byte)
        }
        literalSuffix = suffix.reversed()
        requiredRun = GlobPattern.longestLiteralRun(bytes)
    }

    /// The longest run of bytes outside wildcards and bracket expressions. An unclosed `[`
    /// ends the search (the run found so far is still required).
    private static func longestLiteralRun(_ bytes: [UInt8]) -> [UInt8] {
        var best: [UInt8] = []
        var run: [UInt8] = []
        var index = 0
        func flush() {
            if run.count > best.count { best = run }
            run.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") {
                flush()
                index += 1
            } else if byte == UInt8(ascii: "[") {
                flush()
                var end = index + 1
                if end < bytes.count && (bytes[end] == UInt8(ascii: "!") || bytes[end] == UInt8(ascii: "^")) { end += 1 }
                if end < bytes.count && bytes[end] == UInt8(ascii: "]") { end += 1 }
                while end < bytes.count && bytes[end] != UInt8(ascii: "]") { end += 1 }
                index = end < bytes.count ? end + 1 : bytes.count
            } else {
                run.append(byte)
                index += 1
            }
        }
        flush()
        return best
    }

    /// Whether `name` contains ``requiredRun`` (folded, for a case-insensitive pattern).
    private func containsRequiredRun(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let needle = requiredRun
        if needle.isEmpty { return true }
        if name.count < needle.count { return false }
        guard let base = name.baseAddress else { return false }
        let first = needle[0]
        // A first byte that case folding leaves alone (`.` of `.so.`) is found with memchr.
        let findsFirstDirectly = !foldsCase || (first &- 0x61 >= 26 && first &- 0x41 >= 26)
        var start = 0
        let last = name.count - needle.count
        while start <= last {
            if findsFirstDirectly {
                guard let found = memchr(base + start, Int32(first), last - start + 1) else { return false }
                start = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            } else if fold(name[start]) != first {
                start += 1
                continue
            }
            var offset = 1
            while offset < needle.count && fold(name[start + offset]) == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
            start += 1
        }
        return false
    }

    func matches(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        if name.count < literalPrefix.count || name.count < literalSuffix.count { return false }
        for (offset, byte) in literalPrefix.enumerated() where fold(name[offset]) != byte { return false }
        let start = name.count - literalSuffix.count
        for (offset, byte) in literalSuffix.enumerated() where fold(name[start + offset]) != byte { return false }
        if !containsRequiredRun(name) { return false }
        return bytes.withUnsafeBufferPointer { match($0[...], name[...]) }
    }

    @inline(__always) private func fold(_ byte: UInt8) -> UInt8 { foldsCase ? ASCIICaseFolding.fold(byte) : byte }

    private func match(_ pattern: Slice<UnsafeBufferPointer<UInt8>>, _ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var p = pattern.startIndex
        var n = name.startIndex
        var starP = -1
        var starN = -1
        while n < name.endIndex {
            if p < pattern.endIndex {
                let token = pattern[p]
                if token == UInt8(ascii: "*") {
                    starP = p
                    starN = n
                    p += 1
                    continue
                }
                if token == UInt8(ascii: "?") {
                    p += 1
                    n += 1
                    continue
                }
                if token == UInt8(ascii: "["), let (matched, next) = matchClass(pattern, at: p, byte: fold(name[n])) {
                    if matched {
                        p = next
                        n += 1
                        continue
                    }
                } else if token == fold(name[n]) {
                    p += 1
                    n += 1
                    continue
                }
            }
            if starP >= 0 {
                p = starP + 1
                starN += 1
                n = starN
                continue
            }
            return false
        }
        while p < pattern.endIndex && pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    /// Matches a bracket expression at `start`; returns whether `byte` is in it and the index after it,
    /// or `nil` if the bracket is not closed (then `[` is literal).
    private func matchClass(_ pattern: Slice<UnsafeBufferPointer<UInt8>>, at start: Int, byte: UInt8) -> (Bool, Int)? {
        var index = start + 1
        var negated = false
        if index < pattern.endIndex && (pattern[index] == UInt8(ascii: "!") || pattern[index] == UInt8(ascii: "^")) {
            negated = true
            index += 1
        }
        var matched = false
        var first = true
        while index < pattern.endIndex {
            let low = pattern[index]
            if low == UInt8(ascii: "]") && !first { return (matched != negated, index + 1) }
            first = false
            if index + 2 < pattern.endIndex && pattern[index + 1] == UInt8(ascii: "-") && pattern[index + 2] != UInt8(ascii: "]") {
                if byte >= low && byte <= pattern[index + 2] { matched = true }
                index += 3
            } else {
                if byte == low { matched = true }
                index += 1
            }
        }
        return nil
    }
}

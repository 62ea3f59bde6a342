/// Evaluates compiled checks against a file's bytes, without allocating.
///
/// The bytes come in up to two segments: `near`, the file's first bytes, and `far`, a window
/// further in that starts at file offset `farStart` (empty unless a rule reaches past the
/// prefix; see ``MagicRuleSet``). A check reads each candidate offset from whichever segment
/// holds all the bytes it compares.
///
/// A check passes when its pattern (masked, if it has a mask) equals the bytes at one of its
/// offsets; an offset whose pattern would run past the end of the segment fails, so a
/// truncated file never matches more than the whole file would. A check with nested checks
/// matches only when it passes and one of its nested checks matches too
/// (`<a><b/><c/></a>` means "a and (b or c)", as in the shared-mime-info specification and
/// xdgmime's `_xdg_mime_magic_matchlet_compare_level`); a `least N` check matches when N of
/// its nested checks match. A regex is tried at each offset of its range, anchored there,
/// against at most ``MagicRegex/window`` bytes, within ``MagicRegex/stepBudget`` steps.
///
/// Only valid inside the `withUnsafeBufferPointer` calls that made its pointers.
struct MagicEvaluator {
    /// The file's leading bytes.
    let near: UnsafeRawBufferPointer
    /// Bytes further in, from file offset ``farStart``; may be empty.
    let far: UnsafeRawBufferPointer
    /// The file offset of `far`'s first byte.
    let farStart: Int
    /// The rule set's checks.
    let checks: UnsafeBufferPointer<MagicCheck>
    /// The rule set's patterns and masks.
    let pool: UnsafeBufferPointer<UInt8>
    /// The rule set's compiled regexes.
    let regexes: UnsafeBufferPointer<MagicRegex>
    /// Scratch, 256 entries, -1 to begin with: for each byte value, what ranged checks have
    /// learned of its first occurrence in `near`: its offset (0 or more), or that it does not
    /// occur before offset `n` (stored as `-n - 2`). So one `memchr` a byte value serves every
    /// ranged check that starts with it (seventy-odd rules start with `<`), and a check whose
    /// range ends before that offset costs nothing.
    let firstOccurrence: UnsafeMutableBufferPointer<Int32>

    /// Whether one of the sibling checks in `first ..< end` matches (passes, and has no nested
    /// checks or one of them matches).
    func anyMatches(from first: Int, to end: Int) -> Bool {
        var index = first
        while index < end {
            if matches(index) { return true }
            index = Int(checks[index].subtreeEnd)
        }
        return false
    }

    /// Whether the check at `index`, with its nested checks, matches.
    func matches(_ index: Int) -> Bool {
        let check = checks[index]
        let next = Int(check.subtreeEnd)
        if check.kind == .least {
            var matched = 0
            var child = index + 1
            while child < next {
                if matches(child) {
                    matched += 1
                    if matched >= Int(check.length) { return true }
                }
                child = Int(checks[child].subtreeEnd)
            }
            return false
        }
        return passes(check) && (next == index + 1 || anyMatches(from: index + 1, to: next))
    }

    /// The byte at file offset `offset`, if a segment holds it.
    @inline(__always)
    func byte(at offset: Int) -> UInt8? {
        if offset >= 0, offset < near.count { return near[offset] }
        let inFar = offset &- farStart
        if inFar >= 0, inFar < far.count { return far[inFar] }
        return nil
    }

    /// Whether `check`'s own test passes at one of its offsets (nested checks aside).
    @inline(__always)
    func passes(_ check: MagicCheck) -> Bool {
        if check.kind == .regex { return regexPasses(check) }
        return passes(check, in: near, at: 0) || (!far.isEmpty && passes(check, in: far, at: farStart))
    }

    /// Whether a byte check passes at an offset whose bytes all lie in `segment`, which holds
    /// the file's bytes from `segmentStart`.
    private func passes(_ check: MagicCheck, in segment: UnsafeRawBufferPointer, at segmentStart: Int) -> Bool {
        let length = Int(check.length)
        // Offsets relative to the segment: the first the pattern may start at, and the last
        // at which it still ends inside the segment.
        let first = Swift.max(Int(check.start) - segmentStart, 0)
        let last = Swift.min(Int(check.start) + Int(check.span) - 1 - segmentStart, segment.count - length)
        guard first <= last, length > 0, let base = segment.baseAddress, let patterns = pool.baseAddress else {
            return false
        }
        let pattern = patterns + Int(check.patternStart)
        let mask: UnsafePointer<UInt8>? = check.isMasked ? pattern + length : nil
        let ignoresCase = check.kind == .caseInsensitive
        if first == last || mask.map({ $0[0] != 0xFF }) ?? false {
            // One offset, or a first byte that is masked: try each offset.
            for offset in first...last where Self.equal(base + offset, pattern, mask: mask, ignoringCase: ignoresCase, length) {
                return true
            }
            return false
        }
        // A range: jump from one occurrence of the pattern's rarest byte (in either case, for a
        // letter compared without case) to the next, and compare the pattern around it.
        // Weighing the pattern's bytes pays off only over a long range of text (no zero byte in
        // the prefix: binary data holds the bytes text lacks) and for a common first byte.
        let anchor = last - first >= Self.anchoredRange && ByteCommonness.commonness(of: pattern[0]) >= Self.commonLead
            && segmentStart == 0 && firstOffset(of: 0, upTo: near.count - 1) == nil
            ? Self.anchor(of: pattern, mask: mask, length) : 0
        let lead = pattern[anchor]
        if occurs(lead, anchor: anchor, in: segment, at: segmentStart, from: first, to: last, pattern: pattern, mask: mask, ignoresCase, length) {
            return true
        }
        let otherCase = lead &- 0x20
        return ignoresCase && ASCII.isLetter(lead)
            && occurs(otherCase, anchor: anchor, in: segment, at: segmentStart, from: first, to: last, pattern: pattern, mask: mask, ignoresCase, length)
    }

    /// The shortest range (in offsets) whose search looks for the pattern's rarest byte.
    static let anchoredRange = 32
    /// The commonness (``ByteCommonness``) from which a first byte is worth passing over: digits,
    /// letters, the space, zero and all-ones bytes.
    static let commonLead: UInt8 = 192

    /// Where in the pattern a range search looks for its byte: the unmasked byte that text and
    /// source code hold least often (`<` of `<html`, `y` of `import yaml`), so that a search
    /// for a word through 4 KiB of prose stops at a few places instead of at every `i`. The
    /// first byte when nothing is rarer. At most the first 16 bytes are weighed.
    @inline(__always)
    static func anchor(of pattern: UnsafePointer<UInt8>, mask: UnsafePointer<UInt8>?, _ length: Int) -> Int {
        var best = 0
        var bestCommonness = ByteCommonness.commonness(of: pattern[0])
        var index = 1
        while index < Swift.min(length, 16) {
            if mask.map({ $0[index] == 0xFF }) ?? true {
                let commonness = ByteCommonness.commonness(of: pattern[index])
                if commonness < bestCommonness {
                    best = index
                    bestCommonness = commonness
                }
            }
            index += 1
        }
        return best
    }

    /// Whether the pattern is found at an offset in `first...last` of `segment` where its byte
    /// at `anchor` is `lead` (memchr from one occurrence to the next; in `near`, from its first
    /// occurrence).
    @inline(__always)
    private func occurs(
        _ lead: UInt8, anchor: Int, in segment: UnsafeRawBufferPointer, at segmentStart: Int, from first: Int, to last: Int,
        pattern: UnsafePointer<UInt8>, mask: UnsafePointer<UInt8>?, _ ignoresCase: Bool, _ length: Int
    ) -> Bool {
        guard let base = segment.baseAddress else { return false }
        var offset = first + anchor
        if segmentStart == 0 {
            guard let known = firstOffset(of: lead, upTo: last + anchor) else { return false }
            offset = Swift.max(offset, known)
        }
        while let found = segment.firstOffset(of: lead, from: offset, to: last + anchor + 1) {
            if Self.equal(base + (found - anchor), pattern, mask: mask, ignoringCase: ignoresCase, length) { return true }
            offset = found + 1
        }
        return false
    }

    /// The offset of the first `byte` in `near` if it is at most `last`, searching only the
    /// part of `near` no earlier call has searched.
    @inline(__always)
    private func firstOffset(of byte: UInt8, upTo last: Int) -> Int? {
        let known = Int(firstOccurrence[Int(byte)])
        if known >= 0 { return known <= last ? known : nil }
        let searched = known == -1 ? 0 : -known - 2
        if searched > last { return nil }
        if let found = near.firstOffset(of: byte, from: searched, to: last + 1) {
            firstOccurrence[Int(byte)] = Int32(clamping: found)
            return found
        }
        firstOccurrence[Int(byte)] = Int32(clamping: -(last + 1) - 2)
        return nil
    }

    /// Whether a regex check matches at one of its offsets, in either segment, within one
    /// step budget for all of them.
    private func regexPasses(_ check: MagicCheck) -> Bool {
        let regex = regexes[Int(check.patternStart)]
        return MagicRegex.withFrames { frames in
            var budget = MagicRegex.stepBudget
            return regexPasses(check, regex, in: near, at: 0, budget: &budget, frames: frames)
                || (budget > 0 && regexPasses(check, regex, in: far, at: farStart, budget: &budget, frames: frames))
        }
    }

    /// Whether the regex matches at one of the check's offsets that lie in `segment`.
    private func regexPasses(
        _ check: MagicCheck, _ regex: MagicRegex, in segment: UnsafeRawBufferPointer, at segmentStart: Int, budget: inout Int,
        frames: UnsafeMutableBufferPointer<MagicRegex.Frame>
    ) -> Bool {
        guard let base = segment.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        let first = Swift.max(Int(check.start) - segmentStart, 0)
        let last = Swift.min(Int(check.start) + Int(check.span) - 1 - segmentStart, segment.count - 1)
        guard first <= last else { return false }
        let firstBytes = regex.firstBytes
        return regex.withMachine(base, frames: frames) { machine in
            if first < last, !regex.fewFirstBytes.isEmpty {
                // A range and a pattern that starts with one of one to three bytes: memchr
                // from one occurrence of each to the next.
                for lead in regex.fewFirstBytes {
                    var offset = first
                    while let start = segment.firstOffset(of: lead, from: offset, to: last + 1) {
                        if machine.run(from: start, to: Swift.min(segment.count, start + MagicRegex.window), budget: &budget) { return true }
                        if budget <= 0 { return false }
                        offset = start + 1
                    }
                }
                return false
            }
            for start in first...last {
                if let firstBytes, !firstBytes.contains(base[start]) { continue }
                let end = Swift.min(segment.count, start + MagicRegex.window)
                if machine.run(from: start, to: end, budget: &budget) { return true }
                if budget <= 0 { return false }
            }
            return false
        }
    }

    /// Whether the `length` bytes at `data` — masked when `mask` is given, ASCII letters
    /// lowercased when `ignoringCase` — equal `pattern` (masked and lowercased alike).
    @inline(__always)
    static func equal(
        _ data: UnsafeRawPointer, _ pattern: UnsafePointer<UInt8>, mask: UnsafePointer<UInt8>?, ignoringCase: Bool, _ length: Int
    ) -> Bool {
        var index = 0
        while index < length {
            var byte = data.load(fromByteOffset: index, as: UInt8.self)
            if ignoringCase { byte = ASCII.lowercased(byte) }
            if let mask { byte &= mask[index] }
            if byte != pattern[index] { return false }
            index += 1
        }
        return true
    }
}

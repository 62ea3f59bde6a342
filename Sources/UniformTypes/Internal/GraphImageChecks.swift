/// The consistency checks a graph image's candidate lists must pass before any lookup reads
/// them (tag tables, parent and supertype lists and declaration records are checked as they
/// are read).
enum GraphImageChecks {
    /// `lists + 1` non-decreasing offsets from 0 to `total`.
    ///
    /// Every pair is compared without stopping at the first fault: one pass with no branch the
    /// processor must guess, which the compiler turns into vector code (the catalog's image, with
    /// thousands of lists, is checked at each start of a process).
    static func offsetsAreValid(_ offsets: UnsafeBufferPointer<Int32>, lists: Int, total: Int) -> Bool {
        guard offsets.count == lists + 1, offsets.first == 0, Int(offsets[lists]) == total else { return false }
        guard offsets.count > 1, let base = offsets.baseAddress else { return true }
        // The sign bit is set where an offset is negative or falls. Two offsets that are not
        // negative differ by less than 2^31, so their 32-bit difference never wraps; a negative
        // offset sets the bit by itself, whatever its difference does.
        var falls: Int32 = 0
        for index in 1..<offsets.count {
            falls |= base[index] | (base[index] &- base[index &- 1])
        }
        return falls >= 0
    }

    /// Whether every candidate word names a type below `typeCount`, in one branch-free pass.
    static func candidatesAreValid(_ words: UnsafeBufferPointer<UInt64>, typeCount: Int) -> Bool {
        guard let base = words.baseAddress else { return true }
        guard typeCount > 0 else { return words.isEmpty }
        // A type is the word's low 32 bits, signed: outside 0 ..< typeCount exactly when, read
        // unsigned, it is not below typeCount (a negative type reads as 2^31 or more). Then
        // the 64-bit difference below wraps, setting its top bit.
        let limit = UInt64(typeCount)
        var outside: UInt64 = 0
        for index in 0..<words.count {
            outside |= limit &- 1 &- (base[index] & 0xFFFF_FFFF)
        }
        return outside >> 63 == 0
    }

    /// Whether one candidate word names a type below `typeCount`.
    static func candidateIsValid(_ word: UInt64, typeCount: Int) -> Bool {
        withUnsafePointer(to: word) { candidatesAreValid(UnsafeBufferPointer(start: $0, count: 1), typeCount: typeCount) }
    }
}

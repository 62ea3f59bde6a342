/// The consistency checks a graph image's candidate lists must pass before any lookup reads
/// them (tag tables, parent and supertype lists and declaration records are checked as they
/// are read).
enum GraphImageChecks {
    /// `lists + 1` non-decreasing offsets from 0 to `total`.
    static func offsetsAreValid(_ offsets: UnsafeBufferPointer<Int32>, lists: Int, total: Int) -> Bool {
        guard offsets.count == lists + 1, offsets.first == 0, Int(offsets[lists]) == total else { return false }
        var previous: Int32 = 0
        for offset in offsets {
            if offset < previous { return false }
            previous = offset
        }
        return true
    }

    static func candidatesAreValid(_ words: some Sequence<UInt64>, typeCount: Int) -> Bool {
        for word in words {
            let type = TypeGraph.Candidate(packed: word).type
            if type < 0 || Int(type) >= typeCount { return false }
        }
        return true
    }
}

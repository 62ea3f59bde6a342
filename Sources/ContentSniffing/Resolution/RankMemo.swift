/// Rank lists remembered by an integer key: the few a process works out (one per strong or
/// weak-text answer it meets), kept in flat arrays of the standard library's own element types,
/// so that remembering the first list costs no new generic type at run time, where a dictionary
/// of lists cost the runtime more than working the list out. Looked up by a scan of the keys:
/// a process meets tens of such answers, not thousands.
struct RankMemo: Sendable {
    /// The keys, in the order they were remembered.
    private var keys: [Int] = []
    /// Where each key's ranks start in ``ranks``, plus a final end.
    private var starts: [Int] = [0]
    /// Every remembered list, one after another.
    private var ranks: [Int32] = []

    /// The list remembered for `key`, or `nil`.
    func ranks(for key: Int) -> [Int32]? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        return Array(ranks[starts[index]..<starts[index + 1]])
    }

    /// Remembers `list` for `key` (a key already remembered keeps its first list).
    mutating func remember(_ list: [Int32], for key: Int) {
        guard !keys.contains(key) else { return }
        keys.append(key)
        ranks.append(contentsOf: list)
        starts.append(ranks.count)
    }
}

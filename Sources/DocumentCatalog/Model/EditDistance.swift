/// How many edits turn one word into another: insertions, deletions, substitutions, and
/// transpositions of neighbours (the optimal string alignment distance), over UTF-8 bytes.
///
/// ```swift
/// EditDistance.between("tpye", "type")   // 1
/// ```
public enum EditDistance {
    /// The edits between `a` and `b`.
    public static func between(_ a: some StringProtocol, _ b: some StringProtocol) -> Int {
        between(Array(a.utf8), Array(b.utf8))
    }

    /// The edits between two byte strings.
    public static func between(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

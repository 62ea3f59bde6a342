extension CatalogFormatWarning {
    /// How many warnings of one kind about one file are kept before the rest are counted.
    public static let keptPerKind = 5

    /// `warnings` with repetition summarised, in their order: for each file and kind of warning
    /// the first ``keptPerKind`` are kept, and the rest become one warning of the same kind
    /// saying how many more there were ("… and 99,995 more like this"). A hostile or broken
    /// file cannot flood a report, and the first examples still name their line and key.
    public static func summarised(_ warnings: [CatalogFormatWarning]) -> [CatalogFormatWarning] {
        guard warnings.count > keptPerKind else { return warnings }
        var seen: [String: Int] = [:]
        var kept: [CatalogFormatWarning] = []
        var firstExtra: [String: Int] = [:]
        for warning in warnings {
            let kind = warning.source + "\u{0}" + warning.code.rawValue
            let count = (seen[kind] ?? 0) + 1
            seen[kind] = count
            if count <= keptPerKind {
                kept.append(warning)
            } else if count == keptPerKind + 1 {
                firstExtra[kind] = kept.count
                kept.append(warning)
            }
        }
        for (kind, index) in firstExtra {
            let extra = (seen[kind] ?? 0) - keptPerKind
            let example = kept[index]
            kept[index] = CatalogFormatWarning(
                code: example.code, source: example.source,
                reason: "… and \(extra) more like this (\(example.code.rawValue)) in this file")
        }
        return kept
    }
}

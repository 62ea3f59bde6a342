/// The registered app a mistyped or shortened app id most likely meant, for error messages:
/// `--with vim` → `vim.desktop`, `--with eog` → `org.gnome.eog.desktop`.
///
/// Policy, first rule that gives exactly one id wins: the same id but for case; the id with
/// `.desktop` added; ids whose last component (before `.desktop`) is the text; ids one or two
/// edits away (``EditDistance``), the nearest.
public enum AppIDSuggestion {
    /// The suggestion for `text` among `ids`, or `nil`.
    public static func best(for text: String, among ids: [String]) -> String? {
        let wanted = text.lowercased()
        guard !wanted.isEmpty else { return nil }
        let folded = ids.map { $0.lowercased() }
        func unique(_ matches: (String) -> Bool) -> String? {
            let found = ids.indices.filter { matches(folded[$0]) }
            return found.count == 1 ? ids[found[0]] : nil
        }
        if let exact = unique({ $0 == wanted }) { return exact }
        if let desktop = unique({ $0 == wanted + ".desktop" }) { return desktop }
        if let last = unique({ lastComponent(of: $0) == wanted }) { return last }
        var best: (id: String, distance: Int, count: Int)?
        for (index, id) in folded.enumerated() {
            let distance = min(EditDistance.between(wanted, id), EditDistance.between(wanted, id.hasSuffix(".desktop") ? String(id.dropLast(8)) : id))
            guard distance <= 2 else { continue }
            if distance < best?.distance ?? .max {
                best = (ids[index], distance, 1)
            } else if distance == best?.distance {
                best?.count += 1
            }
        }
        guard let best, best.count == 1 else { return nil }
        return best.id
    }

    /// The reason an unknown app id is refused, with the suggestion when there is one.
    public static func unknownAppReason(_ text: String, among ids: [String]) -> String {
        "no app with this id is registered" + (best(for: text, among: ids).map { " (did you mean \($0)?)" } ?? "")
    }

    private static func lastComponent(of id: String) -> Substring {
        let name = id.hasSuffix(".desktop") ? id.dropLast(8) : Substring(id)
        return name.split(separator: ".").last ?? name
    }
}

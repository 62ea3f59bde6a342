/// libmagic's named rules (set 1 of a compiled database), as the prefilters follow `use` into
/// them: which of them answer with a type, themselves or through the rules they use in turn.
struct MagicNamedRules {
    /// One line, as far as following `use` needs it.
    struct Line {
        var level: Int
        /// The name a named rule's head line gives.
        var name: [UInt8]?
        /// The named rule it uses, without the `^` that asks for the other byte order.
        var uses: [UInt8]?
        /// Whether the line itself answers with a MIME type (or, when the reader counts them,
        /// is an `indirect` test, which runs every rule again further on).
        var answers: Bool

        init(_ entry: UnsafeRawBufferPointer, countingIndirect: Bool = false) {
            typealias Layout = CompiledMagicFile.Layout
            level = Int(entry.loadUnaligned(fromByteOffset: Layout.contLevel, as: UInt16.self))
            let type = entry[Layout.type]
            name = type == Layout.nameType ? Array(CompiledMagicFile.field(entry, Layout.value, Layout.valueSize)) : nil
            uses = type == Layout.useType ? CompiledMagicFile.useName(entry) : nil
            answers = (countingIndirect && type == Layout.indirectType)
                || !CompiledMagicFile.field(entry, Layout.mimeType, Layout.mimeTypeSize).isEmpty
        }
    }

    /// Each rule's lines by its name; the first rule of a name is the one libmagic finds.
    private var rules: [[UInt8]: ArraySlice<Line>] = [:]

    /// The rules of `lines`, the named set in order.
    init(_ lines: [Line]) {
        var start = 0
        for index in lines.indices where index == lines.count - 1 || lines[index + 1].level == 0 {
            if let name = lines[start].name, rules[name] == nil { rules[name] = lines[start...index] }
            start = index + 1
        }
    }

    /// Whether `line` answers with a type, itself or through the named rule it uses.
    func answers(_ line: Line) -> Bool {
        line.answers || line.uses.map { answers(rule: $0, visiting: []) } == true
    }

    /// Whether the rule called `name` answers with a type, itself or through the rules it uses
    /// (a rule that uses itself, directly or in turn, is followed once).
    private func answers(rule name: [UInt8], visiting: Set<[UInt8]>) -> Bool {
        guard !visiting.contains(name), let rule = rules[name] else { return false }
        return rule.contains { $0.answers || ($0.uses.map { answers(rule: $0, visiting: visiting.union([name])) } ?? false) }
    }
}

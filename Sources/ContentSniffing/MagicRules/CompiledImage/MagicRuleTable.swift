/// A rule set's rules, in table order: either read in place from the rule records of the
/// library's own compiled image, which lives as long as the program (each rule made when asked
/// for, its names the image's bytes), or a copy the table owns (a set parsed from text, or read
/// from any other image).
///
/// Read in place, the rules cost nothing when a process starts; a process asks for the few
/// rules its file reaches.
struct MagicRuleTable: RandomAccessCollection, @unchecked Sendable {
    /// Where the rules are.
    private enum Storage {
        case owned([MagicRule])
        /// Records of ``MagicRuleTable/recordSize`` bytes (see ``MagicRuleImageLayout``) and
        /// the names section their spans point into.
        case inPlace(records: UnsafeRawBufferPointer, names: UnsafeRawBufferPointer)
    }

    private let storage: Storage
    /// How many rules the table holds.
    let count: Int

    /// The size of a rule record: priority, the check range, the MIME type's and the
    /// identifier's spans in the names section, the system ordinal hint: eight 32-bit fields.
    static let recordSize = 32

    /// A table owning `rules`.
    init(_ rules: [MagicRule]) {
        storage = .owned(rules)
        count = rules.count
    }

    /// The `count` rule records at `records` read in place, their names in `names`: memory of
    /// the library's own image, whose records a test checks (priorities, check ranges, names
    /// inside `names`), so they are not checked again here.
    init(inPlaceRecords records: UnsafeRawBufferPointer, count: Int, names: UnsafeRawBufferPointer) {
        precondition(count >= 0 && records.count >= count * Self.recordSize, "rule records past their section")
        storage = .inPlace(records: records, names: names)
        self.count = count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// The rule at `index`, which must be in bounds.
    subscript(index: Int) -> MagicRule {
        switch storage {
        case .owned(let rules):
            return rules[index]
        case .inPlace(let records, let names):
            func field(_ field: Int) -> Int { Int(recordField(field, of: index, in: records)) }
            func name(_ spanField: Int) -> UnsafeRawBufferPointer {
                let start = field(spanField)
                return UnsafeRawBufferPointer(rebasing: names[start..<start + field(spanField + 1)])
            }
            return MagicRule(
                priority: field(0), mimeTypeUTF8: name(3), identifierUTF8: name(5), checks: field(1)..<field(2),
                systemOrdinalHint: Int32(field(7)))
        }
    }

    /// The priority of the rule at `index` (which must be in bounds), without making the rule.
    func priority(_ index: Int) -> Int {
        switch storage {
        case .owned(let rules):
            return rules[index].priority
        case .inPlace(let records, _):
            return Int(recordField(0, of: index, in: records))
        }
    }

    /// The system ordinal hint of the rule at `index` (which must be in bounds; see
    /// ``MagicRule/systemOrdinalHint``), without making the rule.
    func systemOrdinalHint(_ index: Int) -> Int32 {
        switch storage {
        case .owned(let rules):
            return rules[index].systemOrdinalHint
        case .inPlace(let records, _):
            return recordField(7, of: index, in: records)
        }
    }

    /// Field `field` of in-place rule record `index`, which must be in bounds.
    private func recordField(_ field: Int, of index: Int, in records: UnsafeRawBufferPointer) -> Int32 {
        precondition(index >= 0 && index < count, "index out of range")
        return MagicRuleImageReader.field(field, of: index, size: Self.recordSize, in: records)
    }

    /// Whether the rules are read in place in the library's image.
    var isInPlace: Bool {
        if case .inPlace = storage { return true }
        return false
    }
}

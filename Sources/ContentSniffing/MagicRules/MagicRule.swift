import UniformTypes

/// One `<magic>` element of shared-mime-info or Tika: a type, a priority, and its tree of checks.
struct MagicRule: Sendable {
    /// The rule's priority, 0–100.
    var priority: Int
    /// The MIME type as the registry names it.
    var mimeType: String
    /// The OpenWith identifier of ``mimeType``.
    var identifier: TypeIdentifier
    /// The rule's checks in the rule set's check array: the top-level checks and everything
    /// nested in them, in pre-order. The first top-level check is at `checks.lowerBound`.
    var checks: Range<Int>
}

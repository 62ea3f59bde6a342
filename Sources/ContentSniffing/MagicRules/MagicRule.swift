import UniformTypes

/// One `<magic>` element of shared-mime-info or Tika: a type, a priority, and its tree of checks.
struct MagicRule: Sendable {
    /// The rule's priority, 0–100.
    var priority: Int
    /// The rule's checks in the rule set's check array: the top-level checks and everything
    /// nested in them, in pre-order. The first top-level check is at `checks.lowerBound`.
    var checks: Range<Int>
    /// Where the system catalog's graph (``SystemTypeCatalog/graph``) declares ``identifier``,
    /// as recorded when the rules were compiled into an image; -1 when it does not, or when no
    /// graph was asked. A graph that declares the system catalog's types first has them at the
    /// same ordinals (``TypeGraph/leadingSystemTypeCount``): there the hint is the ordinal; in
    /// any other graph it is checked against the identifier at that ordinal.
    var systemOrdinalHint: Int32 = -1
    private let mimeName: Name
    private let identifierName: Name

    /// The MIME type as the registry names it.
    var mimeType: String { mimeName.text }
    /// The OpenWith identifier of ``mimeType``.
    var identifier: TypeIdentifier { TypeIdentifier(identifierName.text) }

    /// A rule with its names as text.
    init(priority: Int, mimeType: String, identifier: TypeIdentifier, checks: Range<Int>) {
        self.priority = priority
        self.checks = checks
        mimeName = .text(mimeType)
        identifierName = .text(identifier.rawValue)
    }

    /// A rule whose names are UTF-8 bytes of memory that lives as long as the process (the
    /// library's own compiled image): they become text only when asked for, so loading the
    /// rules makes no strings.
    init(
        priority: Int, mimeTypeUTF8: UnsafeRawBufferPointer, identifierUTF8: UnsafeRawBufferPointer, checks: Range<Int>,
        systemOrdinalHint: Int32 = -1
    ) {
        self.priority = priority
        self.checks = checks
        self.systemOrdinalHint = systemOrdinalHint
        mimeName = .permanentUTF8(mimeTypeUTF8)
        identifierName = .permanentUTF8(identifierUTF8)
    }

    /// A name: text, or bytes of the process's own read-only data.
    private enum Name: @unchecked Sendable {
        case text(String)
        case permanentUTF8(UnsafeRawBufferPointer)

        var text: String {
            switch self {
            case .text(let text): text
            case .permanentUTF8(let bytes): String(decoding: bytes, as: UTF8.self)
            }
        }
    }
}

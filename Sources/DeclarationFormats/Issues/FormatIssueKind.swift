/// The outcome a ``FormatIssue`` reports: ``FormatRefusal`` (the file cannot be read) or
/// ``FormatRepair`` (a part was skipped or repaired). A marker with no members; each kind
/// declares its own codes.
public protocol FormatIssueKind: Sendable {}

/// The kind of ``CatalogFormatError``: the file could not be read, and nothing of it is used.
public enum FormatRefusal: FormatIssueKind {}

/// The kind of ``CatalogFormatWarning``: the file was read, and one part of it was skipped or
/// repaired.
public enum FormatRepair: FormatIssueKind {}

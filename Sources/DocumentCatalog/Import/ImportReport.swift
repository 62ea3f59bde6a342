public import DeclarationFormats

/// What an import did: what it stored, and everything it skipped with the reason.
public struct ImportReport: Sendable {
    /// Apps registered (ids).
    public var registeredApps: [String] = []
    /// Apps removed because their files disappeared (system import).
    public var removedApps: [String] = []
    /// Types declared (identifiers).
    public var declaredTypes: [String] = []
    /// mimeapps.list entries stored.
    public var associationCount = 0
    /// Files read.
    public var filesRead = 0
    /// Things skipped, each naming the file, the key and the reason.
    public var warnings: [CatalogFormatWarning] = []
    /// Files refused whole (a system import goes on past them; a single import fails instead).
    public var refusedFiles: [CatalogFormatError] = []

    /// An empty report.
    public init() {}

    /// Adds another report's contents.
    public mutating func merge(_ other: ImportReport) {
        registeredApps += other.registeredApps
        removedApps += other.removedApps
        declaredTypes += other.declaredTypes
        associationCount += other.associationCount
        filesRead += other.filesRead
        warnings += other.warnings
        refusedFiles += other.refusedFiles
    }
}

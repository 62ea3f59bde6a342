extension TransferJournalEntry {
    /// What a journaled transfer does. The raw values are the journal's stored `operation` column.
    ///
    /// ```swift
    /// let id = try catalog.beginTransfer(operation: .openIn, appID: "viewer.desktop", sourcePath: path, folder: inbox)
    /// ```
    public enum Operation: String, Sendable, Equatable, CaseIterable {
        /// A copy into the receiver's inbox (open-in); the copy is read-only.
        case openIn = "open-in"
        /// A copy into the receiver's picker inbox (document picker import).
        case `import`
        /// A copy into a document provider's storage.
        case export
        /// A move into a document provider's storage; the source is gone afterwards.
        case move
        /// A move of a granted file out of an inbox within its container; the grant follows it.
        case moveOut = "move-out"
    }
}

extension TransferJournalEntry {
    /// Where a transfer stands. The raw values are the journal's stored `state` column.
    ///
    /// ```swift
    /// if entry.state == .copied { /* the staged file is complete: finish placing it */ }
    /// ```
    public enum State: String, Sendable, Equatable, CaseIterable {
        /// The entry is written; nothing is promised yet.
        case started
        /// A complete staged file with a recorded identity exists.
        case copied
        /// The file is in place and its grant stored.
        case committed
        /// The transfer was undone.
        case rolledBack = "rolled-back"
    }
}

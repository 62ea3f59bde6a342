import DocumentCatalog

/// The last step of a move that staged a copy (its source is on another file system): once the
/// grant is stored, the source goes — only if it still holds the transferred bytes — and the
/// journal records that the removal is done.
///
/// Policy: a source that changed or was replaced after it was copied is kept (both versions
/// then exist; nothing is lost), and so is one that cannot be read or removed; the journal
/// records why. If the journal cannot be written, the removal stays pending and recovery
/// repeats it: removing a source that is already gone is a no-op.
enum MovedSourceRemoval {
    /// Removes `source` if it holds `size` bytes with SHA-256 `sha256`, and closes the
    /// pending removal of journal entry `entry`.
    static func run(entry: Int64, source: String, size: Int64, sha256: String, catalog: DocumentCatalog) {
        let detail: String
        do {
            switch try AtomicFileCopy.removeSource(source, ifHolding: size, sha256: sha256) {
            case .removed: detail = "removed \(source)"
            case .absent: detail = "already gone: \(source)"
            case .kept(let reason): detail = "kept \(source): \(reason)"
            }
        } catch {
            detail = "kept \(source): \(error.reason)"
        }
        try? catalog.markSourceDisposed(id: entry, detail: detail)
    }
}

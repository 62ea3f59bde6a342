extension AtomicFileCopy {
    /// A named point inside a copy or move where a test hook runs.
    ///
    /// Policy: the hook is an optional closure parameter (no global state). It may pause (to
    /// let a test change the source or the folder), or throw to inject a failure; any throw
    /// rolls the operation back exactly as a real failure would. A thrown ``HandOverError``
    /// passes through unchanged (so a test can simulate `noSpace`); any other error becomes
    /// ``HandOverError/Code/checkpointFailed``.
    public enum Checkpoint: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The source is open and checked to be a regular file; nothing was created yet.
        case afterSourceOpened
        /// The temporary file exists in the destination folder (copy path only).
        case afterTemporaryCreated
        /// All bytes were copied into the temporary file, before the source is checked for
        /// changes (copy path only).
        case afterDataWritten
        /// The temporary file has its final mode and was `fsync`ed, before it gets its final
        /// name (copy path only).
        case afterSync
        /// The file has its final name, before the folder is `fsync`ed.
        case afterRename

        /// The case name.
        public var description: String { rawValue }
    }

    /// Runs the hook at `point`, mapping what it throws (see ``Checkpoint``).
    static func reach(_ point: Checkpoint, _ hook: ((Checkpoint) throws -> Void)?) throws(HandOverError) {
        guard let hook else { return }
        do {
            try hook(point)
        } catch let error as HandOverError {
            throw error
        } catch {
            throw HandOverError(
                .checkpointFailed, reason: "the checkpoint hook threw at \(point): \(error)",
                key: point.rawValue)
        }
    }
}

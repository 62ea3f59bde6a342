/// The changes of a workspace's catalog, as an asynchronous sequence for `for await`.
///
/// Made by ``Workspace/changes(importing:)``. Each element is one burst of changes: a desktop
/// entry added or removed, a `mimeapps.list` or shared-mime-info package edited (the machine's
/// apps are imported again first, so the next lookup sees them), or the catalog written by
/// another program (its generation moved). The sequence is driven by inotify: nothing polls.
///
/// Policy: one consumer iterates it, once. It ends when the consumer stops: the `for await` loop
/// is left (`break`, `return`, a throw) or its task is cancelled. The watcher's loop then ends
/// and closes its descriptors; no thread is kept. A sequence made and never iterated watches
/// until the process ends: make it where it is consumed. Changes that come while the
/// consumer is busy are merged into the newest one (the buffer keeps one element).
///
/// ```swift
/// for await change in try workspace.changes() {
///     print("the catalog changed:", change.changedLocations)   // refresh the open windows
/// }
/// ```
public struct CatalogChanges: AsyncSequence, Sendable {
    /// What the sequence yields.
    public typealias Element = CatalogChange
    /// The iterator: the stream's own.
    public typealias AsyncIterator = AsyncStream<CatalogChange>.Iterator

    let stream: AsyncStream<CatalogChange>

    /// Makes the iterator (once: a second iterator sees nothing).
    public func makeAsyncIterator() -> AsyncStream<CatalogChange>.Iterator { stream.makeAsyncIterator() }
}

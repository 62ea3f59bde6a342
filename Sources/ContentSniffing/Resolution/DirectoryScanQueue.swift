import Glibc
import Synchronization

/// The work of a ``DirectoryScan`` that threads share: folders still to list, and listed
/// files still to classify, in batches that keep their folder open.
///
/// Workers take the most recently added item first, so a folder's batches are classified
/// before further folders are opened and open folders stay few. The queue is finished when
/// it is empty and no worker holds an item (one that could still add more).
final class DirectoryScanQueue: Sendable {
    /// A listed folder, open while any batch of its files is waiting: the files are opened
    /// relative to it (`openat` on one name, not the whole path again).
    final class Folder: @unchecked Sendable {
        /// The folder's stream (its descriptor is ``descriptor``); only closed, in `deinit`,
        /// once listing is over: unchecked `Sendable` because no thread reads it after that.
        private let stream: OpaquePointer
        /// The folder's descriptor.
        let descriptor: Int32
        /// The folder's path with a trailing slash.
        let prefix: String

        /// Takes ownership of an open directory stream.
        init(stream: OpaquePointer, prefix: String) {
            self.stream = stream
            self.descriptor = dirfd(stream)
            self.prefix = prefix
        }

        deinit { closedir(stream) }
    }

    /// One item of work.
    enum Item: Sendable {
        /// A folder to list, `depth` levels below the root.
        case folder(path: String, depth: Int)
        /// Files of an open folder to classify: names and directory-entry kinds (`DT_*`).
        case files(Folder, [(name: String, kind: UInt8)])
    }

    private let state: Mutex<(items: [Item], busy: Int)>

    /// A queue holding `items`.
    init(_ items: [Item]) { state = Mutex((items, 0)) }

    /// The next item, once one is there; `nil` when the work is done. Every item taken must be
    /// given back with ``finished()``.
    func next() -> Item? {
        while true {
            let taken: Item?? = state.withLock { state in
                if let item = state.items.popLast() {
                    state.busy += 1
                    return .some(item)
                }
                return state.busy == 0 ? .some(nil) : nil
            }
            if let taken { return taken }
            // Another worker is listing a folder that may add work.
            usleep(50)
        }
    }

    /// Adds items.
    func add(_ items: [Item]) {
        guard !items.isEmpty else { return }
        state.withLock { $0.items.append(contentsOf: items) }
    }

    /// Marks an item taken with ``next()`` as done.
    func finished() { state.withLock { $0.busy -= 1 } }
}

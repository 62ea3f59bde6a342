import Dispatch
import Glibc
import Synchronization
public import UniformTypes

/// Classifies every file of a folder tree, on all cores, and summarises the result.
///
/// Policy: the walk never follows symbolic links (a link is classified as a link, and a
/// linked folder is not entered), so it cannot leave the tree; unreadable folders are
/// reported, not fatal; files are resolved by name and content with ``TypeResolver``.
public struct DirectoryScan: Sendable {
    /// One classified file.
    public struct Entry: Sendable {
        /// The path.
        public var path: String
        /// Its resolution, or `nil` if it vanished or could not be looked up.
        public var resolution: Resolution?
        /// Why it could not be resolved.
        public var failure: String?
    }

    /// The result of a scan.
    public struct Summary: Sendable {
        /// Files classified, by type identifier, most common first.
        public var countsByType: [(type: UniformType, count: Int)]
        /// Files whose name and content disagree.
        public var mismatches: [Entry]
        /// Paths that could not be read or resolved, with the reason.
        public var failures: [(path: String, reason: String)]
        /// How many files were classified.
        public var fileCount: Int
        /// Total bytes of the regular files classified.
        public var byteCount: Int64
    }

    /// The resolver used.
    public let resolver: TypeResolver
    /// Resolution options (symbolic links are never followed, whatever they say).
    public let options: ResolutionOptions
    /// How many threads classify files.
    public let threads: Int

    /// Creates a scan that uses every online core (or `threads` when given).
    public init(resolver: TypeResolver, options: ResolutionOptions = .default, threads: Int? = nil) {
        self.resolver = resolver
        var options = options
        options.followsSymlinks = false
        self.options = options
        self.threads = max(1, threads ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Walks `root` and classifies every entry below it (not `root` itself).
    ///
    /// Folders are listed and their files classified on all threads at once: each thread
    /// takes a folder or a batch of a listed folder's files. A regular file is opened relative
    /// to its folder and looked up no further (``TypeResolver/resolve(opened:options:)``);
    /// anything else is resolved by path. Mismatches and failures are sorted by path.
    ///
    /// - Parameter progress: called now and then with (files done, files found so far), from
    ///   any thread.
    public func run(_ root: String, progress: (@Sendable (Int, Int) -> Void)? = nil) -> Summary {
        let (entries, walkFailures) = classifyAll(root, progress: progress)
        var failures = walkFailures
        var counts: [UniformType: Int] = [:]
        var mismatches: [Entry] = []
        var bytes: Int64 = 0
        var fileCount = 0
        for entry in entries {
            if let resolution = entry.resolution {
                counts[resolution.type, default: 0] += 1
                bytes += resolution.size
                fileCount += 1
                if resolution.isMismatch { mismatches.append(entry) }
            } else {
                failures.append((entry.path, entry.failure ?? "unknown failure"))
            }
        }
        let sorted = counts.map { (type: $0.key, count: $0.value) }.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.type.identifier < $1.type.identifier
        }
        mismatches.sort { $0.path < $1.path }
        failures.sort { $0.path < $1.path }
        return Summary(countsByType: sorted, mismatches: mismatches, failures: failures, fileCount: fileCount, byteCount: bytes)
    }

    /// Every entry below `root`, classified, in no set order, and the folders that could not
    /// be listed.
    func classifyAll(
        _ root: String, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> (entries: [Entry], failures: [(path: String, reason: String)]) {
        let queue = DirectoryScanQueue([.folder(path: root, depth: 0)])
        let found = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let results = Mutex<(entries: [Entry], failures: [(path: String, reason: String)])>(([], []))
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            var entries: [Entry] = []
            var failures: [(path: String, reason: String)] = []
            while let item = queue.next() {
                var batch: (folder: DirectoryScanQueue.Folder, names: [(name: String, kind: UInt8)])?
                switch item {
                case .folder(let path, let depth):
                    guard let files = list(path, depth: depth, into: queue, failures: &failures) else { break }
                    found.add(files.count, ordering: .relaxed)
                    // Files are handed on in batches, so that a large folder is shared out; this
                    // thread keeps the first.
                    var batches = stride(from: 0, to: files.count, by: Self.batchSize).map {
                        DirectoryScanQueue.Item.files(files.folder, Array(files.entries[$0..<min($0 + Self.batchSize, files.count)]))
                    }
                    if case .files(let folder, let names)? = batches.first {
                        batch = (folder, names)
                        batches.removeFirst()
                    }
                    queue.add(batches)
                case .files(let folder, let names):
                    batch = (folder, names)
                }
                if let batch {
                    classify(batch.names, in: batch.folder, into: &entries)
                    progress?(done.add(batch.names.count, ordering: .relaxed).newValue, found.load(ordering: .relaxed))
                }
                queue.finished()
            }
            results.withLock {
                $0.entries.append(contentsOf: entries)
                $0.failures.append(contentsOf: failures)
            }
        }
        return results.withLock { ($0.entries, $0.failures) }
    }

    /// How many files of a folder one thread classifies before taking other work.
    static let batchSize = 128

    /// Lists the folder at `path`: its subfolders are added to `queue`, and the rest is
    /// returned with the open folder; `nil` (and a failure) when it cannot be listed.
    private func list(
        _ path: String, depth: Int, into queue: DirectoryScanQueue, failures: inout [(path: String, reason: String)]
    ) -> (folder: DirectoryScanQueue.Folder, entries: [(name: String, kind: UInt8)], count: Int)? {
        guard depth < 256 else {
            failures.append((path, "deeper than 256 levels; not entered"))
            return nil
        }
        guard let stream = PathBytes.withCString(path, { opendir($0) }) else {
            failures.append((path, String(cString: strerror(errno))))
            return nil
        }
        let folder = DirectoryScanQueue.Folder(stream: stream, prefix: path.hasSuffix("/") ? path : path + "/")
        var entries: [(name: String, kind: UInt8)] = []
        var subfolders: [DirectoryScanQueue.Item] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { PathBytes.string(from: $0.prefix { $0 != 0 }) }
            if name == "." || name == ".." { continue }
            var kind = entry.pointee.d_type
            if kind == UInt8(DT_UNKNOWN) {
                var info = stat()
                let looked = PathBytes.withCString(name) { fstatat(folder.descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) }
                if looked == 0 { kind = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG) }
            }
            if kind == UInt8(DT_DIR) {
                subfolders.append(.folder(path: folder.prefix + name, depth: depth + 1))
            } else {
                entries.append((name, kind))
            }
        }
        queue.add(subfolders)
        return (folder, entries, entries.count)
    }

    /// Classifies files of `folder`: a regular file through a descriptor opened relative to the
    /// folder, anything else (and a regular file that cannot be opened so) by its path.
    private func classify(_ names: [(name: String, kind: UInt8)], in folder: DirectoryScanQueue.Folder, into entries: inout [Entry]) {
        for (name, kind) in names {
            let path = folder.prefix + name
            if kind == UInt8(DT_REG), let source = PathBytes.withCString(name, { FileByteSource.openRegular($0, in: folder.descriptor, path: path) }) {
                entries.append(Entry(path: path, resolution: resolver.resolve(opened: source, options: options), failure: nil))
                continue
            }
            do throws(SniffingError) {
                entries.append(Entry(path: path, resolution: try resolver.resolve(path: path, options: options), failure: nil))
            } catch {
                entries.append(Entry(path: path, resolution: nil, failure: error.reason))
            }
        }
    }
}

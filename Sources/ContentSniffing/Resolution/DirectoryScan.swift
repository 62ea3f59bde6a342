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
    /// - Parameter progress: called now and then with (files done, files found so far), from
    ///   any thread.
    public func run(_ root: String, progress: (@Sendable (Int, Int) -> Void)? = nil) -> Summary {
        var paths: [String] = []
        var failures: [(String, String)] = []
        walk(root, into: &paths, failures: &failures, depth: 0)
        let allPaths = paths
        let results = Mutex<[Entry?]>([Entry?](repeating: nil, count: allPaths.count))
        let nextChunk = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let chunk = 64
        let chunks = (allPaths.count + chunk - 1) / chunk
        let resolver = self.resolver
        let options = self.options
        // Each worker takes the next chunk of 64 files until none is left.
        DispatchQueue.concurrentPerform(iterations: min(threads, max(chunks, 1))) { _ in
            while true {
                let index = nextChunk.add(1, ordering: .relaxed).oldValue
                guard index < chunks else { return }
                let range = (index * chunk)..<min(allPaths.count, (index + 1) * chunk)
                var local: [Entry] = []
                local.reserveCapacity(range.count)
                for position in range {
                    let path = allPaths[position]
                    do throws(SniffingError) {
                        local.append(Entry(path: path, resolution: try resolver.resolve(path: path, options: options), failure: nil))
                    } catch {
                        local.append(Entry(path: path, resolution: nil, failure: error.reason))
                    }
                }
                results.withLock { slots in
                    for (offset, entry) in local.enumerated() { slots[range.lowerBound + offset] = entry }
                }
                let finished = done.add(range.count, ordering: .relaxed).newValue
                progress?(finished, allPaths.count)
            }
        }
        let entries = results.withLock { $0.compactMap { $0 } }
        var counts: [UniformType: Int] = [:]
        var mismatches: [Entry] = []
        var bytes: Int64 = 0
        for entry in entries {
            if let resolution = entry.resolution {
                counts[resolution.type, default: 0] += 1
                bytes += resolution.size
                if resolution.isMismatch { mismatches.append(entry) }
            } else {
                failures.append((entry.path, entry.failure ?? "unknown failure"))
            }
        }
        let sorted = counts.map { (type: $0.key, count: $0.value) }.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.type.identifier < $1.type.identifier
        }
        return Summary(countsByType: sorted, mismatches: mismatches, failures: failures, fileCount: entries.count - entries.filter { $0.resolution == nil }.count, byteCount: bytes)
    }

    private func walk(_ folder: String, into paths: inout [String], failures: inout [(String, String)], depth: Int) {
        guard depth < 256 else {
            failures.append((folder, "deeper than 256 levels; not entered"))
            return
        }
        guard let directory = PathBytes.withCString(folder, { opendir($0) }) else {
            failures.append((folder, String(cString: strerror(errno))))
            return
        }
        defer { closedir(directory) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { PathBytes.string(from: $0.prefix { $0 != 0 }) }
            if name == "." || name == ".." { continue }
            let path = prefix + name
            var kind = entry.pointee.d_type
            if kind == UInt8(DT_UNKNOWN) {
                var info = stat()
                if PathBytes.withCString(path, { lstat($0, &info) }) == 0 { kind = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG) }
            }
            if kind == UInt8(DT_DIR) {
                walk(path, into: &paths, failures: &failures, depth: depth + 1)
            } else {
                paths.append(path)
            }
        }
    }
}

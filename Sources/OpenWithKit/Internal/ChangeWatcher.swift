import Glibc
import Synchronization

/// The inotify loop behind ``CatalogChanges``: watches the ``WatchTarget``s, gathers the events
/// of a burst, and reports which targets changed.
///
/// Policy: a burst ends after 50 ms without events (at most 1 s), so a package manager that
/// installs twenty desktop entries is one change, not twenty. A watched folder that does not
/// exist is watched for from its nearest existing parent; when it appears, when a watched folder
/// is deleted or moved, or when a folder appears in an `applications/` folder, the targets are
/// listed again (a new subfolder becomes one) and every watch is set again. The loop runs
/// on a dispatch queue of its own until ``stop()``; then it closes its descriptors and returns,
/// so nothing outlives the stream.
final class ChangeWatcher: @unchecked Sendable {
    // @unchecked: `watches` is only touched by the loop (``run(report:)``); the descriptors are
    // immutable; the wake-up end is guarded by `wakeEnd`.
    private enum Role { case location(Int), ancestor(Int, next: String) }

    /// Lists the targets; asked again whenever the watches are set again.
    private let listTargets: () -> [WatchTarget]
    private(set) var locations: [WatchTarget] = []
    private let inotify: Int32
    private let wakeRead: Int32
    private let wakeEnd: Mutex<Int32?>
    private var watches: [Int32: [Role]] = [:]

    /// Opens the inotify instance and the wake-up pipe; `nil` with the error number when the
    /// system refuses (too many inotify instances, no descriptors left).
    init(targets: @escaping () -> [WatchTarget]) throws(InotifyCalls.Errno) {
        listTargets = targets
        inotify = try InotifyCalls.makeInstance().get()
        switch InotifyCalls.makePipe() {
        case .success(let (read, write)):
            wakeRead = read
            wakeEnd = Mutex(write)
        case .failure(let error):
            InotifyCalls.close(inotify)
            throw error
        }
        arm()
    }

    /// Asks the loop to end; safe from any thread, any number of times.
    func stop() {
        wakeEnd.withLock { end in if let end { InotifyCalls.wake(end) } }
    }

    /// Watches every location, or its nearest existing parent.
    private func arm() {
        for wd in watches.keys { InotifyCalls.removeWatch(inotify, wd) }
        watches = [:]
        locations = listTargets()
        for (index, location) in locations.enumerated() {
            var folder = location.folder
            var next: String?
            while true {
                if let wd = InotifyCalls.addWatch(inotify, folder: folder) {
                    watches[wd, default: []].append(next.map { .ancestor(index, next: $0) } ?? .location(index))
                    break
                }
                guard folder != "/", let cut = folder.utf8.lastIndex(of: UInt8(ascii: "/")) else { break }
                next = String(folder[folder.utf8.index(after: cut)...])
                folder = cut == folder.utf8.startIndex ? "/" : String(folder[..<cut])
            }
        }
    }

    /// Runs until ``stop()``: each burst of events that concerns a location is reported with
    /// the targets it touched.
    func run(report: ([WatchTarget]) -> Void) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
        defer {
            buffer.deallocate()
            wakeEnd.withLock { end in
                if let end { InotifyCalls.close(end) }
                end = nil
            }
            InotifyCalls.close(wakeRead)
            InotifyCalls.close(inotify)
        }
        while true {
            let first = InotifyCalls.wait(inotify: inotify, wake: wakeRead, milliseconds: -1)
            if first.woken { return }
            guard first.events else { continue }
            var changed = Set<Int>()
            var rearm = false
            drain(buffer, changed: &changed, rearm: &rearm)
            for _ in 0..<20 {
                let more = InotifyCalls.wait(inotify: inotify, wake: wakeRead, milliseconds: 50)
                if more.woken { return }
                if !more.events { break }
                drain(buffer, changed: &changed, rearm: &rearm)
            }
            let touched = changed.sorted().map { locations[$0] }
            if rearm { arm() }
            if !touched.isEmpty { report(touched) }
        }
    }

    /// Reads every pending event and files it.
    private func drain(_ buffer: UnsafeMutableRawBufferPointer, changed: inout Set<Int>, rearm: inout Bool) {
        while true {
            let count = InotifyCalls.read(inotify, into: buffer)
            if count <= 0 { return }
            var offset = 0
            // struct inotify_event: wd (Int32), mask, cookie, len (UInt32), then len bytes of name.
            while offset + 16 <= count {
                let wd = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = UnsafeRawBufferPointer(rebasing: buffer[(offset + 16)..<min(offset + 16 + length, count)])
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += 16 + length
                file(wd: wd, mask: mask, name: name, changed: &changed, rearm: &rearm)
            }
        }
    }

    private func file(wd: Int32, mask: UInt32, name: String, changed: inout Set<Int>, rearm: inout Bool) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: every location may have changed.
            changed.formUnion(locations.indices)
            return
        }
        guard let roles = watches[wd] else { return }
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        let selfGone = mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0
        for role in roles {
            switch role {
            case .location(let index):
                if selfGone {
                    rearm = true
                    changed.insert(index)
                } else if locations[index].concerns(name: name, isFolder: isFolder) {
                    changed.insert(index)
                    // A new subfolder of an applications folder is a location of its own.
                    if isFolder, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !locations[index].isCatalog { rearm = true }
                }
            case .ancestor(let index, let next):
                if selfGone || name == next {
                    rearm = true
                    changed.insert(index)
                }
            }
        }
    }
}

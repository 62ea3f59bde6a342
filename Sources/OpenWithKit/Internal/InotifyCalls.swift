import FileSystemCalls
import Glibc

/// Every C library call of the change stream: inotify, the wake-up pipe, poll, read, close.
enum InotifyCalls {
    /// The events a watch asks for: entries created, deleted, written, moved in or out, and the
    /// watched folder itself deleted or moved.
    static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// A new non-blocking, close-on-exec inotify instance, or the error number.
    static func makeInstance() -> Result<Int32, Errno> {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        return fd >= 0 ? .success(fd) : .failure(Errno(errno))
    }

    /// A close-on-exec, non-blocking pipe (read end, write end), or the error number.
    static func makePipe() -> Result<(Int32, Int32), Errno> {
        guard let ends = CloseOnExecPipe.make(nonBlocking: true) else { return .failure(Errno(errno)) }
        return .success((ends.read, ends.write))
    }

    /// Watches a folder; the watch descriptor, or `nil` when the folder cannot be watched
    /// (it does not exist, is not a folder, or the watch limit is reached).
    static func addWatch(_ fd: Int32, folder: String) -> Int32? {
        let wd = inotify_add_watch(fd, folder, mask)
        return wd >= 0 ? wd : nil
    }

    /// Stops a watch.
    static func removeWatch(_ fd: Int32, _ wd: Int32) { _ = inotify_rm_watch(fd, wd) }

    /// Waits until the inotify instance or the wake-up pipe is readable, or `milliseconds`
    /// pass (-1: no limit). Returns (inotify readable, woken).
    static func wait(inotify: Int32, wake: Int32, milliseconds: Int32) -> (events: Bool, woken: Bool) {
        var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        let count = poll(&fds, 2, milliseconds)
        if count < 0 { return (false, errno != EINTR) }
        return (fds[0].revents != 0, fds[1].revents != 0)
    }

    /// Reads what is ready into `buffer`: the byte count (0 when nothing is ready).
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
        return max(count, 0)
    }

    /// Wakes the watcher: one byte into the pipe.
    static func wake(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    /// Closes a descriptor.
    static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    /// A system error number.
    struct Errno: Error { let value: Int32; init(_ value: Int32) { self.value = value } }
}

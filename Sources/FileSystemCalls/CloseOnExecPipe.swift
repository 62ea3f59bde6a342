import CFileAttributes
import Glibc

/// A pipe whose ends are close-on-exec from the moment they exist.
///
/// Policy: a pipe made first and marked close-on-exec after can be inherited by a program
/// another thread starts in between, which then holds its write end open: the reader never sees
/// the end of its input, and two such hand-overs at once wait for each other forever.
public enum CloseOnExecPipe {
    /// A new pipe's read and write ends, both close-on-exec (and non-blocking when
    /// `nonBlocking`); `nil` when none can be made, with `errno` saying why.
    public static func make(nonBlocking: Bool = false) -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)) == 0 else { return nil }
        return (ends[0], ends[1])
    }
}

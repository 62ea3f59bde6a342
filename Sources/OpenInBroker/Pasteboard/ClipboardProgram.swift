import ContentSniffing
import Glibc

/// Runs a clipboard tool and collects its standard output, bounded in bytes and time.
enum ClipboardProgram {
    /// The program's standard output when it exits with status 0, `nil` when it exits with
    /// another status (the tools' answer for "nothing of that type").
    ///
    /// - Throws: ``HandOverError/Code/desktopClipboardFailed`` when it cannot start, takes more
    ///   than `timeLimit` seconds (it is then killed) or writes more than `limit` bytes.
    static func output(of arguments: [String], limit: Int, timeLimit: Double) throws(HandOverError) -> [UInt8]? {
        let program = arguments[0]
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw HandOverError(.desktopClipboardFailed, reason: "cannot create a pipe", path: program, errno: errno)
        }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = PathBytes.withCString(program) { posix_spawn(&pid, $0, &actions, nil, argv, environ) }
        close(ends[1])
        defer { close(ends[0]) }
        guard started == 0 else {
            throw HandOverError(.desktopClipboardFailed, reason: "cannot start \(program): \(HandOverSystemCalls.errorMessage(started))", path: program, errno: started)
        }
        var output: [UInt8] = []
        var failure: String?
        let deadline = MonotonicTime.now() + timeLimit
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let left = deadline - MonotonicTime.now()
            if left <= 0 { failure = "took more than \(Int(timeLimit)) seconds"; break }
            var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left * 1000, 1000) + 1))
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { continue }
            let got = chunk.withUnsafeMutableBytes { Glibc.read(ends[0], $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            guard output.count + got <= limit else { failure = "gave more than \(limit) bytes"; break }
            output.append(contentsOf: chunk[0..<got])
        }
        if failure != nil { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        if let failure { throw HandOverError(.desktopClipboardFailed, reason: "\(program) \(failure); it was stopped", path: program) }
        return status == 0 ? output : nil
    }
}

import Glibc

extension ProgramSpawn {
    /// What a program printed on its standard output, and how it ended.
    public struct CapturedOutput: Sendable {
        /// The wait status, as `waitpid` gives it.
        public var status: Int32
        /// The bytes read, at most the limit asked for.
        public var output: [UInt8]
        /// Whether the program printed more than the limit (it was then stopped).
        public var overflowed: Bool
        /// Whether the time limit ran out first (it was then stopped).
        public var timedOut: Bool

        /// The exit code of a program that exited; `nil` when a signal ended it.
        public var exitCode: Int32? { (status & 0x7F) == 0 ? (status >> 8) & 0xFF : nil }
    }

    /// Runs the program with its standard output read into memory, and waits for it.
    ///
    /// Policy: the output comes over a socket pair made close-on-exec at once, so no program
    /// another thread starts meanwhile holds it open (the read would then never end). A program
    /// that prints more than `outputLimit` bytes, or is still running after `timeLimit` seconds
    /// (`nil`: no limit), is killed, and the answer says which.
    ///
    /// - Throws: ``HandOverError/Code/launchFailed`` when the socket pair cannot be made or the
    ///   program cannot be started.
    public func capture(outputLimit: Int, timeLimit: Double? = nil) throws(HandOverError) -> CapturedOutput {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            let code = errno
            throw HandOverError(.launchFailed, reason: "cannot create a socket pair: \(String(cString: strerror(code)))", value: argv.first, errno: code)
        }
        let pid: Int32
        do { pid = try spawn(standardInput: nil, standardOutput: ends[1]) } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        defer { close(ends[0]) }
        var captured = CapturedOutput(status: 0, output: [], overflowed: false, timedOut: false)
        let deadline = timeLimit.map { MonotonicTime.now() + max(0, $0) }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            var wait: Int32 = -1
            if let deadline {
                let left = deadline - MonotonicTime.now()
                if left <= 0 {
                    captured.timedOut = true
                    break
                }
                wait = Int32(min(left * 1000, 1000) + 1)
            }
            var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, wait)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { continue }
            let got = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            guard captured.output.count + got <= outputLimit else {
                captured.output += chunk[0..<(outputLimit - captured.output.count)]
                captured.overflowed = true
                break
            }
            captured.output += chunk[0..<got]
        }
        if captured.overflowed || captured.timedOut { kill(pid, SIGKILL) }
        while waitpid(pid, &captured.status, 0) == -1 && errno == EINTR {}
        return captured
    }
}

import ContentSniffing
import FileSystemCalls
import Glibc

/// Starts programs directly with `posix_spawnp`, never through a shell: the one way OpenWith runs
/// another program, for handler apps and for tools such as Graphviz.
///
/// ```swift
/// let pid = try ProgramSpawn(argv: ["xdg-open", "/tmp/a.pdf"], newSession: true).start()
/// let status = try ProgramSpawn(argv: ["/usr/bin/dot", "-Tsvg", "-o", "g.svg"]).run(input: Array(dot.utf8))
/// ```
public struct ProgramSpawn: Sendable {
    /// The program (looked up on `PATH` unless it holds a `/`) and its arguments.
    public var argv: [String]
    /// Start it in a session of its own, so it outlives the caller's terminal (handler apps).
    public var newSession: Bool
    /// Send its standard output to `/dev/null` instead of the caller's.
    public var detachesOutput: Bool
    /// Send its standard error to `/dev/null` instead of the caller's (helper programs whose
    /// complaints the caller reports in its own words, such as thumbnailers).
    public var detachesErrors: Bool

    /// A program to start.
    public init(argv: [String], newSession: Bool = false, detachesOutput: Bool = false, detachesErrors: Bool = false) {
        self.argv = argv
        self.newSession = newSession
        self.detachesOutput = detachesOutput
        self.detachesErrors = detachesErrors
    }

    /// Starts the program with `/dev/null` as its standard input and returns its process id at
    /// once, without waiting for it.
    ///
    /// - Throws: ``HandOverError/Code/launchFailed`` naming the program and the system's reason.
    public func start() throws(HandOverError) -> Int32 {
        try spawn(standardInput: nil)
    }

    /// Runs the program and waits at most `seconds` for it; when the time is up, its whole
    /// process group is killed (`SIGKILL`; start it with ``newSession`` so the group is its own).
    ///
    /// - Returns: the wait status, or `nil` when it was killed for taking too long.
    /// - Throws: ``HandOverError/Code/launchFailed`` when it cannot be started.
    public func run(timeLimit seconds: Double) throws(HandOverError) -> Int32? {
        let pid = try start()
        let deadline = MonotonicTime.now() + max(0, seconds)
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return status }
            if result == -1 && errno != EINTR { return status }
            if MonotonicTime.now() >= deadline { break }
            usleep(10_000)
        }
        if newSession { kill(-pid, SIGKILL) }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return nil
    }

    /// Runs the program with `input` on its standard input, waits for it, and returns its wait
    /// status (0 when it exited with status 0).
    ///
    /// Policy: the input comes over a pipe made close-on-exec at once, so no program another
    /// thread starts meanwhile holds its write end open (the program would then never see the
    /// input end, and two such runs at once would wait for each other forever).
    ///
    /// - Throws: ``HandOverError/Code/launchFailed`` when it cannot be started.
    public func run(input: [UInt8]) throws(HandOverError) -> Int32 {
        guard let ends = CloseOnExecPipe.make() else {
            let code = errno
            throw HandOverError(.launchFailed, reason: "cannot create a pipe: \(String(cString: strerror(code)))", value: argv.first, errno: code)
        }
        let pipeEnds = [ends.read, ends.write]
        let pid: Int32
        do { pid = try spawn(standardInput: pipeEnds) } catch {
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw error
        }
        close(pipeEnds[0])
        input.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(pipeEnds[1], buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        close(pipeEnds[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }

    /// Spawns with standard input from `/dev/null`, or from the read end of `pipeEnds` (whose write
    /// end the child closes); with `standardOutput`, the child's standard output is that
    /// descriptor (made close-on-exec by the caller, so only the child's copy stays open).
    func spawn(standardInput pipeEnds: [Int32]?, standardOutput: Int32? = nil) throws(HandOverError) -> Int32 {
        guard let program = argv.first, !program.isEmpty else {
            throw HandOverError(.launchFailed, reason: "empty command")
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newSession { posix_spawnattr_setflags(&attributes, Int16(0x80)) }  // POSIX_SPAWN_SETSID (glibc), not exported to Swift
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let pipeEnds {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let standardOutput {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        } else if detachesOutput {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if detachesErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        let arguments = argv.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        // The program's path with its original bytes (a path read from the file system may hold
        // bytes that are not UTF-8).
        let result = PathBytes.withCString(program) { posix_spawnp(&pid, $0, &actions, &attributes, arguments, environ) }
        guard result == 0 else {
            throw HandOverError(.launchFailed, reason: "cannot start \(program): \(String(cString: strerror(result)))", value: program, errno: result)
        }
        return pid
    }
}

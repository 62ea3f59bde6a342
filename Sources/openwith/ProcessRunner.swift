import Glibc

/// Runs another program directly (never through a shell), feeding it bytes on standard input.
enum ProcessRunner {
    static func run(_ path: String, arguments: [String], input: [UInt8]) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw CommandFailure(status: .badInput, message: "\(path): cannot create a pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(pipeEnds[0])
        guard spawned == 0 else {
            close(pipeEnds[1])
            throw CommandFailure(status: .badInput, message: "\(path): \(String(cString: strerror(spawned)))")
        }
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
        if status != 0 { throw CommandFailure(status: .badInput, message: "\(path) failed with status \(status)") }
    }
}

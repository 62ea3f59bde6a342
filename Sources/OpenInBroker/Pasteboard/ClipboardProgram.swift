
/// Runs a clipboard tool and collects its standard output, bounded in bytes and time.
enum ClipboardProgram {
    /// The program's standard output when it exits with status 0, `nil` when it exits with
    /// another status (the tools' answer for "nothing of that type").
    ///
    /// - Throws: ``HandOverError/Code/desktopClipboardFailed`` when it cannot start, takes more
    ///   than `timeLimit` seconds (it is then killed) or writes more than `limit` bytes.
    static func output(of arguments: [String], limit: Int, timeLimit: Double) throws(HandOverError) -> [UInt8]? {
        let program = arguments[0]
        let captured: ProgramSpawn.CapturedOutput
        do {
            captured = try ProgramSpawn(argv: arguments, detachesErrors: true).capture(outputLimit: limit, timeLimit: timeLimit)
        } catch {
            throw HandOverError(.desktopClipboardFailed, reason: error.reason, path: program, errno: error.errno)
        }
        if captured.timedOut {
            throw HandOverError(.desktopClipboardFailed, reason: "\(program) took more than \(Int(timeLimit)) seconds; it was stopped", path: program)
        }
        if captured.overflowed {
            throw HandOverError(.desktopClipboardFailed, reason: "\(program) gave more than \(limit) bytes; it was stopped", path: program)
        }
        return captured.status == 0 ? captured.output : nil
    }
}

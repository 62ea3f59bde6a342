import ContentSniffing
import OpenWithCommandLine
import Glibc

/// The executable with every command, `openwith-commands`, which `openwith` hands the command
/// lines it does not answer itself.
///
/// Policy: it is looked for beside the running `openwith` (the file `/proc/self/exe` names, so a
/// symbolic link to `openwith` elsewhere still finds it), and run in place of this process with
/// the same arguments and environment. When it cannot be run, the failure names it and the
/// exit status is 3, as for a catalog that cannot be opened: the installation is incomplete.
enum FullCommandSet {
    /// The file name of the full command set.
    static let executableName = "openwith-commands"

    /// The path of the full command set beside the running executable, or `nil` when the running
    /// executable's own path cannot be read.
    static var path: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let bytes = buffer[..<count].map { UInt8(bitPattern: $0) }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return PathBytes.string(from: Array(bytes[...slash])) + executableName
    }

    /// Runs the full command set in place of this process; on failure reports why and exits.
    static func execute() -> Never {
        guard let path else {
            fail(CommandFailure(status: .catalogError, message: "/proc/self/exe: cannot be read (\(String(cString: strerror(errno)))), so \(executableName) cannot be found"))
        }
        PathBytes.withCString(path) { file in _ = execv(file, CommandLine.unsafeArgv) }
        fail(CommandFailure(
            status: .catalogError, message: "\(path): cannot be run (\(String(cString: strerror(errno))))",
            hint: "install \(executableName) beside openwith: every command but the plain 'openwith FILE' and 'openwith type FILE' is in it"))
    }

    private static func fail(_ failure: CommandFailure) -> Never {
        failure.report()
        exit(failure.status.code)
    }
}

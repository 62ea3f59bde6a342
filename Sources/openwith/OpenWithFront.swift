import OpenWithCommandLine
import Glibc

/// `openwith`, the command people run: the plain `openwith FILE...` and `openwith type FILE...`
/// are answered here, everything else by the full command set.
///
/// Policy: a command line this executable recognises completely (``HandlersRun`` and
/// ``TypeRun`` say which: known flags, known options, files, no `--json`) is answered here; any
/// other command line, `--help` and `--version` included, is handed to ``FullCommandSet`` with
/// its arguments unchanged, so it gets the same answer as if that were run. This executable links
/// neither the argument parser nor FoundationEssentials: a short process pays for every
/// protocol conformance and page of code it carries, and these two cost more than the answer.
@main
enum OpenWithFront {
    static func main() {
        do {
            let arguments = try CommandLineConventions.conventionalArguments(CommandLineConventions.processArguments())
            if let plain = HandlersRun(arguments: arguments) {
                try plain.run()
                exit(0)
            }
            if let plain = TypeRun(arguments: arguments) {
                try plain.run()
                exit(0)
            }
        } catch let status as ExitStatus {
            exit(status.code)
        } catch {
            let failure = CommandFailure(libraryError: error) ?? CommandFailure(status: .badInput, message: "\(error)")
            failure.report()
            exit(failure.status.code)
        }
        FullCommandSet.execute()
    }
}

import Foundation
import OpenInBroker
import Testing

/// A program's input pipe belongs to that program alone: another program started while the input
/// is still being written must not inherit its write end.
@Suite("ProgramSpawn: the input pipe")
struct ProgramSpawnTests {
    @Test("a program started while another's input is being written does not hold that input open")
    func inputPipeIsNotInherited() throws {
        // The reader waits before it reads, so `run(input:)` is still writing its 1 MiB (more than a
        // pipe holds) when the bystander starts; the bystander outlives the reader by seconds.
        let reader = ProgramSpawn(argv: ["/bin/sh", "-c", "sleep 0.3; cat > /dev/null"])
        let bystander = ProgramSpawn(argv: ["/bin/sh", "-c", "sleep 5"])
        let started = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var bystanderID: Int32 = 0
        let thread = Thread {
            usleep(100_000)
            bystanderID = (try? bystander.start()) ?? 0
            started.signal()
        }
        thread.start()
        let status = try reader.run(input: [UInt8](repeating: 0x61, count: 1 << 20))
        started.wait()
        try #require(bystanderID > 0)
        // Had the bystander inherited the pipe's write end, the reader would have seen the end
        // of its input only when the bystander ended: it would have ended first.
        var bystanderStatus: Int32 = 0
        let bystanderStillRuns = waitpid(bystanderID, &bystanderStatus, WNOHANG) == 0
        kill(bystanderID, SIGKILL)
        _ = waitpid(bystanderID, &bystanderStatus, 0)
        #expect(status == 0)
        #expect(bystanderStillRuns, "the reader ended only after the bystander, which held its input open")
    }
}

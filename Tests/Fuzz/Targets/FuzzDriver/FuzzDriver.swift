public import CFuzzerDriver
import Glibc

/// What every fuzz target shares: its input as bytes, and libFuzzer's driver as the program.
public enum FuzzDriver {
    /// A libFuzzer input callback: the bytes of one input; returns 0.
    public typealias Target = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    /// Runs libFuzzer's loop over `target` with the process's command line (libFuzzer's
    /// options, corpus folders), and exits with its status.
    public static func run(_ target: Target) -> Never {
        var count = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&count, &arguments, target))
    }

    /// The input as an array (empty when libFuzzer passes no buffer).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
        guard let data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: count))
    }
}

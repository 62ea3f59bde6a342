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

    /// `bytes` damaged by `input`, read as three-byte edits: a 16-bit position (taken modulo
    /// the length) and a byte to XOR there. Empty bytes stay empty.
    public static func damaged(_ bytes: [UInt8], by input: [UInt8]) -> [UInt8] {
        var damaged = bytes
        var at = 0
        while at + 2 < input.count, !damaged.isEmpty {
            let position = (Int(input[at]) << 8 | Int(input[at + 1])) % damaged.count
            damaged[position] ^= input[at + 2]
            at += 3
        }
        return damaged
    }
}

import FuzzDriver
import ContentSniffing
#if canImport(Glibc)
import Glibc
#endif

/// The binary prefilter's cache file reader and its tests: the system database's prefilter
/// file is damaged by the input, read as three-byte edits (a 16-bit position and a byte to XOR
/// there), and the input is also read as a file itself; an accepted file is asked about
/// buffers and about the input. The system's own prefilter is asked about the input, with and
/// without a NUL that makes it binary for libmagic. A damaged file must be refused or evaluate
/// safely, never crash or loop.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMagicBinaryPrefilter(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = FuzzDriver.bytes(data, count)
    let file = FuzzDriver.damaged(FuzzMagicBinaryPrefilter.file, by: input)
    for candidate in [file, input] {
        guard let prefilter = candidate.withUnsafeBytes({ MagicBinaryPrefilter(serialized: $0) }) else { continue }
        for buffer in FuzzMagicBinaryPrefilter.buffers + [input] {
            _ = buffer.withUnsafeBytes { prefilter.mayName($0) }
        }
    }
    if let system = FuzzMagicBinaryPrefilter.system {
        _ = input.withUnsafeBytes { system.mayName($0) }
        _ = ([0] + input).withUnsafeBytes { system.mayName($0) }
    }
    return 0
}

enum FuzzMagicBinaryPrefilter {
    /// The prefilter of the system's libmagic database, made in a folder of its own.
    static let system: MagicBinaryPrefilter? = {
        var template = Array("/tmp/openwith-fuzz-prefilter-XXXXXX".utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            return nil
        }
        return (try? MagicSniffer(cachingPrefilterIn: folder))?.binaryPrefilter
    }()
    static let file: [UInt8] = system?.serialized() ?? []
    static let buffers: [[UInt8]] = [
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], Array("H\0i\0!\0MARK\0".utf8), [UInt8](repeating: 0, count: 600), [0],
        [],
    ]
}

FuzzDriver.run(fuzzMagicBinaryPrefilter)

import FuzzDriver
import ContentSniffing
#if canImport(Glibc)
import Glibc
#endif

/// The binary prefilter's cache file reader and its tests, and those of the rules' choice kept
/// beside it: the system database's files are damaged by the input, read as three-byte edits
/// (a 16-bit position and a byte to XOR there), and the input is also read as a file itself;
/// an accepted file is asked about buffers and about the input. The system's own prefilter is
/// asked about the input, with and without a NUL that makes it binary for libmagic. A damaged
/// file must be refused or evaluate safely, never crash or loop.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMagicBinaryPrefilter(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let input = FuzzDriver.bytes(data, count)
    // One of the two files a run, by the input's length: each is read whole under the
    // sanitizer, and reading both every time halved the runs.
    if count % 2 == 0 {
        for candidate in [FuzzDriver.damaged(FuzzMagicBinaryPrefilter.file, by: input), input] {
            guard let prefilter = candidate.withUnsafeBytes({ MagicBinaryPrefilter(serialized: $0) }) else { continue }
            for buffer in FuzzMagicBinaryPrefilter.buffers + [input] {
                _ = buffer.withUnsafeBytes { prefilter.mayName($0) }
            }
        }
    } else {
        for candidate in [FuzzDriver.damaged(FuzzMagicBinaryPrefilter.rulesFile, by: input), input] {
            guard let choice = candidate.withUnsafeBytes({ MagicBinaryRuleChoice(serialized: $0) }) else { continue }
            for buffer in FuzzMagicBinaryPrefilter.buffers + [input, [0] + input] {
                _ = buffer.withUnsafeBytes { choice.ruleSelection($0) }
            }
        }
    }
    if let system = FuzzMagicBinaryPrefilter.system {
        _ = input.withUnsafeBytes { system.mayName($0) }
        _ = ([0] + input).withUnsafeBytes { system.mayName($0) }
    }
    return 0
}

enum FuzzMagicBinaryPrefilter {
    /// A folder of its own for the system database's files.
    static let folder: String? = {
        var template = Array("/tmp/openwith-fuzz-prefilter-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) })
    }()
    /// The prefilter of the system's libmagic database, made in that folder.
    static let system: MagicBinaryPrefilter? = folder.flatMap { (try? MagicSniffer(cachingPrefilterIn: $0))?.binaryPrefilter }
    static let file: [UInt8] = system?.serialized() ?? []
    /// The rules' choice written beside it (`*.rules`).
    static let rulesFile: [UInt8] = {
        guard system != nil, let folder, let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard name.hasSuffix(".rules"), let stream = fopen(folder + "/" + name, "rb") else { continue }
            defer { fclose(stream) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while case let count = fread(&chunk, 1, chunk.count, stream), count > 0 { bytes += chunk[..<count] }
            return bytes
        }
        return []
    }()
    static let buffers: [[UInt8]] = [
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], Array("H\0i\0!\0MARK\0".utf8), [UInt8](repeating: 0, count: 600), [0],
        [],
    ]
}

FuzzDriver.run(fuzzMagicBinaryPrefilter)

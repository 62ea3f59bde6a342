import FuzzDriver
import OpenInBroker

/// Desktop-entry Exec lines: parsed (with and without the string-value unescaping) and, when
/// valid, expanded with files and URLs taken from the input too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExecLine(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, count)
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let line = String(decoding: parts[0], as: UTF8.self)
    let files = parts.dropFirst().map { String(decoding: $0, as: UTF8.self) }
    for unescaping in [true, false] {
        if let exec = try? DesktopExecLine(line, unescapingStringValue: unescaping) {
            _ = try? exec.expand(files: files)
        }
    }
    return 0
}

FuzzDriver.run(fuzzExecLine)

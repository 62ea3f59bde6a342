import FuzzDriver
import DocumentCatalog

/// shared-mime-info packages: the XML tokenizer, globs, magic and tree-magic rules.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSharedMimeInfo(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, count)
    _ = try? SharedMimeInfoParser.parse(bytes, source: "fuzz.xml")
    return 0
}

FuzzDriver.run(fuzzSharedMimeInfo)

import CFuzzerDriver
import DocumentCatalog

/// shared-mime-info packages: the XML tokenizer, globs, magic and tree-magic rules.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSharedMimeInfo(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    _ = try? SharedMimeInfoParser.parse(bytes, source: "fuzz.xml")
    return 0
}

/// The program's entry point: libFuzzer's driver over ``fuzzSharedMimeInfo(_:_:)``.
@_cdecl("FuzzSharedMimeInfo_main")
public func fuzzSharedMimeInfoMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzSharedMimeInfo)
}

import CFuzzerDriver
import DocumentCatalog

/// Property lists, binary and XML (the XML tokenizer with them): any bytes are parsed or
/// refused with an error; nothing else may happen.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyList(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    _ = try? PropertyListParser.parse(bytes, source: "fuzz.plist")
    return 0
}

/// The program's entry point: libFuzzer's driver over ``fuzzPropertyList(_:_:)``.
@_cdecl("FuzzPropertyList_main")
public func fuzzPropertyListMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzPropertyList)
}

import FuzzDriver
import DeclarationFormats

/// Property lists, binary and XML (the XML tokenizer with them): any bytes are parsed or
/// refused with an error; nothing else may happen.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyList(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, count)
    _ = try? PropertyListParser.parse(bytes, source: "fuzz.plist")
    return 0
}

FuzzDriver.run(fuzzPropertyList)

import FuzzDriver
import DeclarationFormats

/// Info.plist documents: the property list and the document, URL and type declarations read
/// from it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInfoPlist(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, count)
    _ = try? InfoPlistDocument.parse(bytes, source: "Info.plist")
    return 0
}

FuzzDriver.run(fuzzInfoPlist)

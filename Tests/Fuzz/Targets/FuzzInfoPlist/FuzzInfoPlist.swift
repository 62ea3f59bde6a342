import CFuzzerDriver
import DocumentCatalog

/// Info.plist documents: the property list and the document, URL and type declarations read
/// from it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInfoPlist(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    _ = try? InfoPlistDocument.parse(bytes, source: "Info.plist")
    return 0
}

/// The program's entry point: libFuzzer's driver over ``fuzzInfoPlist(_:_:)``.
@_cdecl("FuzzInfoPlist_main")
public func fuzzInfoPlistMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzInfoPlist)
}

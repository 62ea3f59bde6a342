import CFuzzerDriver
import DocumentCatalog

/// mimeapps.list files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMimeAppsList(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    _ = try? MimeAppsListParser.parse(bytes, source: "mimeapps.list")
    return 0
}

/// The program's entry point: libFuzzer's driver over ``fuzzMimeAppsList(_:_:)``.
@_cdecl("FuzzMimeAppsList_main")
public func fuzzMimeAppsListMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzMimeAppsList)
}

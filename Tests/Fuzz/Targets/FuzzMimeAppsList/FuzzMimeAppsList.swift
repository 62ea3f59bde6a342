import FuzzDriver
import DeclarationFormats

/// mimeapps.list files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMimeAppsList(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, count)
    _ = try? MimeAppsListParser.parse(bytes, source: "mimeapps.list")
    return 0
}

FuzzDriver.run(fuzzMimeAppsList)

import CFuzzerDriver
import DocumentCatalog

/// Desktop entries (the key-file syntax, locales, escapes, actions).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDesktopEntry(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    _ = try? DesktopEntryParser.parse(bytes, source: "fuzz.desktop")
    return 0
}

/// The program's entry point: libFuzzer's driver over ``fuzzDesktopEntry(_:_:)``.
@_cdecl("FuzzDesktopEntry_main")
public func fuzzDesktopEntryMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzDesktopEntry)
}

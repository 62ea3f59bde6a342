import FuzzDriver
import DeclarationFormats

/// Desktop entries (the key-file syntax, locales, escapes, actions, the share keys).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDesktopEntry(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, count)
    if let entry = try? DesktopEntryParser.parse(bytes, source: "fuzz.desktop") {
        _ = try? ShareExtensionDeclaration.read(desktopEntry: entry, identifier: "fuzz.desktop")
    }
    return 0
}

FuzzDriver.run(fuzzDesktopEntry)

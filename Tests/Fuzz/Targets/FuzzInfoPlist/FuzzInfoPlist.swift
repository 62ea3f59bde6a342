import FuzzDriver
import DeclarationFormats

/// Info.plist documents: the property list and the document, URL and type declarations read
/// from it, and the share or action extension it declares (its activation rule and predicate).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInfoPlist(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, count)
    _ = try? InfoPlistDocument.parse(bytes, source: "Info.plist")
    if let propertyList = try? PropertyListParser.parse(bytes, source: "Info.plist") {
        _ = try? ShareExtensionDeclaration.read(propertyList: propertyList, source: "Info.plist", identifier: "org.example.fuzz")
    }
    return 0
}

FuzzDriver.run(fuzzInfoPlist)

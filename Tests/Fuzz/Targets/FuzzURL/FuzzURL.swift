import CFuzzerDriver
import OpenInBroker

/// URL validation before routing: any text is accepted as a validated URL or refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : count), as: UTF8.self)
    _ = try? URLRequestValidator().validate(text)
    _ = try? URLRequestValidator(maximumLength: 64, allowedSchemes: ["https", "mailto"]).validate(text)
    return 0
}

/// The program's entry point: libFuzzer's driver over ``fuzzURL(_:_:)``.
@_cdecl("FuzzURL_main")
public func fuzzURLMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzURL)
}

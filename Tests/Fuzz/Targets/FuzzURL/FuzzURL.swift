import FuzzDriver
import OpenInBroker

/// URL validation before routing: any text is accepted as a validated URL or refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = String(decoding: FuzzDriver.bytes(data, count), as: UTF8.self)
    _ = try? URLRequestValidator().validate(text)
    _ = try? URLRequestValidator(maximumLength: 64, allowedSchemes: ["https", "mailto"]).validate(text)
    return 0
}

FuzzDriver.run(fuzzURL)

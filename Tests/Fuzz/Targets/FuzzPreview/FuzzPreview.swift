import FuzzDriver
import OpenInBroker

/// The preview readers over any bytes: every kind (PDF structure and object streams, SVG, raster
/// headers, archives, media, text), with the default budget and with a small one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPreview(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, count)
    let small = DocumentPreview.Limits(maximumBytes: 4096, maximumSteps: 64)
    for kind in PreviewKind.allCases {
        _ = DocumentPreview.read(bytes: bytes, kind: kind)
        _ = DocumentPreview.read(bytes: bytes, kind: kind, limits: small)
    }
    return 0
}

FuzzDriver.run(fuzzPreview)

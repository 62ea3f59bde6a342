import FuzzDriver
import DeclarationFormats

/// shared-mime-info packages: the XML tokenizer and every element kept (globs, aliases, parents,
/// root-XML); magic and tree-magic rules are skipped whole.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSharedMimeInfo(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, count)
    _ = try? SharedMimeInfoParser.parse(bytes, source: "fuzz.xml")
    return 0
}

FuzzDriver.run(fuzzSharedMimeInfo)

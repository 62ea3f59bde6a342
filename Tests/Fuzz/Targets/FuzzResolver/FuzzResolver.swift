import FuzzDriver
import ContentSniffing
import UniformTypes

/// The resolver over bytes: the input is split into a file name, a declared MIME type (as a
/// `user.mime_type` attribute or an embedder's declaration would give it) and the content.
///
/// Layout: `name NUL mime NUL content`; missing parts are absent. libmagic is left out (it is
/// not ours, and its speed would slow the campaign a hundredfold).
/// One resolver for every input (it is immutable and compiled once).
enum Fuzzed {
    static let resolver = TypeResolver()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResolver(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, count)
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let name = parts.count > 1 ? String(decoding: parts[0], as: UTF8.self) : nil
    let mime = parts.count > 2 ? String(decoding: parts[1], as: UTF8.self) : nil
    let content = Array(parts.last ?? [])
    for mode in [ResolutionOptions.Mode.nameAndContent, .contentOnly] {
        let options = ResolutionOptions(mode: mode, declaredMIMEType: mime, readsExtendedAttribute: false, usesLibmagic: false)
        let resolution = Fuzzed.resolver.resolve(bytes: content, name: name, options: options)
        _ = resolution.type.identifier
    }
    return 0
}

FuzzDriver.run(fuzzResolver)

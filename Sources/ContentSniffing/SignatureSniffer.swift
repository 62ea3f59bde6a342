public import UniformTypes

/// The built-in signature sniffer: recognises a file's format from its bytes, without
/// libmagic, in bounded time and memory.
///
/// Two modes:
/// - ``sniff(prefix:)`` judges a prefix already in memory (typically the first 4 KiB) and does
///   no I/O; containers are judged from what the prefix holds (for a ZIP, the local headers in
///   it). A prefix shorter than ``SniffingLimits/prefixLength`` is taken to be the whole file.
/// - ``sniff(_:)`` reads the prefix from a ``ByteSource`` and may read a little more, within
///   ``SniffingLimits/maxExtraBytes``: a ZIP's central directory, OLE2 directory sectors,
///   ISO-BMFF box headers, ELF program headers, the byte after a large ID3 tag, the ISO 9660
///   volume descriptor at 32 KiB.
///
/// Checks run in the order of a declarative table (see `SignatureTable`): exact magic
/// numbers first, then textual magic, then short or heuristic binary signatures, then text
/// classification, then the ISO 9660 check that needs a far read. The first check that matches
/// answers. Detection never fails: bytes that match nothing give `nil`; only I/O throws.
///
/// ```swift
/// let sniffer = SignatureSniffer()
/// let match = try sniffer.sniff(FileByteSource(path: "report.docx"))
/// match?.identifier   // org.openxmlformats.wordprocessingml.document
/// match?.detail       // "ZIP entries under word/"
/// ```
public struct SignatureSniffer: Sendable {
    /// The bounds every sniff stays within.
    public let limits: SniffingLimits

    /// Creates a sniffer with the given bounds.
    public init(limits: SniffingLimits = .default) {
        self.limits = limits
    }

    /// Every identifier a sniff can answer with, each once.
    ///
    /// Formats that no catalog declares (VSIX, .NET assemblies, some PEM labels) are answered
    /// with their nearest declared type and named in the match's detail.
    public static var recognizedTypes: [TypeIdentifier] { KnownType.all }

    /// Recognises the bytes of a prefix already read; no I/O.
    ///
    /// Container formats are judged from what the prefix holds. A prefix shorter than
    /// ``SniffingLimits/prefixLength`` is taken to be the whole file (so a JSON document that
    /// ends early is not JSON); text heuristics look at no more than that many bytes.
    ///
    /// - Returns: the match, or `nil` when no signature applies (including an empty prefix).
    public func sniff(prefix: UnsafeRawBufferPointer) -> SignatureMatch? {
        let probe = Probe(bytes: prefix, isWholeFile: prefix.count < limits.prefixLength, fileSize: nil, limits: limits, extra: nil)
        do {
            return try SignatureTable.firstMatch(probe)
        } catch {
            return nil  // unreachable: without a source no check reads, so none throws
        }
    }

    /// Recognises the content of `source`, reading its first ``SniffingLimits/prefixLength``
    /// bytes and at most ``SniffingLimits/maxExtraBytes`` more.
    ///
    /// - Returns: the match, or `nil` when no signature applies (including an empty source).
    /// - Throws: ``SniffingError`` only when reading the source fails.
    public func sniff(_ source: some ByteSource) throws(SniffingError) -> SignatureMatch? {
        let size = source.size
        guard size > 0 else { return nil }
        let length = Int(Swift.min(size, Int64(limits.prefixLength)))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 8)
        defer { buffer.deallocate() }
        let read = try source.readFully(at: 0, into: buffer)
        guard read > 0 else { return nil }
        let prefix = UnsafeRawBufferPointer(rebasing: buffer[..<read])
        let probe = Probe(
            bytes: prefix, isWholeFile: Int64(read) >= size || read < length, fileSize: read < length ? Int64(read) : size,
            limits: limits, extra: ExtraReads(source: source, budget: limits.maxExtraBytes))
        return try SignatureTable.firstMatch(probe)
    }
}

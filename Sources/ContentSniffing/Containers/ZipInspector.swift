/// Reads what a ZIP archive holds: entry names from the local headers in the prefix and, with
/// random access, from the central directory; plus the content of the few entries that name
/// the document (`mimetype`, `[Content_Types].xml`, iWork '09's `index.xml`), stored or deflated.
///
/// Every count and size the archive declares is capped: entries by
/// ``SniffingLimits/maxZipEntries``, reads by the sniff's byte budget, a stored
/// `[Content_Types].xml` by ``SniffingLimits/maxStoredEntryLength``, a deflated part's
/// compressed bytes and its output by ``SniffingLimits/maxInflatedLength`` (see ``Inflater``).
/// Nothing else is inflated, so a zip bomb costs what any ZIP costs.
enum ZipInspector {
    private static let localHeader: UInt32 = 0x0403_4B50  // "PK\3\4"
    private static let centralHeader: UInt32 = 0x0201_4B50  // "PK\1\2"
    private static let endOfDirectory = ZipEndOfDirectory.signature  // "PK\5\6"
    private static let spanMarker: UInt32 = 0x0807_4B50  // "PK\7\8"
    /// The longest `mimetype` entry read.
    private static let maxMimetypeLength = 255

    /// ZIP archives and the documents that live in them.
    static func check(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        let b = probe.bytes
        guard let head = b.u32le(at: 0) else { return nil }
        let start: Int
        switch head {
        case localHeader: start = 0
        case spanMarker where b.u32le(at: 4) == localHeader: start = 4
        case endOfDirectory:
            guard b.count >= 22 else { return nil }
            return SignatureMatch(KnownType.zip, .strong, "empty ZIP archive (end of central directory only)")
        default: return nil
        }
        var evidence = ZipEvidence()
        walkLocalHeaders(b, from: start, limits: probe.limits, into: &evidence)
        let listedWhole = try readCentralDirectory(probe, into: &evidence)
        var match = evidence.conclusion
        match.listsEveryPart = listedWhole && evidence.namesNoDocument
        return match
    }

    /// Follows local file headers through the prefix while their sizes are known.
    static func walkLocalHeaders(_ b: UnsafeRawBufferPointer, from start: Int, limits: SniffingLimits, into evidence: inout ZipEvidence) {
        var offset = start
        var seen = 0
        while seen < limits.maxZipEntries, b.u32le(at: offset) == localHeader {
            guard let flags = b.u16le(at: offset + 6), let method = b.u16le(at: offset + 8),
                let compressedSize = b.u32le(at: offset + 18), let nameLength = b.u16le(at: offset + 26).map(Int.init),
                let extraLength = b.u16le(at: offset + 28).map(Int.init), b.contains(offset: offset + 30, length: nameLength)
            else { return }
            seen += 1
            let name = b.slice(from: offset + 30, to: offset + 30 + nameLength)
            evidence.note(name: name)
            let dataStart = offset + 30 + nameLength + extraLength
            let size = Int(compressedSize)
            if let part = ZipEvidence.readablePart(name), evidence.wants(part), isReadable(part, method: method, size: size, limits),
                b.contains(offset: dataStart, length: size)
            {
                read(part, method: method, b.slice(from: dataStart, to: dataStart + size), limits: limits, into: &evidence)
            }
            // With a data descriptor the size may be unknown here; a ZIP64 size lives in the
            // extra field. Either way the next header cannot be found from here.
            if (flags & 0x08 != 0 && compressedSize == 0) || compressedSize == 0xFFFF_FFFF { return }
            offset = dataStart + size
        }
    }

    /// Where a central directory lies, from its end record.
    private struct Directory {
        /// Entries the end record declares.
        var entries: UInt64
        /// Where the directory starts in the file and how long it is.
        var start: Int64
        var length: Int64
        /// What to add to the offsets the directory records: data prepended to the archive (a
        /// self-extractor stub) shifts them all.
        var shift: Int64
    }

    /// Finds the end-of-central-directory record in the file's tail (the ZIP64 one when the
    /// classic record says so), reads the central directory within the budget, and reads a
    /// stored `mimetype` / `[Content_Types].xml` through its local header. Needs the file's
    /// size: with a prefix that is not the whole file, nothing is done. Returns whether every
    /// entry the end record declares was read.
    @discardableResult
    static func readCentralDirectory(_ probe: Probe, into evidence: inout ZipEvidence) throws(SniffingError) -> Bool {
        guard let directory = try locateDirectory(probe) else { return false }
        var listed: UInt64 = 0
        // Where each readable part's local header is, its method and compressed size.
        var mimetypeAt: (Int64, UInt16, Int)?
        var contentTypesAt: (Int64, UInt16, Int)?
        var iWorkIndexAt: (Int64, UInt16, Int)?
        try probe.withBytes(at: directory.start, count: Int(clamping: directory.length)) { d in
            var offset = 0
            var seen = 0
            let limit = Int(clamping: Swift.min(directory.entries, UInt64(probe.limits.maxZipEntries)))
            while seen < limit, d.u32le(at: offset) == centralHeader {
                guard let method = d.u16le(at: offset + 10), let compressedSize = d.u32le(at: offset + 20),
                    let nameLength = d.u16le(at: offset + 28).map(Int.init), let extraLength = d.u16le(at: offset + 30).map(Int.init),
                    let commentLength = d.u16le(at: offset + 32).map(Int.init), let local = d.u32le(at: offset + 42),
                    d.contains(offset: offset + 46, length: nameLength)
                else { return }
                seen += 1
                let name = d.slice(from: offset + 46, to: offset + 46 + nameLength)
                evidence.note(name: name)
                if let part = ZipEvidence.readablePart(name), isReadable(part, method: method, size: Int(compressedSize), probe.limits) {
                    let place = (Int64(local) + directory.shift, method, Int(compressedSize))
                    switch part {
                    case .mimetype: mimetypeAt = place
                    case .contentTypes: contentTypesAt = place
                    case .iWorkIndex: iWorkIndexAt = place
                    }
                }
                offset += 46 + nameLength + extraLength + commentLength
            }
            listed = UInt64(seen)
        }
        for (part, place) in [(ZipEvidence.ReadablePart.mimetype, mimetypeAt), (.contentTypes, contentTypesAt), (.iWorkIndex, iWorkIndexAt)] {
            guard evidence.wants(part), let (at, method, count) = place else { continue }
            try withEntryData(probe, localHeaderAt: at, count: count) { read(part, method: method, $0, limits: probe.limits, into: &evidence) }
        }
        return listed == directory.entries
    }

    /// Whether an entry's data is read at all: stored within the part's limit, or deflated
    /// within ``SniffingLimits/maxInflatedLength`` of compressed bytes.
    private static func isReadable(_ part: ZipEvidence.ReadablePart, method: UInt16, size: Int, _ limits: SniffingLimits) -> Bool {
        switch (part, method) {
        case (.mimetype, 0): size <= maxMimetypeLength
        case (.contentTypes, 0): size <= limits.maxStoredEntryLength
        case (.iWorkIndex, 0): size <= limits.maxInflatedLength
        case (_, 8): size <= limits.maxInflatedLength
        default: false
        }
    }

    /// Hands `data` (stored, or inflated into at most ``SniffingLimits/maxInflatedLength`` bytes,
    /// and at most 255 for `mimetype`) to the evidence.
    private static func read(
        _ part: ZipEvidence.ReadablePart, method: UInt16, _ data: UnsafeRawBufferPointer, limits: SniffingLimits,
        into evidence: inout ZipEvidence
    ) {
        guard method == 8 else {
            evidence.read(part, data)
            return
        }
        let capacity = part == .mimetype ? maxMimetypeLength : limits.maxInflatedLength
        guard capacity > 0 else { return }
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
        defer { output.deallocate() }
        let (count, _) = Inflater.inflate(data, into: output)
        evidence.read(part, UnsafeRawBufferPointer(rebasing: output[..<count]))
    }

    /// The central directory's place, from the end record in the file's tail. Most archives
    /// have no comment: a short tail is looked at first, then the longest tail a comment allows.
    private static func locateDirectory(_ probe: Probe) throws(SniffingError) -> Directory? {
        guard let size = probe.knownSize, size >= 22 else { return nil }
        // (entries, directory length, directory offset, end record offset), or the ZIP64 end
        // record's offset when the classic record defers to it.
        typealias Record = (entries: UInt64, length: UInt64, offset: UInt64, recordAt: Int64)
        var found: (record: Record?, zip64At: UInt64?)?
        for tailLength in [Int(Swift.min(size, 4096)), Int(Swift.min(size, 22 + 0xFFFF + 20))] where found == nil {
            let tailStart = size - Int64(tailLength)
            found = try probe.withBytes(at: tailStart, count: tailLength) { t in
                guard let (at, _) = ZipEndOfDirectory.find(in: t), let end = ZipEndOfDirectory(classicRecordIn: t, at: at) else { return nil }
                if end.needsZip64 {
                    let locatorAt = at - ZipEndOfDirectory.zip64LocatorLength
                    guard locatorAt >= 0, let zip64At = ZipEndOfDirectory.zip64RecordOffset(locator: t.slice(from: locatorAt, to: at)) else {
                        return nil
                    }
                    return (nil, zip64At)
                }
                return ((end.entries, end.directoryLength, end.directoryOffset, tailStart + Int64(at)), nil)
            }
            if tailLength == size { break }
        }
        guard let found else { return nil }
        let record: Record
        if let classic = found.record {
            record = classic
        } else {
            guard let zip64At = found.zip64At.flatMap({ Int64(exactly: $0) }),
                let zip64 = try probe.withBytes(at: zip64At, count: ZipEndOfDirectory.zip64Length, { r -> Record? in
                    guard let end = ZipEndOfDirectory(zip64Record: r) else { return nil }
                    return (end.entries, end.directoryLength, end.directoryOffset, zip64At)
                })
            else { return nil }
            record = zip64
        }
        // The directory really ends where the end record begins.
        guard let length = Int64(exactly: record.length), let declaredStart = Int64(exactly: record.offset),
            length <= record.recordAt
        else { return nil }
        let start = record.recordAt - length
        return Directory(entries: record.entries, start: start, length: length, shift: start - declaredStart)
    }

    /// Calls `body` with the (compressed or stored) data of an entry, found through its local
    /// header (whose name and extra lengths may differ from the central directory's).
    private static func withEntryData(
        _ probe: Probe, localHeaderAt offset: Int64, count: Int, _ body: (UnsafeRawBufferPointer) -> Void
    ) throws(SniffingError) {
        guard offset >= 0, let skip = try probe.withBytes(at: offset, count: 30, { h -> Int? in
            guard h.u32le(at: 0) == localHeader, let name = h.u16le(at: 26), let extra = h.u16le(at: 28) else { return nil }
            return 30 + Int(name) + Int(extra)
        }) else { return }
        try probe.withBytes(at: offset + Int64(skip), count: count, body)
    }
}

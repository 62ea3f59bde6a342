import ContentSniffing

extension DocumentPreview {
    /// The entries of an archive, as its own directory states them.
    ///
    /// Policy: ZIP is listed from the central directory found through the end-of-central-
    /// directory record (searched in the last 64 KiB + 22 bytes; ZIP64 records are followed),
    /// tar by walking its 512-byte headers (checksums verified; GNU long names and pax `path`
    /// honoured). At most ``Limits/maximumEntries`` entries are listed and at most
    /// ``Limits/maximumSteps`` headers walked; declared sizes and offsets that point outside the
    /// file end the listing with a note. Compressed streams (gzip, bzip2, xz, zstd) and 7z or
    /// RAR archives are named but not listed. ZIP names are UTF-8 when flagged or valid, else
    /// CP437 approximated by ISO-8859-1.
    public struct Archive: Sendable, Hashable, Codable {
        /// One member of an archive.
        public struct Entry: Sendable, Hashable, Codable {
            /// The member's path inside the archive.
            public var name: String
            /// The uncompressed size in bytes.
            public var size: Int64
            /// The stored (compressed) size, for ZIP.
            public var compressedSize: Int64?
            /// Whether the member is a directory.
            public var isDirectory: Bool

            /// Creates an entry.
            public init(name: String, size: Int64, compressedSize: Int64?, isDirectory: Bool) {
                self.name = name
                self.size = size
                self.compressedSize = compressedSize
                self.isDirectory = isDirectory
            }
        }

        /// `zip`, `tar`, `gzip`, `bzip2`, `xz`, `zstd`, `7z` or `rar`.
        public var format: String
        /// The listed entries, in archive order.
        public var entries: [Entry]
        /// The total number of entries, when the archive states it (ZIP) or the walk reached the
        /// end (tar).
        public var entryCount: Int?
        /// Whether ``entries`` is not the whole archive.
        public var truncated: Bool

        /// Creates an archive listing.
        public init(format: String, entries: [Entry], entryCount: Int?, truncated: Bool) {
            self.format = format
            self.entries = entries
            self.entryCount = entryCount
            self.truncated = truncated
        }

        static func read(from source: PreviewSource, limits: Limits, notes: inout [String]) throws(HandOverError)
            -> Archive?
        {
            let head = try source.head(512)
            if head.has([0x50, 0x4B, 0x03, 0x04]) || head.has([0x50, 0x4B, 0x05, 0x06])
                || head.has([0x50, 0x4B, 0x07, 0x08])
            {
                return try zip(source, limits: limits, notes: &notes)
            }
            if TarHeader(head) != nil { return try tar(source, limits: limits, notes: &notes) }
            let compressed: [(String, [UInt8])] = [
                ("gzip", [0x1F, 0x8B]), ("bzip2", Array("BZh".utf8)), ("xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]),
                ("zstd", [0x28, 0xB5, 0x2F, 0xFD]), ("7z", [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]),
                ("rar", Array("Rar!\u{1A}\u{07}".utf8)),
            ]
            for (format, magic) in compressed where head.has(magic) {
                notes.append("\(format) content is not listed")
                return Archive(format: format, entries: [], entryCount: nil, truncated: true)
            }
            notes.append("not a ZIP or tar archive")
            return nil
        }

        // MARK: ZIP

        static func zip(_ source: PreviewSource, limits: Limits, notes: inout [String]) throws(HandOverError) -> Archive
        {
            let tailLength = min(source.size, 22 + 65_535)
            let tailStart = source.size - tailLength
            let tail = try source.read(at: tailStart, count: Int(tailLength))
            // The comment must end exactly at the end of the file.
            let found = tail.bytes.withUnsafeBytes { t -> (offset: Int, record: ZipEndOfDirectory)? in
                guard let (at, commentReachesEnd) = ZipEndOfDirectory.find(in: t), commentReachesEnd,
                    let record = ZipEndOfDirectory(classicRecordIn: t, at: at)
                else { return nil }
                return (at, record)
            }
            guard let (eocd, classic) = found else {
                notes.append("no ZIP central directory was found (truncated archive?)")
                return Archive(format: "zip", entries: [], entryCount: nil, truncated: true)
            }
            var total = Int(classic.entries)
            var directorySize = classic.directoryLength
            var directoryOffset = classic.directoryOffset
            let eocdOffset = tailStart + Int64(eocd)
            if classic.needsZip64 {
                let locator = try source.read(at: eocdOffset - Int64(ZipEndOfDirectory.zip64LocatorLength), count: ZipEndOfDirectory.zip64LocatorLength)
                if let recordOffset = locator.bytes.withUnsafeBytes({ ZipEndOfDirectory.zip64RecordOffset(locator: $0) }),
                    recordOffset < UInt64(source.size)
                {
                    let record = try source.read(at: Int64(recordOffset), count: ZipEndOfDirectory.zip64Length)
                    if let zip64 = record.bytes.withUnsafeBytes({ ZipEndOfDirectory(zip64Record: $0) }) {
                        total = Int(clamping: zip64.entries)
                        directorySize = zip64.directoryLength
                        directoryOffset = zip64.directoryOffset
                    }
                }
            }
            guard directoryOffset <= UInt64(eocdOffset), directorySize <= UInt64(eocdOffset) - directoryOffset else {
                notes.append("the ZIP central directory lies outside the file")
                return Archive(format: "zip", entries: [], entryCount: total, truncated: true)
            }
            let directory = try source.read(at: Int64(directoryOffset), count: Int(directorySize))
            var entries: [Entry] = []
            var cursor = 0
            var truncated = false
            while entries.count < total {
                if entries.count >= limits.maximumEntries {
                    truncated = true
                    break
                }
                guard directory.has([0x50, 0x4B, 0x01, 0x02], at: cursor), let flags = directory.u16le(cursor + 8),
                    let compressed = directory.u32le(cursor + 20), let uncompressed = directory.u32le(cursor + 24),
                    let nameLength = directory.u16le(cursor + 28), let extraLength = directory.u16le(cursor + 30),
                    let commentLength = directory.u16le(cursor + 32),
                    let nameBytes = directory.slice(cursor + 46, nameLength)
                else {
                    notes.append("the ZIP central directory ends early or is damaged")
                    truncated = true
                    break
                }
                var size = Int64(uncompressed)
                var stored = Int64(compressed)
                if let extra = directory.slice(cursor + 46 + nameLength, extraLength) {
                    (size, stored) = zip64Sizes(PreviewBytes(Array(extra)), size: size, stored: stored)
                }
                let name: String
                if flags & 0x0800 != 0, let utf8 = String(validating: Array(nameBytes), as: UTF8.self) {
                    name = PreviewText.sanitized(utf8)
                } else {
                    name = PreviewText.decode(nameBytes)
                }
                entries.append(Entry(name: name, size: size, compressedSize: stored, isDirectory: name.hasSuffix("/")))
                cursor += 46 + nameLength + extraLength + commentLength
            }
            return Archive(
                format: "zip", entries: entries, entryCount: total, truncated: truncated || entries.count < total)
        }

        /// Replaces 0xFFFFFFFF sizes with the values of a ZIP64 extra field.
        static func zip64Sizes(_ extra: PreviewBytes, size: Int64, stored: Int64) -> (Int64, Int64) {
            var cursor = 0
            while let id = extra.u16le(cursor), let length = extra.u16le(cursor + 2) {
                if id == 0x0001 {
                    var field = cursor + 4
                    var newSize = size
                    var newStored = stored
                    if size == 0xFFFF_FFFF, let value = extra.u64le(field) {
                        newSize = Int64(clamping: value)
                        field += 8
                    }
                    if stored == 0xFFFF_FFFF, let value = extra.u64le(field) { newStored = Int64(clamping: value) }
                    return (newSize, newStored)
                }
                cursor += 4 + length
            }
            return (size, stored)
        }

        // MARK: tar

        static func tar(_ source: PreviewSource, limits: Limits, notes: inout [String]) throws(HandOverError) -> Archive
        {
            var entries: [Entry] = []
            var offset: Int64 = 0
            var pendingName: String?
            var reachedEnd = false
            var truncated = false
            for _ in 0..<limits.maximumSteps {
                let block = try source.read(at: offset, count: 512)
                if block.count < 512 {
                    if offset < source.size {
                        notes.append(
                            source.remainingBudget == 0
                                ? "stopped at the read limit" : "the tar file ends inside a header")
                        truncated = true
                    } else {
                        reachedEnd = true  // end of file without end-of-archive blocks
                    }
                    break
                }
                if block.bytes.allSatisfy({ $0 == 0 }) {
                    reachedEnd = true
                    break
                }
                guard let header = TarHeader(block) else {
                    notes.append("a tar header has a wrong checksum at offset \(offset)")
                    truncated = true
                    break
                }
                let dataStart = offset + 512
                guard header.size <= source.size - dataStart else {
                    notes.append("a tar entry declares more data than the file holds")
                    truncated = true
                    break
                }
                switch header.type {
                case UInt8(ascii: "L"):  // GNU long name for the next entry
                    let data = try source.read(at: dataStart, count: Int(min(header.size, 4096)))
                    pendingName = PreviewText.decode(data.bytes.prefix { $0 != 0 })
                case UInt8(ascii: "x"):  // pax extended header for the next entry
                    let data = try source.read(at: dataStart, count: Int(min(header.size, 64 * 1024)))
                    if let path = paxPath(data) { pendingName = path }
                case UInt8(ascii: "g"), UInt8(ascii: "K"):
                    break
                default:
                    if entries.count >= limits.maximumEntries {
                        truncated = true
                    } else {
                        let name = pendingName ?? header.name
                        entries.append(
                            Entry(
                                name: name, size: header.size, compressedSize: nil,
                                isDirectory: header.type == UInt8(ascii: "5") || name.hasSuffix("/")))
                    }
                    pendingName = nil
                }
                if truncated { break }
                offset = dataStart + (header.size + 511) / 512 * 512
            }
            if !reachedEnd && !truncated {
                notes.append("gave up after \(limits.maximumSteps) tar headers")
                truncated = true
            }
            return Archive(
                format: "tar", entries: entries, entryCount: reachedEnd ? entries.count : nil, truncated: truncated)
        }

        static func paxPath(_ data: PreviewBytes) -> String? {
            // Records are "<length> <key>=<value>\n".
            var cursor = 0
            var steps = 0
            while cursor < data.count && steps < 1000 {
                steps += 1
                guard let space = data.firstIndex(of: [0x20], from: cursor, to: cursor + 24),
                    let length = Int(String(decoding: data.bytes[cursor..<space], as: UTF8.self)), length > 0,
                    let record = data.slice(cursor, length)
                else { return nil }
                let body = record.dropFirst(space - cursor + 1).dropLast()
                if body.starts(with: Array("path=".utf8)) {
                    return PreviewText.decode(body.dropFirst(5))
                }
                cursor += length
            }
            return nil
        }

        /// A checksum-verified tar header (ustar, GNU or v7).
        struct TarHeader {
            var name: String
            var size: Int64
            var type: UInt8

            init?(_ block: PreviewBytes) {
                guard block.count >= 512, let checksumField = block.slice(148, 8),
                    let stated = Self.octal(checksumField)
                else { return nil }
                var unsigned = 0
                var signed = 0
                for (index, byte) in block.bytes.prefix(512).enumerated() {
                    let value = (148..<156).contains(index) ? 0x20 : byte
                    unsigned += Int(value)
                    signed += Int(Int8(bitPattern: value))
                }
                guard stated == Int64(unsigned) || stated == Int64(signed) else { return nil }
                guard let sizeField = block.slice(124, 12) else { return nil }
                if let first = sizeField.first, first & 0x80 != 0 {
                    // GNU base-256: big-endian, first byte's top bit is a marker.
                    var value: Int64 = 0
                    for (index, byte) in sizeField.enumerated() {
                        let digit = index == 0 ? byte & 0x7F : byte
                        if value > (Int64.max >> 8) { return nil }
                        value = value << 8 | Int64(digit)
                    }
                    size = value
                } else {
                    guard let value = Self.octal(sizeField) else { return nil }
                    size = value
                }
                type = block[156] ?? 0
                let rawName = block.bytes[0..<100].prefix { $0 != 0 }
                var full = PreviewText.decode(rawName)
                if block.has("ustar", at: 257), let prefixBytes = block.slice(345, 155) {
                    let prefix = prefixBytes.prefix { $0 != 0 }
                    if !prefix.isEmpty { full = PreviewText.decode(prefix) + "/" + full }
                }
                name = full
            }

            /// An octal number padded with spaces or NULs; `nil` when malformed.
            static func octal(_ field: ArraySlice<UInt8>) -> Int64? {
                var value: Int64 = 0
                var digits = 0
                var finished = false
                for byte in field {
                    if byte == 0 || byte == 0x20 {
                        if digits > 0 { finished = true }
                        continue
                    }
                    guard !finished, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) else { return nil }
                    value = value * 8 + Int64(byte - UInt8(ascii: "0"))
                    digits += 1
                }
                return digits > 0 ? value : nil
            }
        }
    }
}

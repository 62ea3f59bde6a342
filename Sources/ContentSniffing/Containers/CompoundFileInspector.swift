/// Tells Compound File Binary (OLE2) documents apart by their directory: the names of the
/// streams and storages at the root, and the root's class id.
///
/// The directory is a chain of sectors linked through the FAT. The chain is followed for at
/// most as many sectors as ``SniffingLimits/maxOLEDirectoryEntries`` entries need, so a cycle
/// or an absurd chain ends there; every sector number is turned into an offset with checked
/// arithmetic, and FAT sectors come only from the header's 109 DIFAT slots.
enum CompoundFileInspector {
    /// What a directory entry's name says.
    private enum Kind: UInt8 {
        case other, wordDocument, workbook, powerPoint, visio, publisher, installer, outlook
        case starWriter, starCalc, starDraw, worksSpreadsheet, worksText, contents, spelling, wordPerfect, hangul
    }

    private struct Entry {
        var kind: Kind
        var left: UInt32
        var right: UInt32
        var child: UInt32
    }

    private static let noStream: UInt32 = 0xFFFF_FFFF
    private static let lastRegularSector: UInt32 = 0xFFFF_FFFA
    /// The sector number that ends a chain.
    private static let endOfChain: UInt32 = 0xFFFF_FFFE

    /// OLE2 compound files: Word, Excel, PowerPoint, Visio, Publisher, Windows Installer (and its patches),
    /// Outlook messages, Works, WordPerfect, Hangul (HWP 5), StarOffice 3–5 documents, or a
    /// generic compound file.
    static func check(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        let b = probe.bytes
        guard b.u64be(at: 0) == 0xD0CF_11E0_A1B1_1AE1 else { return nil }
        let generic = SignatureMatch(KnownType.compoundFile, .strong, "Compound File (OLE2) header")
        guard b.u16le(at: 0x1C) == 0xFFFE, let shift = b.u16le(at: 0x1E), shift == 9 || shift == 12,
            let firstDirectorySector = b.u32le(at: 0x30)
        else { return generic }
        let sectorSize = 1 << Int(shift)
        let entriesPerSector = sectorSize / 128
        let maxSectors = (probe.limits.maxOLEDirectoryEntries + entriesPerSector - 1) / entriesPerSector
        var entries: [Entry] = []
        var rootIsInstaller = false
        var rootClassPrefix: UInt32 = 0  // the first field of the root's class id
        var sector = firstDirectorySector
        var visited = 0
        // Whether the directory's sector chain was followed to its end, every entry read.
        var listedWhole = false
        while sector <= lastRegularSector, visited < maxSectors {
            visited += 1
            guard let offset = sectorOffset(sector, shift: shift) else { break }
            let complete = try probe.withBytes(at: offset, count: sectorSize) { s -> Bool in
                var index = 0
                while index + 128 <= s.count, entries.count < probe.limits.maxOLEDirectoryEntries {
                    let entry = s.slice(from: index, to: index + 128)
                    if entries.isEmpty, entry.byte(at: 0x42) == 5 {
                        rootClassPrefix = entry.u32le(at: 0x50) ?? 0
                        // Root entry: Windows Installer databases, patches and transforms
                        // carry the class id {000C108x-0000-0000-C000-000000000046}.
                        rootIsInstaller =
                            (entry.u32le(at: 0x50) ?? 0) & 0xFFFF_FFF0 == 0x000C_1080 && entry.u32le(at: 0x54) == 0
                            && entry.u64be(at: 0x58) == 0xC000_0000_0000_0046
                    }
                    entries.append(Entry(
                        kind: kind(of: entry), left: entry.u32le(at: 0x44) ?? noStream,
                        right: entry.u32le(at: 0x48) ?? noStream, child: entry.u32le(at: 0x4C) ?? noStream))
                    index += 128
                }
                return s.count == sectorSize
            }
            guard complete, let next = try nextSector(after: sector, probe, shift: shift) else { break }
            listedWhole = next == endOfChain && entries.count < probe.limits.maxOLEDirectoryEntries
            sector = next
        }
        if rootIsInstaller {
            // {000C1086-…} is a patch (.msp); {000C1084-…} a database and {000C1082-…} a
            // transform (.mst) share one type.
            if rootClassPrefix == 0x000C_1086 {
                return SignatureMatch(KnownType.msp, .strong, "Compound File root class id of a Windows Installer patch")
            }
            return SignatureMatch(KnownType.msi, .strong, "Compound File root class id of Windows Installer")
        }
        guard !entries.isEmpty else { return generic }
        if let match = conclusion(kinds: rootKinds(entries), rootClassPrefix: rootClassPrefix) { return match }
        var plain = generic
        plain.listsEveryPart = listedWhole
        return plain
    }

    /// The kinds of the entries directly under the root, as a bit set (bit n: an entry of the
    /// kind with raw value n). Embedded objects live deeper and must not decide.
    private static func rootKinds(_ entries: [Entry]) -> UInt32 {
        var kinds: UInt32 = 0
        var pending: [UInt32] = [entries[0].child]
        var steps = 0
        while let id = pending.popLast(), steps < entries.count {
            // Only real entries count towards the bound: empty links are popped for free.
            guard id != noStream, let index = Int(exactly: id), index < entries.count else { continue }
            steps += 1
            kinds |= 1 << entries[index].kind.rawValue
            pending.append(entries[index].left)
            pending.append(entries[index].right)
        }
        if kinds == 0 {
            // The tree could not be followed (a truncated directory): any entry counts.
            for entry in entries.dropFirst() { kinds |= 1 << entry.kind.rawValue }
        }
        return kinds
    }

    /// StarDraw 5.0 and 6.0 root class ids (first field); StarImpress shares the
    /// `StarDrawDocument3` stream and has other class ids.
    private static let starDrawClasses: Set<UInt32> = [0x2E89_05A0, 0x4BAB_8970]
    /// StarImpress 3.0, 4.0, 5.0 and 6.0 root class ids (first field).
    private static let starImpressClasses: Set<UInt32> = [0xAF10_AAE0, 0x012D_3CC0, 0x565C_7221, 0x9176_E48A]
    /// The Outlook template (`.oft`) root class id's first field; messages carry 0x00020D0B.
    private static let outlookTemplateClass: UInt32 = 0x0006_F046

    /// The type that the root's entries name, most specific first; `nil` for a generic file.
    private static func conclusion(kinds: UInt32, rootClassPrefix: UInt32) -> SignatureMatch? {
        func saw(_ kind: Kind) -> Bool { kinds & (1 << kind.rawValue) != 0 }
        if saw(.installer) {
            return SignatureMatch(KnownType.msi, .strong, "Compound File with Windows Installer table streams")
        }
        if saw(.outlook) {
            let what = rootClassPrefix == outlookTemplateClass ? "an Outlook template" : "an Outlook message"
            return SignatureMatch(
                KnownType.outlookMessage, .strong, "Compound File with __substg1.0_ streams: \(what)")
        }
        // Works 7 spreadsheets also hold a Workbook stream.
        if saw(.worksSpreadsheet) {
            return SignatureMatch(KnownType.works, .strong, "Compound File stream WksSSWorkBook (Works spreadsheet)")
        }
        if saw(.wordDocument) {
            return SignatureMatch(KnownType.doc, .strong, "Compound File stream WordDocument")
        }
        if saw(.workbook) {
            return SignatureMatch(KnownType.xls, .strong, "Compound File stream Workbook")
        }
        if saw(.powerPoint) {
            return SignatureMatch(KnownType.ppt, .strong, "Compound File stream PowerPoint Document")
        }
        if saw(.visio) {
            return SignatureMatch(KnownType.visio, .strong, "Compound File stream VisioDocument")
        }
        if saw(.publisher) {
            return SignatureMatch(KnownType.publisher, .strong, "Compound File storage Quill (Publisher)")
        }
        return otherConclusion(saw: saw, rootClassPrefix: rootClassPrefix)
    }

    /// StarOffice, Works word processor, WordPerfect and Hangul documents.
    private static func otherConclusion(saw: (Kind) -> Bool, rootClassPrefix: UInt32) -> SignatureMatch? {
        if saw(.starWriter) {
            return SignatureMatch(KnownType.starWriter, .strong, "Compound File stream StarWriterDocument (StarWriter)")
        }
        if saw(.starCalc) {
            return SignatureMatch(KnownType.starCalc, .strong, "Compound File stream StarCalcDocument (StarCalc)")
        }
        if saw(.starDraw) {
            if starDrawClasses.contains(rootClassPrefix) {
                return SignatureMatch(KnownType.starDraw, .strong, "Compound File stream StarDrawDocument3 with the StarDraw class id")
            }
            if starImpressClasses.contains(rootClassPrefix) {
                return SignatureMatch(
                    KnownType.starImpress, .strong, "Compound File stream StarDrawDocument3 with a StarImpress class id")
            }
            return nil
        }
        if saw(.worksText) || (saw(.contents) && saw(.spelling)) {
            return SignatureMatch(KnownType.works, .strong, "Compound File streams MatOST or CONTENTS and SPELLING (Works)")
        }
        if saw(.wordPerfect) {
            return SignatureMatch(KnownType.wordPerfect, .strong, "Compound File stream PerfectOffice_MAIN (WordPerfect)")
        }
        if saw(.hangul) {
            return SignatureMatch(KnownType.hwp, .strong, "Compound File stream HwpSummaryInformation (Hangul 5)")
        }
        return nil
    }

    /// The file offset of a sector: `(sector + 1) << shift`, or `nil` on overflow.
    private static func sectorOffset(_ sector: UInt32, shift: UInt16) -> Int64? {
        let (offset, overflow) = (Int64(sector) + 1).multipliedReportingOverflow(by: Int64(1) << Int64(shift))
        return overflow ? nil : offset
    }

    /// The FAT's successor of `sector`, read from the FAT sector that the header's DIFAT names.
    private static func nextSector(after sector: UInt32, _ probe: Probe, shift: UInt16) throws(SniffingError) -> UInt32? {
        let perSector = UInt32(1 << Int(shift)) / 4
        let fatIndex = Int(sector / perSector)
        guard fatIndex < 109, let fatSector = probe.bytes.u32le(at: 0x4C + 4 * fatIndex), fatSector <= lastRegularSector,
            let fatOffset = sectorOffset(fatSector, shift: shift)
        else { return nil }
        return try probe.withBytes(at: fatOffset + Int64(sector % perSector) * 4, count: 4) { $0.u32le(at: 0) }
    }

    /// Classifies a directory entry by its UTF-16LE name.
    private static func kind(of entry: UnsafeRawBufferPointer) -> Kind {
        guard let nameBytes = entry.u16le(at: 0x40), nameBytes >= 2, nameBytes <= 64 else { return .other }
        let name = entry.slice(from: 0, to: Int(nameBytes) - 2)
        if name.u16le(at: 0) == 0x4840 { return .installer }
        if nameIs(name, "WordDocument") { return .wordDocument }
        if nameIs(name, "Workbook") || nameIs(name, "Book") { return .workbook }
        if nameIs(name, "PowerPoint Document") { return .powerPoint }
        if nameIs(name, "VisioDocument") { return .visio }
        if nameIs(name, "Quill") { return .publisher }
        if nameIs(name, "__properties_version1.0") || nameStarts(name, "__substg1.0_") { return .outlook }
        return otherKind(of: name)
    }

    /// Names of the less common formats.
    private static func otherKind(of name: UnsafeRawBufferPointer) -> Kind {
        if nameIs(name, "StarWriterDocument") { return .starWriter }
        if nameIs(name, "StarCalcDocument") { return .starCalc }
        if nameIs(name, "StarDrawDocument3") { return .starDraw }
        if nameIs(name, "WksSSWorkBook") { return .worksSpreadsheet }
        if nameIs(name, "MatOST") { return .worksText }
        if nameIs(name, "CONTENTS") { return .contents }
        if nameIs(name, "SPELLING") { return .spelling }
        if nameIs(name, "PerfectOffice_MAIN") { return .wordPerfect }
        if nameIs(name, "\u{5}HwpSummaryInformation") { return .hangul }
        return .other
    }

    /// Whether the UTF-16LE `name` is exactly the ASCII `text`.
    private static func nameIs(_ name: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        name.count == 2 * text.utf8CodeUnitCount && nameStarts(name, text)
    }

    /// Whether the UTF-16LE `name` starts with the ASCII `text`.
    private static func nameStarts(_ name: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard name.count >= 2 * length else { return false }
        for index in 0..<length where name.u16le(at: 2 * index) != UInt16(text.utf8Start[index]) {
            return false
        }
        return true
    }
}

/// CSV and TSV by shape: every record has the same number of commas (or tabs), at least one,
/// across at least two records. Quoted fields are respected (a delimiter or a line break
/// inside quotes does not count; `""` is an escaped quote). At most 32 records are looked at;
/// a record cut off by the end of the window is ignored unless the window is the whole file.
/// Blank lines may only trail. The scan stops at the first record that rules both shapes out,
/// so prose costs one line. A few records (fewer than ``minRecordsWithCode``) whose unquoted
/// fields hold code punctuation (`;` `=` `(` `)` `[` `]` `{` `}`) are not data but two or three
/// lines of source code that happen to agree in their commas.
struct DelimitedShape {
    /// The most records looked at.
    private static let maxRecords = 32
    /// The fewest records that are data even with code punctuation in their fields.
    private static let minRecordsWithCode = 4

    private var records = 0
    private var commas = 0
    private var tabs = 0
    private var expectedCommas = 0
    private var expectedTabs = 0
    private var commasAgree = true
    private var tabsAgree = true
    private var recordHasContent = false
    private var sawBlankLine = false
    private var sawCodePunctuation = false

    /// Recognises comma- or tab-separated values in `t`.
    static func sniff(_ t: UnsafeRawBufferPointer, isWholeFile: Bool) -> SignatureMatch? {
        var shape = DelimitedShape()
        var offset = 0
        let count = t.count
        scan: while offset < count, shape.records < maxRecords {
            let byte = t[offset]
            offset += 1
            if byte > UInt8(ascii: ",") {  // letters, digits and most punctuation: the common case
                shape.recordHasContent = true
                if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "[")
                    || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
                    shape.sawCodePunctuation = true
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                shape.recordHasContent = true
                // Skip the quoted field; "" is an escaped quote.
                while offset < count {
                    if t[offset] == UInt8(ascii: "\"") {
                        if offset + 1 < count, t[offset + 1] == UInt8(ascii: "\"") {
                            offset += 2
                            continue
                        }
                        break
                    }
                    offset += 1
                }
                guard offset < count else {
                    // A quote still open at the end: broken in a whole file; in a window, the
                    // record is cut off and the records before it decide.
                    if isWholeFile { return nil }
                    break scan
                }
                offset += 1
            case UInt8(ascii: ","): shape.commas += 1
            case 0x09: shape.tabs += 1
            case 0x0A:
                guard shape.endRecord() else { return nil }
            case 0x0D: break
            case UInt8(ascii: "("), UInt8(ascii: ")"):
                shape.recordHasContent = true
                shape.sawCodePunctuation = true
            default: shape.recordHasContent = true
            }
        }
        if offset >= count, isWholeFile, shape.recordHasContent || shape.commas > 0 || shape.tabs > 0 {
            guard shape.endRecord() else { return nil }
        }
        guard shape.records >= 2, !shape.sawCodePunctuation || shape.records >= minRecordsWithCode else { return nil }
        if shape.tabsAgree && shape.expectedTabs > 0 {
            return SignatureMatch(KnownType.tsv, .weak, "records with the same number of tabs")
        }
        if shape.commasAgree && shape.expectedCommas > 0 {
            return SignatureMatch(KnownType.csv, .weak, "records with the same number of commas")
        }
        return nil
    }

    /// Closes a record; `false` once neither shape can hold.
    private mutating func endRecord() -> Bool {
        defer {
            commas = 0
            tabs = 0
            recordHasContent = false
        }
        if !recordHasContent && commas == 0 && tabs == 0 {
            sawBlankLine = true
            return true
        }
        if sawBlankLine { return false }  // a blank line inside the data
        if records == 0 {
            expectedCommas = commas
            expectedTabs = tabs
            if commas == 0 && tabs == 0 { return false }
        } else {
            commasAgree = commasAgree && commas == expectedCommas
            tabsAgree = tabsAgree && tabs == expectedTabs
        }
        records += 1
        return (commasAgree && expectedCommas > 0) || (tabsAgree && expectedTabs > 0)
    }
}

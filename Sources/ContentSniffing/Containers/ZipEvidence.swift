import UniformTypes

/// What the entries of a ZIP archive say about the document it holds, gathered entry by entry
/// and concluded into one match.
///
/// Precedence, most explicit first: the `mimetype` entry's content (ODF, EPUB, OpenOffice
/// 1.x), the main part named in a stored `[Content_Types].xml` (OOXML, XPS, Visio), the
/// main part folders (`word/`, `xl/`, `ppt/`), Android (`AndroidManifest.xml` with
/// `classes.dex`), iOS (`Payload/*.app/`), VSIX, EPUB's `META-INF/container.xml`, JAR
/// (`META-INF/MANIFEST.MF`), any OOXML package, and finally a plain ZIP archive.
struct ZipEvidence {
    /// The type named by the `mimetype` entry.
    var mimetype: SignatureMatch?
    /// The type named by `[Content_Types].xml`.
    var contentTypes: SignatureMatch?
    private var flags: Parts = []

    /// The telling entries seen (a bit set, so that gathering evidence does not allocate).
    private struct Parts: OptionSet {
        let rawValue: UInt32
        static let contentTypesPart = Parts(rawValue: 1 << 0)
        static let word = Parts(rawValue: 1 << 1)
        static let wordMacros = Parts(rawValue: 1 << 2)
        static let excel = Parts(rawValue: 1 << 3)
        static let excelBinary = Parts(rawValue: 1 << 4)
        static let excelMacros = Parts(rawValue: 1 << 5)
        static let powerPoint = Parts(rawValue: 1 << 6)
        static let powerPointMacros = Parts(rawValue: 1 << 7)
        static let visio = Parts(rawValue: 1 << 8)
        static let xps = Parts(rawValue: 1 << 9)
        static let epubContainer = Parts(rawValue: 1 << 10)
        static let androidManifest = Parts(rawValue: 1 << 11)
        static let dex = Parts(rawValue: 1 << 12)
        static let jarManifest = Parts(rawValue: 1 << 13)
        static let iosPayload = Parts(rawValue: 1 << 14)
        static let vsixManifest = Parts(rawValue: 1 << 15)
    }

    /// Whether the `mimetype` entry still needs reading.
    var wantsMimetype: Bool { mimetype == nil }
    /// Whether `[Content_Types].xml` still needs reading.
    var wantsContentTypes: Bool { contentTypes == nil }

    /// Whether `name` is the `mimetype` entry.
    static func isMimetype(_ name: UnsafeRawBufferPointer) -> Bool {
        name.count == 8 && name.has("mimetype")
    }

    /// Whether `name` is the `[Content_Types].xml` part.
    static func isContentTypes(_ name: UnsafeRawBufferPointer) -> Bool {
        name.count == 19 && name.has("[Content_Types].xml")
    }

    /// Records what an entry's name says.
    mutating func note(name: UnsafeRawBufferPointer) {
        func equals(_ text: StaticString) -> Bool { name.count == text.utf8CodeUnitCount && name.has(text) }
        if ZipEvidence.isContentTypes(name) {
            flags.insert(.contentTypesPart)
        } else if name.has("word/") {
            flags.insert(equals("word/vbaProject.bin") ? .wordMacros : .word)
        } else if name.has("xl/") {
            flags.insert(equals("xl/workbook.bin") ? .excelBinary : equals("xl/vbaProject.bin") ? .excelMacros : .excel)
        } else if name.has("ppt/") {
            flags.insert(equals("ppt/vbaProject.bin") ? .powerPointMacros : .powerPoint)
        } else if name.has("visio/") {
            flags.insert(.visio)
        } else if equals("META-INF/container.xml") {
            flags.insert(.epubContainer)
        } else if equals("META-INF/MANIFEST.MF") {
            flags.insert(.jarManifest)
        } else if equals("AndroidManifest.xml") {
            flags.insert(.androidManifest)
        } else if equals("classes.dex") {
            flags.insert(.dex)
        } else if equals("extension.vsixmanifest") {
            flags.insert(.vsixManifest)
        } else if name.has("Payload/"), name.firstOffset(of: ".app/", from: 8) != nil {
            flags.insert(.iosPayload)
        } else if name.count > 6, name.has(".fdseq", at: name.count - 6) {
            flags.insert(.xps)
        }
    }

    /// Records the content of a stored `mimetype` entry.
    mutating func readMimetype(_ content: UnsafeRawBufferPointer) {
        var end = content.count
        while end > 0, ASCII.isWhitespace(content[end - 1]) { end -= 1 }
        let value = content.slice(from: 0, to: end)
        for entry in ZipEvidence.mimetypes where value.count == entry.value.utf8CodeUnitCount && value.has(entry.value) {
            mimetype = SignatureMatch(entry.type, .strong, entry.detail)
            return
        }
    }

    /// Records what a stored `[Content_Types].xml` names as the main part.
    mutating func readContentTypes(_ xml: UnsafeRawBufferPointer) {
        for entry in ZipEvidence.mainContentTypes where xml.firstOffset(caseInsensitive: entry.value) != nil {
            contentTypes = SignatureMatch(entry.type, .strong, entry.detail)
            return
        }
    }

    /// The conclusion.
    var conclusion: SignatureMatch {
        if let mimetype { return mimetype }
        if let contentTypes { return contentTypes }
        if flags.contains(.word) || flags.contains(.wordMacros) {
            return flags.contains(.wordMacros)
                ? SignatureMatch(KnownType.docm, .strong, "ZIP entries word/ with word/vbaProject.bin")
                : SignatureMatch(KnownType.docx, .strong, "ZIP entries under word/")
        }
        if flags.contains(.excel) || flags.contains(.excelBinary) || flags.contains(.excelMacros) {
            if flags.contains(.excelBinary) {
                return SignatureMatch(KnownType.xlsb, .strong, "ZIP entry xl/workbook.bin")
            }
            return flags.contains(.excelMacros)
                ? SignatureMatch(KnownType.xlsm, .strong, "ZIP entries xl/ with xl/vbaProject.bin")
                : SignatureMatch(KnownType.xlsx, .strong, "ZIP entries under xl/")
        }
        if flags.contains(.powerPoint) || flags.contains(.powerPointMacros) {
            return flags.contains(.powerPointMacros)
                ? SignatureMatch(KnownType.pptm, .strong, "ZIP entries ppt/ with ppt/vbaProject.bin")
                : SignatureMatch(KnownType.pptx, .strong, "ZIP entries under ppt/")
        }
        if flags.contains(.visio) {
            return SignatureMatch(KnownType.vsdx, .strong, "ZIP entries under visio/")
        }
        if flags.contains(.xps) {
            return SignatureMatch(KnownType.xps, .strong, "ZIP entry *.fdseq (XPS fixed document sequence)")
        }
        if flags.contains(.androidManifest) && flags.contains(.dex) {
            return SignatureMatch(KnownType.apk, .strong, "ZIP entries AndroidManifest.xml and classes.dex")
        }
        if flags.contains(.iosPayload) {
            return SignatureMatch(KnownType.ipa, .strong, "ZIP entry Payload/*.app/")
        }
        if flags.contains(.vsixManifest) {
            return SignatureMatch(KnownType.vsix, .strong, "ZIP entry extension.vsixmanifest: a VSIX package (no declared type)")
        }
        if flags.contains(.epubContainer) {
            return SignatureMatch(KnownType.epub, .strong, "ZIP entry META-INF/container.xml")
        }
        if flags.contains(.jarManifest) {
            return SignatureMatch(KnownType.jar, .strong, "ZIP entry META-INF/MANIFEST.MF")
        }
        if flags.contains(.contentTypesPart) {
            return SignatureMatch(KnownType.openXML, .strong, "ZIP entry [Content_Types].xml (an Open Packaging package)")
        }
        return SignatureMatch(KnownType.zip, .strong, "ZIP local file header")
    }

    /// A value and the type it names.
    struct Mapping: Sendable {
        let value: StaticString
        let type: TypeIdentifier
        let detail: String
    }

    /// `mimetype` entry values (ODF, EPUB, OpenOffice 1.x) and their types.
    static let mimetypes: [Mapping] = [
        ("application/epub+zip", KnownType.epub),
        ("application/vnd.oasis.opendocument.text", KnownType.odt),
        ("application/vnd.oasis.opendocument.text-template", KnownType.ott),
        ("application/vnd.oasis.opendocument.text-master", KnownType.odm),
        ("application/vnd.oasis.opendocument.text-web", KnownType.oth),
        ("application/vnd.oasis.opendocument.spreadsheet", KnownType.ods),
        ("application/vnd.oasis.opendocument.spreadsheet-template", KnownType.ots),
        ("application/vnd.oasis.opendocument.presentation", KnownType.odp),
        ("application/vnd.oasis.opendocument.presentation-template", KnownType.otp),
        ("application/vnd.oasis.opendocument.graphics", KnownType.odg),
        ("application/vnd.oasis.opendocument.graphics-template", KnownType.otg),
        ("application/vnd.oasis.opendocument.chart", KnownType.odc),
        ("application/vnd.oasis.opendocument.chart-template", KnownType.otc),
        ("application/vnd.oasis.opendocument.formula", KnownType.odf),
        ("application/vnd.oasis.opendocument.formula-template", KnownType.otf),
        ("application/vnd.oasis.opendocument.image", KnownType.odi),
        ("application/vnd.oasis.opendocument.image-template", KnownType.oti),
        ("application/vnd.oasis.opendocument.base", KnownType.odb),
        ("application/vnd.oasis.opendocument.database", KnownType.odb),
        ("application/vnd.sun.xml.writer", KnownType.sxw),
        ("application/vnd.sun.xml.writer.template", KnownType.stw),
        ("application/vnd.sun.xml.writer.global", KnownType.sxg),
        ("application/vnd.sun.xml.calc", KnownType.sxc),
        ("application/vnd.sun.xml.calc.template", KnownType.stc),
        ("application/vnd.sun.xml.impress", KnownType.sxi),
        ("application/vnd.sun.xml.impress.template", KnownType.sti),
        ("application/vnd.sun.xml.draw", KnownType.sxd),
        ("application/vnd.sun.xml.draw.template", KnownType.std),
        ("application/vnd.sun.xml.math", KnownType.sxm),
    ].map { Mapping(value: $0.0, type: $0.1, detail: "ZIP mimetype entry \($0.0)") }

    /// Main-part content types in `[Content_Types].xml` (lower case; matched ignoring case).
    static let mainContentTypes: [Mapping] = [
        ("application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml", KnownType.docx),
        ("application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml", KnownType.dotx),
        ("application/vnd.ms-word.document.macroenabled.main+xml", KnownType.docm),
        ("application/vnd.ms-word.template.macroenabledtemplate.main+xml", KnownType.dotm),
        ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml", KnownType.xlsx),
        ("application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml", KnownType.xltx),
        ("application/vnd.ms-excel.sheet.macroenabled.main+xml", KnownType.xlsm),
        ("application/vnd.ms-excel.template.macroenabled.main+xml", KnownType.xltm),
        ("application/vnd.ms-excel.sheet.binary.macroenabled.main", KnownType.xlsb),
        ("application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml", KnownType.pptx),
        ("application/vnd.openxmlformats-officedocument.presentationml.template.main+xml", KnownType.potx),
        ("application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml", KnownType.ppsx),
        ("application/vnd.ms-powerpoint.presentation.macroenabled.main+xml", KnownType.pptm),
        ("application/vnd.ms-powerpoint.template.macroenabled.main+xml", KnownType.potm),
        ("application/vnd.ms-powerpoint.slideshow.macroenabled.main+xml", KnownType.ppsm),
        ("application/vnd.ms-visio.drawing.main+xml", KnownType.vsdx),
        ("application/vnd.ms-package.xps-fixeddocumentsequence+xml", KnownType.xps),
    ].map { Mapping(value: $0.0, type: $0.1, detail: "[Content_Types].xml names \($0.0)") }
}

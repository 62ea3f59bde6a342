import UniformTypes

/// What the entries of a ZIP archive say about the document it holds, gathered entry by entry
/// and concluded into one match.
///
/// Precedence, most explicit first: the `mimetype` entry's content (ODF, EPUB, OpenOffice
/// 1.x), the main part named in a stored `[Content_Types].xml` (OOXML, XPS, Visio), the
/// main part folders (`word/`, `xl/`, `ppt/`), Android (`AndroidManifest.xml` with
/// `classes.dex`), iOS (`Payload/*.app/`), VSIX, Windows app packages (`AppxManifest.xml`,
/// `AppxMetadata/AppxBundleManifest.xml`), 3MF (`3D/3dmodel.model`), iWork (`Index/*.iwa`;
/// `index.apxl`, or `index.xml` whose root names Pages or Numbers), Firefox extensions
/// (`install.rdf` or `META-INF/mozilla.rsa`), KMZ (`doc.kml`), EPUB's
/// `META-INF/container.xml`, JAR (`META-INF/MANIFEST.MF`), any OOXML package, and finally a
/// plain ZIP archive.
struct ZipEvidence {
    /// The type named by the `mimetype` entry.
    var mimetype: SignatureMatch?
    /// The type named by `[Content_Types].xml`.
    var contentTypes: SignatureMatch?
    /// The iWork '09 application named by the root element of `index.xml`.
    var iWorkIndex: SignatureMatch?
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
        static let appxManifest = Parts(rawValue: 1 << 16)
        static let appxBundleManifest = Parts(rawValue: 1 << 17)
        static let threeDModel = Parts(rawValue: 1 << 18)
        static let iWorkArchive = Parts(rawValue: 1 << 19)
        static let keynoteSlides = Parts(rawValue: 1 << 20)
        static let numbersTables = Parts(rawValue: 1 << 21)
        static let keynoteXML = Parts(rawValue: 1 << 22)
        static let mozillaExtension = Parts(rawValue: 1 << 23)
        static let kml = Parts(rawValue: 1 << 24)
        /// A `mimetype` entry, whatever it holds, or ODF's `META-INF/manifest.xml`.
        static let packageMetadata = Parts(rawValue: 1 << 25)
    }

    /// Whether no entry seen names a document: the archive is a plain ZIP archive as far as
    /// its entries go.
    var namesNoDocument: Bool {
        flags.isEmpty && mimetype == nil && contentTypes == nil && iWorkIndex == nil
    }

    /// The entries whose content is read (stored, or deflated within
    /// ``SniffingLimits/maxInflatedLength``).
    enum ReadablePart {
        case mimetype, contentTypes, iWorkIndex
    }

    /// Which readable part `name` is, if any.
    static func readablePart(_ name: UnsafeRawBufferPointer) -> ReadablePart? {
        if isMimetype(name) { return .mimetype }
        if isContentTypes(name) { return .contentTypes }
        if name.count == 9, name.has("index.xml") { return .iWorkIndex }
        return nil
    }

    /// Whether `part` still needs reading.
    func wants(_ part: ReadablePart) -> Bool {
        switch part {
        case .mimetype: mimetype == nil
        case .contentTypes: contentTypes == nil
        case .iWorkIndex: iWorkIndex == nil
        }
    }

    /// Records the (stored or inflated) content of `part`.
    mutating func read(_ part: ReadablePart, _ content: UnsafeRawBufferPointer) {
        switch part {
        case .mimetype: readMimetype(content)
        case .contentTypes: readContentTypes(content)
        case .iWorkIndex: readIWorkIndex(content)
        }
    }

    /// Records which iWork '09 application wrote `index.xml`: its root element is
    /// `sl:document` for Pages and `ls:document` for Numbers.
    mutating func readIWorkIndex(_ xml: UnsafeRawBufferPointer) {
        let head = xml.slice(from: 0, to: 1024)
        if head.firstOffset(of: "<sl:document") != nil {
            iWorkIndex = SignatureMatch(KnownType.pages, .strong, "ZIP entry index.xml with root sl:document (Pages '09)")
        } else if head.firstOffset(of: "<ls:document") != nil {
            iWorkIndex = SignatureMatch(KnownType.numbers, .strong, "ZIP entry index.xml with root ls:document (Numbers '09)")
        }
    }

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
        } else if ZipEvidence.isMimetype(name) || equals("META-INF/manifest.xml") {
            flags.insert(.packageMetadata)
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
        } else if equals("AppxManifest.xml") {
            flags.insert(.appxManifest)
        } else if equals("AppxMetadata/AppxBundleManifest.xml") {
            flags.insert(.appxBundleManifest)
        } else if equals("3D/3dmodel.model") {
            flags.insert(.threeDModel)
        } else if name.has("Index/"), name.count > 10, name.has(".iwa", at: name.count - 4) {
            flags.insert(.iWorkArchive)
            if name.has("Index/Slide", at: 0) || name.has("Index/MasterSlide", at: 0) { flags.insert(.keynoteSlides) }
            if name.has("Index/Tables/", at: 0) { flags.insert(.numbersTables) }
        } else if equals("index.apxl") {
            flags.insert(.keynoteXML)
        } else if equals("install.rdf") || equals("META-INF/mozilla.rsa") {
            flags.insert(.mozillaExtension)
        } else if equals("doc.kml") {
            flags.insert(.kml)
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
        if let match = packageConclusion { return match }
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

    /// Windows app packages, 3MF, iWork, Firefox extensions and KMZ, by their telling entries.
    private var packageConclusion: SignatureMatch? {
        if flags.contains(.appxBundleManifest) {
            return SignatureMatch(KnownType.appxBundle, .strong, "ZIP entry AppxMetadata/AppxBundleManifest.xml")
        }
        if flags.contains(.appxManifest) {
            return SignatureMatch(KnownType.appx, .strong, "ZIP entry AppxManifest.xml (AppX or MSIX package)")
        }
        if flags.contains(.threeDModel) {
            return SignatureMatch(KnownType.threeMF, .strong, "ZIP entry 3D/3dmodel.model")
        }
        if flags.contains(.iWorkArchive) {
            if flags.contains(.keynoteSlides) {
                return SignatureMatch(KnownType.keynote, .strong, "ZIP entries Index/*.iwa with slides (Keynote)")
            }
            // Pages documents may hold tables too, so these two are weak: a name decides.
            if flags.contains(.numbersTables) {
                return SignatureMatch(KnownType.numbers, .weak, "ZIP entries Index/*.iwa with Index/Tables/ (Numbers)")
            }
            return SignatureMatch(KnownType.pages, .weak, "ZIP entries Index/*.iwa without slides or tables (Pages)")
        }
        if flags.contains(.keynoteXML) {
            return SignatureMatch(KnownType.keynote, .strong, "ZIP entry index.apxl (Keynote '09)")
        }
        if let iWorkIndex { return iWorkIndex }
        if flags.contains(.mozillaExtension) {
            return SignatureMatch(KnownType.xpi, .strong, "ZIP entry install.rdf or META-INF/mozilla.rsa (Firefox extension)")
        }
        if flags.contains(.kml) {
            return SignatureMatch(KnownType.kmz, .strong, "ZIP entry doc.kml (KMZ)")
        }
        return nil
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

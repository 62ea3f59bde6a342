import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// A ZIP- or OLE2-based document name over a container that holds none of the parts its format
/// requires is the container, with a conflict; a container that does hold them, or one that
/// could not be read whole, keeps the name.
@Suite("Container documents need their parts")
struct ContainerPartsTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)
    /// A plain ZIP archive of holiday photos and a note.
    static let plainZip = ZipFixture.named(["photos/beach.jpg", "photos/harbour.jpg", "notes.txt"])

    @Test("a plain ZIP archive under a document's name is a ZIP archive, with a conflict", arguments: [
        "photos.docx", "budget.xlsm", "talk.pptx", "letter.odt", "sheet.ods", "book.epub", "app.apk", "essay.pages", "part.3mf",
    ])
    func plainZipUnderDocumentName(name: String) throws {
        let claimed = try #require(resolver.graph.match(filename: name).type)
        let resolution = resolver.resolve(bytes: Self.plainZip, name: name)
        #expect(resolution.type.identifier == .zip)
        #expect(resolution.conflict?.claimed == claimed.identifier)
        #expect(resolution.conflict?.content == .zip)
        #expect(resolution.conflict?.reason.contains("none of the parts") == true)
    }

    @Test("a ZIP-based format whose parts are optional keeps its name over a plain archive", arguments: [
        "library.jar", "places.kmz", "addon.xpi", "comic.cbz",
    ])
    func optionalParts(name: String) throws {
        let claimed = try #require(resolver.graph.match(filename: name).type)
        let resolution = resolver.resolve(bytes: Self.plainZip, name: name)
        #expect(resolution.type == claimed)
        #expect(resolution.conflict == nil)
    }

    @Test("a document that holds its parts keeps its name")
    func documentWithParts() throws {
        let bytes = ZipFixture.officeByNames(["word/document.xml", "word/styles.xml"])
        let resolution = resolver.resolve(bytes: bytes, name: "report.docx")
        #expect(resolution.type.preferredMIMEType == "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
        #expect(resolution.conflict == nil)
    }

    @Test("an archive whose `mimetype` entry names no known type is not overruled")
    func unknownMimetypeEntry() throws {
        let bytes = ZipFixture.withMimetype("application/vnd.example.future-format")
        let resolution = resolver.resolve(bytes: bytes, name: "letter.odt")
        #expect(resolution.type.preferredMIMEType == "application/vnd.oasis.opendocument.text")
        #expect(resolution.conflict == nil)
    }

    @Test("an archive whose directory cannot be read whole keeps the name")
    func unreadableDirectory() throws {
        // Without its end record the central directory cannot be found: the parts may be there.
        let cut = Array(Self.plainZip.dropLast(22))
        let resolution = resolver.resolve(bytes: cut, name: "photos.docx")
        #expect(resolution.type.preferredMIMEType == "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
    }

    @Test("a compound file without the document's streams is a compound file, with a conflict", arguments: [
        "letter.doc", "sheet.xls", "slides.ppt", "mail.msg",
    ])
    func compoundFileUnderDocumentName(name: String) throws {
        let claimed = try #require(resolver.graph.match(filename: name).type)
        let bytes = CompoundFileFixture(streams: ["\u{1}CompObj", "Contents", "Pictures"]).build()
        let resolution = resolver.resolve(bytes: bytes, name: name)
        #expect(resolution.type.preferredMIMEType == "application/x-ole-storage")
        #expect(resolution.conflict?.claimed == claimed.identifier)
    }

    @Test("a compound file with the document's stream keeps its name")
    func compoundFileWithStream() throws {
        let bytes = CompoundFileFixture(streams: ["\u{1}CompObj", "WordDocument", "1Table"]).build()
        let resolution = resolver.resolve(bytes: bytes, name: "letter.doc")
        #expect(resolution.type.preferredMIMEType == "application/msword")
        #expect(resolution.conflict == nil)
    }

    @Test("a compound file whose directory chain loops was not read whole and keeps the name")
    func compoundFileWithLoopingDirectory() throws {
        var fixture = CompoundFileFixture(streams: ["\u{1}CompObj", "Contents", "Pictures", "Other", "More"])
        fixture.directoryNext = 1
        let resolution = resolver.resolve(bytes: fixture.build(), name: "letter.doc")
        #expect(resolution.type.preferredMIMEType == "application/msword")
    }
}

import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// A name whose extension no declared type owns keeps the dynamic type of that extension beside
/// the content's type (`Resolution.nameType`): the type Launch Services gives such a file, which
/// apps claim by `CFBundleTypeExtensions`.
@Suite("The name's dynamic type beside the content's")
struct NameTypeTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)
    /// An extension no registry names.
    static let legacy = "owlegacy"
    static let text = Array("cube([10, 10, 10]);\nsphere(r = 5);\n".utf8)
    /// Bytes no signature knows: not text, no magic.
    static let binary: [UInt8] = [0x03, 0xD9, 0xA2, 0x9A, 0x67, 0xFB, 0x4B, 0xB5, 0x00, 0x01, 0x04, 0x00, 0xFE, 0x81, 0x00, 0x17]

    var dynamicLegacy: TypeIdentifier { DynamicTypeIdentifier(tagClass: .filenameExtension, tag: Self.legacy).identifier }

    @Test("the test's extension is one no declared type owns")
    func legacyIsUndeclared() {
        #expect(resolver.graph.types(filenameExtension: Self.legacy).isEmpty)
        #expect(dynamicLegacy.rawValue == "dyn.ext.owlegacy")
    }

    @Test("text content under an undeclared extension: plain text, with the extension's dynamic type beside it")
    func textUnderUndeclaredExtension() throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("part.\(Self.legacy)", bytes: Self.text)
        let resolution = try resolver.resolve(path: path)
        #expect(resolution.type.identifier == .plainText)
        let nameType = try #require(resolution.nameType)
        #expect(nameType.identifier == dynamicLegacy)
        #expect(nameType.isDynamic)
        #expect(nameType.dynamicTag == DynamicTypeIdentifier(tagClass: .filenameExtension, tag: Self.legacy))
    }

    @Test("binary content, an empty file and a name read alone keep it too")
    func otherContent() throws {
        let directory = TemporaryDirectory()
        let vault = try directory.write("vault.\(Self.legacy)", bytes: Self.binary)
        let binary = try resolver.resolve(path: vault)
        #expect(binary.type.identifier == .data)
        #expect(binary.nameType?.identifier == dynamicLegacy)
        let empty = try directory.write("empty.\(Self.legacy)", bytes: [])
        #expect(try resolver.resolve(path: empty).nameType?.identifier == dynamicLegacy)
        let nameOnly = try resolver.resolve(path: vault, options: ResolutionOptions(mode: .nameOnly))
        #expect(nameOnly.nameType?.identifier == dynamicLegacy)
    }

    @Test("the extension is folded as tags are: Vault.OWLEGACY has the same dynamic type")
    func caseFolded() throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("Vault.OWLEGACY", bytes: Self.binary)
        #expect(try resolver.resolve(path: path).nameType?.identifier == dynamicLegacy)
    }

    @Test(
        "no name type for a declared extension, no extension, a hidden file's name or a trailing dot",
        arguments: ["notes.txt", "Makefile", ".owlegacy", "notes.", "archive.owlegacy.txt"])
    func noNameType(name: String) throws {
        let directory = TemporaryDirectory()
        let path = try directory.write(name, bytes: Self.text)
        #expect(try resolver.resolve(path: path).nameType == nil)
    }

    @Test("the last extension counts: a declared type's extension after an undeclared one has none, and the reverse has one")
    func lastExtension() throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("notes.txt.\(Self.legacy)", bytes: Self.text)
        #expect(try resolver.resolve(path: path).nameType?.identifier == dynamicLegacy)
    }

    @Test("content alone ignores the name, and a folder named like a file has no name type")
    func contentOnlyAndFolders() throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("part.\(Self.legacy)", bytes: Self.text)
        #expect(try resolver.resolve(path: path, options: ResolutionOptions(mode: .contentOnly)).nameType == nil)
        try directory.write("bundle.\(Self.legacy)/inside", bytes: Self.text)
        let folder = try resolver.resolve(path: directory.path("bundle.\(Self.legacy)"))
        #expect(folder.nameType == nil)
    }

    @Test("bytes in memory: the name's folders are not its extension")
    func bytesInMemory() {
        let named = resolver.resolve(bytes: Self.binary, name: "some.folder/vault.\(Self.legacy)")
        #expect(named.nameType?.identifier == dynamicLegacy)
        #expect(resolver.resolve(bytes: Self.binary, name: "some.\(Self.legacy)/vault").nameType == nil)
        #expect(resolver.resolve(bytes: Self.binary, name: nil).nameType == nil)
    }

    @Test("real-world legacy claims: kdbx and scad have a name type exactly when no declared type owns them", arguments: ["kdbx", "scad"])
    func realWorld(ext: String) throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("file.\(ext)", bytes: ext == "scad" ? Self.text : Self.binary)
        let resolution = try resolver.resolve(path: path)
        if resolver.graph.types(filenameExtension: ext).isEmpty {
            #expect(resolution.nameType?.identifier == DynamicTypeIdentifier(tagClass: .filenameExtension, tag: ext).identifier)
        } else {
            #expect(resolution.nameType == nil)
            #expect(resolution.type.isDeclared)
        }
    }
}

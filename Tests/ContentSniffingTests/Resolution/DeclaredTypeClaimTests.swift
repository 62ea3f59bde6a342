import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// A declared MIME type or a `user.mime_type` extended attribute is a claim the content is
/// checked against, as a name is. Files downloaded with `curl --xattr` or `wget --xattr` carry
/// the attribute; a caller embedding the resolver passes an HTTP Content-Type.
@Suite("Declared types and the user.mime_type attribute")
struct DeclaredTypeClaimTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [UInt8](repeating: 0, count: 17)
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    /// Writes `bytes` to a file named `name` with `user.mime_type` set to `mime`.
    func file(_ directory: TemporaryDirectory, _ name: String, bytes: [UInt8], mime: String) throws -> String {
        let path = try directory.write(name, bytes: bytes)
        try #require(ExtendedAttribute.set("user.mime_type", to: mime, path: path), "the file system must accept user extended attributes")
        return path
    }

    @Test("a user.mime_type attribute that matches the content", arguments: ["download", "download.png", "download.jpg"])
    func attributeMatchingContent(name: String) throws {
        let directory = TemporaryDirectory()
        let path = try file(directory, name, bytes: Self.png, mime: "image/png")
        let resolution = try resolver.resolve(path: path)
        #expect(resolution.type.identifier == "public.png")
        #expect(resolution.evidence.contains { $0.source == .xattr && $0.identifier == "public.png" })
    }

    @Test("a user.mime_type attribute that the content contradicts")
    func attributeContradictedByContent() throws {
        let directory = TemporaryDirectory()
        let path = try file(directory, "picture", bytes: Self.png, mime: "application/pdf")
        let resolution = try resolver.resolve(path: path)
        #expect(resolution.type.identifier == "public.png")
        #expect(resolution.conflict?.claimed == "com.adobe.pdf")
    }

    @Test("a declared MIME type, matching or not", arguments: [("image/png", "public.png"), ("text/plain", "public.png"), ("image/x-portable-anymap", "public.png")])
    func declaredType(mime: String, expected: String) throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("upload.bin", bytes: Self.png)
        let resolution = try resolver.resolve(path: path, options: ResolutionOptions(declaredMIMEType: mime))
        #expect(resolution.type.identifier.rawValue == expected)
    }

    @Test("a declared type for text content")
    func declaredTextType() throws {
        let directory = TemporaryDirectory()
        let path = try directory.write("notes", text: "just some words\nand more words\n")
        let resolution = try resolver.resolve(path: path, options: ResolutionOptions(declaredMIMEType: "text/markdown"))
        #expect(resolution.type.preferredMIMEType == "text/markdown")
    }

    /// Attribute and declared values that name no regular file with bytes: file-system kinds,
    /// and the empty type.
    static let unfitClaims = [
        "inode/directory", "inode/symlink", "inode/chardevice", "inode/blockdevice", "inode/fifo", "inode/socket", "inode/mount-point",
        "application/x-zerosize",
    ]

    @Test("an attribute naming a folder, a link, a device or emptiness is ignored for a file with bytes; the name claims", arguments: unfitClaims)
    func unfitAttribute(mime: String) throws {
        let directory = TemporaryDirectory()
        let path = try file(directory, "notes.txt", bytes: Array("plain words\n".utf8), mime: mime)
        let resolution = try resolver.resolve(path: path)
        #expect(resolution.type.identifier == "public.plain-text", "\(mime) gave \(resolution.type.identifier)")
        #expect(resolution.conflict == nil)
        let ignored = try #require(resolution.evidence.first { $0.source == .xattr })
        #expect(!ignored.agrees && ignored.detail.hasSuffix(": ignored"), "\(ignored)")
        #expect(resolution.evidence.contains { $0.source == .name && $0.identifier == "public.plain-text" })
    }

    @Test("a declared type naming a folder, a link, a device or emptiness is ignored for bytes; name and content decide", arguments: unfitClaims)
    func unfitDeclaredType(mime: String) throws {
        let options = ResolutionOptions(declaredMIMEType: mime)
        let words = Array("plain words\n".utf8)
        let fromBytes = resolver.resolve(bytes: words, name: "notes.txt", options: options)
        #expect(fromBytes.type.identifier == "public.plain-text", "\(mime) gave \(fromBytes.type.identifier)")
        #expect(fromBytes.conflict == nil)
        #expect(fromBytes.evidence.contains { $0.source == .declared && !$0.agrees && $0.detail.hasSuffix(": ignored") })
        let directory = TemporaryDirectory()
        let fromFile = try resolver.resolve(path: directory.write("upload", bytes: words), options: options)
        #expect(fromFile.type.conforms(to: resolver.graph[.plainText]!), "\(mime) gave \(fromFile.type.identifier)")
    }

    @Test("the empty type declared for an empty file stands")
    func emptyTypeForEmptyFile() throws {
        let resolution = resolver.resolve(bytes: [], name: nil, options: ResolutionOptions(declaredMIMEType: "application/x-zerosize"))
        #expect(resolution.type.preferredMIMEType == "application/x-zerosize")
        #expect(resolution.evidence.contains { $0.source == .declared && $0.agrees })
    }
}

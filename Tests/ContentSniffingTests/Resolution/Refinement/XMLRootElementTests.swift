import ContentSniffing
import Foundation
import OpenWithTestSupport
import Testing
import UniformTypes

/// Generic XML is refined by its root element and namespace: the registries' root-XML rules
/// and the roots OpenWith adds from formats' specifications (`Catalog/sources/xml-roots.tsv`).
@Suite("XML refined by its root element")
struct XMLRootElementTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    /// An XMP sidecar as cameras' and photo editors' tools write it: the packet wrapper, the
    /// `x:xmpmeta` element, RDF/XML inside.
    static let xmpPacket = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Sample Toolkit 1.0">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
           <dc:format>image/jpeg</dc:format>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>

        """

    @Test("an XMP packet is RDF/XML from its content alone, and under its .xmp name without a conflict")
    func xmpPacket() throws {
        let rdf = try #require(resolver.graph.type(mimeType: "application/rdf+xml"))
        let bytes = Array(Self.xmpPacket.utf8)
        #expect(resolver.resolve(bytes: bytes, name: nil).type == rdf)
        let named = resolver.resolve(bytes: bytes, name: "IMG_0042.xmp")
        #expect(named.type == rdf)
        #expect(named.conflict == nil)
    }

    @Test("an element named xmpmeta in another namespace stays generic XML")
    func otherNamespace() throws {
        let text = #"<?xml version="1.0"?><x:xmpmeta xmlns:x="urn:example:not-xmp"><item/></x:xmpmeta>"#
        let answer = resolver.resolve(bytes: Array(text.utf8), name: nil).type
        #expect(answer.identifier == .xml)
    }

    @Test(
        "every root of Catalog/sources/xml-roots.tsv is compiled in, to an XML type of its MIME type",
        .enabled(if: FileManager.default.fileExists(atPath: RepositoryPaths.path("Catalog/sources/xml-roots.tsv")),
                 "the catalog sources are not in this checkout"))
    func specifiedRootsCompiled() throws {
        let rows = try RepositoryPaths.tsv(RepositoryPaths.path("Catalog/sources/xml-roots.tsv"))
        #expect(!rows.isEmpty)
        let xml = try #require(resolver.graph[.xml])
        for row in rows {
            let namespace = row["namespace"] ?? "", local = row["local_name"] ?? "", mime = row["mime_type"] ?? ""
            let expected = try #require(resolver.graph.type(mimeType: mime), "\(mime) is declared")
            #expect(expected.conforms(to: xml))
            let document = "<?xml version=\"1.0\"?>\n<p:\(local) xmlns:p=\"\(namespace)\"><p:child/></p:\(local)>\n"
            #expect(resolver.resolve(bytes: Array(document.utf8), name: nil).type == expected, "\(namespace) \(local)")
        }
    }
}

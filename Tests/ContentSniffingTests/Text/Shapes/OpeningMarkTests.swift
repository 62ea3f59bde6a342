import ContentSniffing
import Testing
import UniformTypes

/// A text format every file of which opens with a mark (vCard's `BEGIN:VCARD`, TeXmacs's
/// `<TeXmacs|`, WebVTT's `WEBVTT`): its name over text without the mark is refuted, flagged, and
/// the text is told as if it had no name; with the mark, in any case vCard allows, after a byte
/// order mark or blank lines, or in UTF-16, the name stands.
@Suite("Text: names of formats that open with a mark")
struct OpeningMarkTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    static let variantCalls = """
        ##fileformat=VCFv4.2
        ##source=caller
        #CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO
        1\t10177\trs367896724\tA\tAC\t100\tPASS\tAC=2130
        1\t10235\trs540431307\tT\tTA\t100\tPASS\tAC=6

        """
    static let tclModule = """
        # A stream ensemble
        package require Tcl 8.5

        namespace eval stream {
            namespace export create first rest
        }

        proc stream::create {first restCmdPrefix} {
            return [list $first $restCmdPrefix]
        }

        proc stream::first {stream} {
            lassign $stream first
            return $first
        }

        """

    static let schemeLibrary = """
        (library (lambdastar)
          (export lambda*)
          (import (rnrs))
          (define-syntax lambda*
            (syntax-rules ()
              ((_ (args ...) body ...) (lambda (args ...) body ...)))))

        """

    func type(_ mime: String) throws -> UniformType { try #require(resolver.graph.type(mimeType: mime)) }

    @Test("a name refuted by text without the mark: the text's own reading, with a conflict", arguments: [
        ("calls.vcf", variantCalls, "text/vcard", "BEGIN:VCARD"),
        ("stream-0.1.tm", tclModule, "text/texmacs", "<TeXmacs|"),
        ("talk.vtt", "1\n00:00:01,000 --> 00:00:02,000\nHello\n", "text/vtt", "WEBVTT"),
        ("prefs.xml", "[server]\nhost = example.org\nport = 8080\n", "application/xml", "<"),
        ("lambdastar.sls", schemeLibrary, "application/route-s-tsid+xml", "<"),
    ])
    func refuted(name: String, text: String, namedMIME: String, mark: String) throws {
        let named = try type(namedMIME)
        let resolution = resolver.resolve(bytes: Array(text.utf8), name: name)
        #expect(!resolution.type.conforms(to: named))
        #expect(resolution.type.conforms(to: resolver.graph.identity(.text)))
        let conflict = try #require(resolution.conflict)
        #expect(conflict.claimed == named.identifier)
        #expect(conflict.winner == .textContent)
        #expect(conflict.reason.contains(mark))
    }

    @Test("Tcl under a TeXmacs name is told as Tcl")
    func tclTold() throws {
        let resolution = resolver.resolve(bytes: Array(Self.tclModule.utf8), name: "stream-0.1.tm")
        #expect(resolution.type.conforms(to: try type("text/x-tcl")))
    }

    @Test("the mark keeps the name: any case, after a byte order mark and blank lines", arguments: [
        "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Example\r\nEND:VCARD\r\n",
        "begin:vcard\nversion:3.0\nfn:Ann Example\nend:vcard\n",
        "\u{FEFF}\n\n  BEGIN:VCARD\nVERSION:4.0\nFN:Ann Example\nEND:VCARD\n",
    ])
    func marked(text: String) throws {
        let resolution = resolver.resolve(bytes: Array(text.utf8), name: "contacts.vcf")
        #expect(resolution.type == (try type("text/vcard")))
        #expect(resolution.conflict == nil)
    }

    @Test("XML under XML formats' names keeps the name: a declaration, a comment or blank lines first", arguments: [
        ("shapes.svg", "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n", "image/svg+xml"),
        ("shapes.svg", "\n\n<!-- drawn by hand -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n", "image/svg+xml"),
        ("prefs.xml", "\u{FEFF}<settings><host>example.org</host></settings>\n", "application/xml"),
    ])
    func xmlMarked(name: String, text: String, mime: String) throws {
        let resolution = resolver.resolve(bytes: Array(text.utf8), name: name)
        #expect(resolution.type.conforms(to: try type(mime)))
        #expect(resolution.conflict == nil)
    }

    @Test("UTF-16 text is not judged by ASCII marks")
    func utf16() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Example\r\nEND:VCARD\r\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let resolution = resolver.resolve(bytes: bytes, name: "contacts.vcf")
        #expect(resolution.type == (try type("text/vcard")))
        #expect(resolution.conflict == nil)
    }
}

import ContentSniffing
import Testing
import UniformTypes

/// A text format every file of which carries a mark (vCard's `BEGIN:VCARD`, TeXmacs's
/// `<TeXmacs|`, WebVTT's `WEBVTT` at the opening; troff's request lines anywhere): its name over
/// text without the mark is refuted, flagged, and the text is told as if it had no name; with
/// the mark, in any case vCard allows, after a byte order mark or blank lines, or in UTF-16,
/// the name stands.
@Suite("Text: names of formats that carry a mark")
struct FormatMarkTests {
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

    /// The opening of a licence, as `/usr/share/common-licenses/LGPL-2.1` holds one: prose, no
    /// line opening with a troff request.
    static let licence = """
                          GNU LESSER GENERAL PUBLIC LICENSE
                               Version 2.1, February 1999

         Copyright (C) 1991, 1999 Free Software Foundation, Inc.
         Everyone is permitted to copy and distribute verbatim copies
         of this license document, but changing it is not allowed.

        [This is the first released version of the Lesser GPL.  It also counts
         as the successor of the GNU Library Public License, version 2, hence
         the version number 2.1.]

                                    Preamble

          The licenses for most software are designed to take away your
        freedom to share and change it.

        """

    /// The opening of an editor's tutorial, translated and saved under the language's code
    /// (`nb`, Norwegian Bokmål): prose, no Wolfram Language in it.
    static let tutorial = """
        ===============================================================================
        = W e l c o m e   t o   t h e   e d i t o r   t u t o r  --  Version 1.7     =
        ===============================================================================

             The editor has many commands, too many to explain in a tutor such as
             this one. This tutor is designed to describe enough of the commands that
             you will be able to use it as a general-purpose editor.

        """

    func type(_ mime: String) throws -> UniformType { try #require(resolver.graph.type(mimeType: mime)) }

    @Test("a name refuted by text without the mark: the text's own reading, with a conflict", arguments: [
        ("calls.vcf", variantCalls, "text/vcard", "BEGIN:VCARD"),
        ("stream-0.1.tm", tclModule, "text/texmacs", "<TeXmacs|"),
        ("talk.vtt", "1\n00:00:01,000 --> 00:00:02,000\nHello\n", "text/vtt", "WEBVTT"),
        ("prefs.xml", "[server]\nhost = example.org\nport = 8080\n", "application/xml", "<"),
        ("lambdastar.sls", schemeLibrary, "application/route-s-tsid+xml", "<"),
        ("LGPL-2.1", licence, "application/x-troff-man", "no line of the text opens with . or '"),
        ("notes.ms", "Notes for the meeting\n\nBring the slides, and the projector cable.\n", "text/x-troff-ms", "requests"),
        ("drawing.tr", "A drawing, described in words only.\nNothing here asks troff for anything.\n", "text/troff", "requests"),
        ("gc.stp", "probe process(\"python\").mark(\"gc__start\") {\n    printf(\"%d\\n\", $arg1)\n}\n", "model/step", "ISO-10303-21;"),
        ("room.wrl", "A room with a table, to be modelled later.\n", "model/vrml", "#VRML"),
        ("ispell-dicts.sl", "% Dictionaries for jed's ispell mode.\ndefine ispell_add_dictionary(name, language)\n{\n  vmessage(\"%s\", name);\n}\n", "text/vnd.wap.sl", "<"),
        ("plot.Rd", "\\name{plot}\n\\alias{plot}\n\\title{Generic X-Y Plotting}\n\\usage{plot(x, y, \\dots)}\n", "chemical/x-mdl-rdfile", "$RDFILE"),
        (".emacs.desktop", ";; -*- mode: emacs-lisp; coding: utf-8 -*-\n(setq desktop-saved-frameset nil)\n", "application/x-desktop", "first group header"),
        ("editor.desktop", "# An entry, once\nName=Editor\nExec=editor %f\n", "application/x-desktop", "["),
        ("tutor.nb", Self.tutorial, "application/mathematica", "Notebook["),
        ("chapter.toc", "\\contentsline {section}{\\numberline {1}History}{3}\n\\contentsline {subsection}{\\numberline {1.1}Early versions}{3}\n", "application/x-cdrdao-toc", "TRACK"),
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

    @Test("a request line anywhere in the text keeps a troff name: a page, its comment, a one-line link", arguments: [
        ("ls.1", ".TH LS 1\n.SH NAME\nls \\- list directory contents\n", "application/x-troff-man"),
        ("ls.1", "Text before the first request.\n\n.\\\" a comment\n.TH LS 1\n", "application/x-troff-man"),
        ("other.3", ".so man3/another.3\n", "application/x-troff-man"),
        ("paper.ms", "'\\\" t\n.TL\nA title\n", "text/x-troff-ms"),
        ("bracket.stp", "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('a bracket'),'2;1');\nENDSEC;\n", "model/step"),
        ("room.wrl", "#VRML V2.0 utf8\nShape { geometry Box { } }\n", "model/vrml"),
        ("esters.rd", "$RDFILE 1\n$DATM    11/27/26 14:40\n$RFMT $RIREG 1\n$RXN\n", "chemical/x-mdl-rdfile"),
        ("ester.rxn", "$RXN\n\n  example\n\n  2  1\n", "chemical/x-mdl-rxnfile"),
        ("editor.desktop", "# written by hand\n\n  # indented comment\n[Desktop Entry]\nType=Application\nName=Editor\n", "application/x-desktop"),
        ("old.kdelnk", "[KDE Desktop Entry]\nType=Link\n", "application/x-desktop"),
        ("index.theme", "[Icon Theme]\nName=Example\nDirectories=48x48/apps\n", "application/x-theme"),
        // Mathematica notebooks: the front end's header comment (version 6 on, and 3 to 5), or
        // the Notebook expression alone.
        ("plot.nb", "(* Content-type: application/vnd.wolfram.mathematica *)\n\n(*** Wolfram Notebook File ***)\n(* http://www.wolfram.com/nb *)\n\n(* Beginning of Notebook Content *)\nNotebook[{\nCell[\"Plot[x, {x, 0, 1}]\", \"Input\"]\n}]\n", "application/mathematica"),
        ("old.nb", "(************** Content-type: application/mathematica **************\n                     CreatedBy='Mathematica 5.0'\n*******************************************************************)\n\nNotebook[{\nCell[\"A title\", \"Title\"]\n}]\n", "application/mathematica"),
        ("bare.nb", "Notebook[{Cell[\"Hello\", \"Text\"]}]\n", "application/mathematica"),
        // cdrdao's tables of contents: the session type, then a track specification each.
        ("album.toc", "CD_DA\n\n// Track 1\nTRACK AUDIO\nFILE \"data.wav\" 0\n", "application/x-cdrdao-toc"),
        ("single.toc", "// written by hand\nTRACK AUDIO\nCOPY\nFILE \"track01.wav\" 0 04:16:41\n", "application/x-cdrdao-toc"),
    ])
    func troffMarked(name: String, text: String, mime: String) throws {
        let resolution = resolver.resolve(bytes: Array(text.utf8), name: name)
        #expect(resolution.type == (try type(mime)))
        #expect(resolution.conflict == nil)
    }

    @Test("XML under XML formats' names keeps the name: a declaration, a comment or blank lines first", arguments: [
        ("shapes.svg", "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n", "image/svg+xml"),
        ("shapes.svg", "\n\n<!-- drawn by hand -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n", "image/svg+xml"),
        ("prefs.xml", "\u{FEFF}<settings><host>example.org</host></settings>\n", "application/xml"),
        ("news.sl", "<?xml version=\"1.0\"?>\n<!DOCTYPE sl PUBLIC \"-//WAPFORUM//DTD SL 1.0//EN\" \"http://www.wapforum.org/DTD/sl.dtd\">\n<sl href=\"https://example.com/news\"/>\n", "text/vnd.wap.sl"),
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

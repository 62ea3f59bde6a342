import ContentSniffing
import Testing
import UniformTypes

/// Text formats told by certain structure, through the public classifier and the signature
/// sniffer's text rule.
@Suite("Text: certain structure")
struct TextStructureTests {
    let classifier = TextClassifier()
    let sniffer = SignatureSniffer()

    func structure(_ text: String) -> String? {
        guard let answer = classifier.classify(text), answer.basis == .structure else { return nil }
        return answer.mimeType
    }

    @Test("PEM and OpenPGP armour by label")
    func armour() {
        let body = "MIIBszCCAVmgAwIBAgIUQ2hlY2sgdGhpcyBvdXQgYWdhaW4wCgYIKoZIzj0EAwIw\n"
        #expect(structure("-----BEGIN CERTIFICATE-----\n\(body)-----END CERTIFICATE-----\n") == "application/x-x509-ca-cert")
        #expect(structure("Bag Attributes\n  localKeyID: 01\n-----BEGIN PRIVATE KEY-----\n\(body)") == "application/pkcs8")
        #expect(structure("-----BEGIN ENCRYPTED PRIVATE KEY-----\n\(body)") == "application/pkcs8-encrypted")
        #expect(structure("-----BEGIN PKCS7-----\n\(body)") == "application/pkcs7-mime")
        #expect(structure("-----BEGIN CERTIFICATE REQUEST-----\n\(body)") == "application/pkcs10")
        #expect(structure("-----BEGIN PGP MESSAGE-----\n\nhQEMA\n") == "application/pgp-encrypted")
        #expect(structure("-----BEGIN PGP SIGNATURE-----\n\niQEz\n") == "application/pgp-signature")
        #expect(structure("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQEN\n") == "application/pgp-keys")
        #expect(structure("-----BEGIN SOMETHING ELSE-----\n\(body)") == nil)
    }

    @Test("mbox and a mail message by their headers; YAML with a from key is neither")
    func mail() {
        let headers = "From: Ada <ada@example.org>\nTo: Alan <alan@example.org>\nSubject: engines\nDate: Mon, 1 Jan 2024 10:00:00 +0000\n"
        #expect(structure("From ada@example.org Mon Jan  1 10:00:00 2024\n\(headers)\nHello\n") == "application/mbox")
        #expect(structure("Received: from mail.example.org\n  by mx.example.org\n\(headers)\nHello\n") == "message/rfc822")
        #expect(structure("from: here\nto: there\nname: trip\n  - day one\n") == nil)
        #expect(structure("From here on, read this:\nNote: nothing here is mail\n") == nil)
    }

    @Test("vCard, iCalendar, WebVTT and SubRip")
    func cardsCalendarsSubtitles() {
        #expect(structure("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n") == "text/vcard")
        #expect(structure("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n") == "text/calendar")
        #expect(structure("WEBVTT\n\n00:01.000 --> 00:04.000\nHello\n") == "text/vtt")
        #expect(structure("1\n00:00:01,000 --> 00:00:04,000\nHello\n\n2\n00:00:05,000 --> 00:00:06,500\nBye\n") == "application/x-subrip")
        #expect(structure("1\nthe loneliest number\n") == nil)
    }

    @Test("unified, git and context diffs, after a preamble")
    func diffs() {
        #expect(structure("Fix the engine\n\n--- a/engine.c\n+++ b/engine.c\n@@ -1,3 +1,3 @@\n-old\n+new\n") == "text/x-patch")
        #expect(structure("diff --git a/x b/x\nindex 1..2 100644\n") == "text/x-patch")
        #expect(structure("*** a.c\t2024-01-01\n--- b.c\t2024-01-02\n***************\n*** 1,2 ****\n") == "text/x-patch")
        #expect(structure("--- a list\n+++ emphasis\nno hunk here\n") == nil)
    }

    @Test("XPM, ASCII STL, DXF (ASCII Netpbm images are the signature table's: NetpbmSignatureTests)")
    func picturesAndDrawings() {
        #expect(structure("/* XPM */\nstatic char *dot[] = {\n\"1 1 1 1\",\n\". c #000000\",\n\".\"};\n") == "image/x-xpixmap")
        #expect(structure("#define gs_s_m_width 16\n#define gs_s_m_height 16\nstatic unsigned char gs_s_m_bits[] = {\n   0x00, 0x00};\n") == "image/x-xbitmap")
        #expect(structure("#define gs_s_m.xbm_width 24\n#define gs_s_m.xbm_height 24\n#define gs_s_m.xbm_x_hot 0\n") == "image/x-xbitmap")
        #expect(structure("#define WIDTH 16\n#define HEIGHT 16\nint main(void) { return 0; }\n") == nil)
        #expect(structure("#define icon_width 16\n#define BUFFER_SIZE 16\n") == nil)
        #expect(structure("solid cube\n  facet normal 0 0 1\n    outer loop\n") == "model/stl")
        #expect(structure("solid reasons to say no\nand more prose\n") == nil)
        #expect(structure("  0\r\nSECTION\r\n  2\r\nHEADER\r\n  9\r\n$ACADVER\r\n") == "image/vnd.dxf")
    }

    @Test("<?php, PostScript, AFM")
    func openings() {
        #expect(structure("<?php\necho 'hi';\n") == "application/x-php")
        #expect(structure("%!PS-Adobe-3.0\n%%Pages: 1\n") == "application/postscript")
        #expect(structure("StartFontMetrics 4.1\nFontName Test\n") == "application/x-font-afm")
    }

    @Test("desktop entries, BibTeX entries and LaTeX documents by their opening line")
    func openingLines() {
        #expect(structure("# generated\n[Desktop Entry]\nType=Application\nName=Shelf\nExec=shelf %f\n") == "application/x-desktop")
        #expect(structure("% references\n@Article{knuth84,\n  author = {Donald Knuth},\n  year = 1984\n}\n") == "text/x-bibtex")
        #expect(structure("@media screen {\n  body { margin: 0 }\n}\n") == nil)
        #expect(structure("% a report\n\\documentclass[a4paper]{article}\n\\begin{document}\nHi\n\\end{document}\n") == "text/x-tex")
        #expect(structure("Use \\documentclass to start\n") == nil)
    }

    @Test("modelines: Emacs on the first line (or after #!), Vim in the first lines")
    func modelines() {
        #expect(structure("; -*- mode: scheme; coding: utf-8 -*-\n(define x 1)\n") == "text/x-scheme")
        #expect(structure("#!/bin/false\n# -*- python -*-\nx = 1\n") == "text/x-python")
        #expect(structure("# build rules\n# vim: set ft=make:\nall:\n") == "text/x-makefile")
        #expect(structure("// vim: filetype=rust\nfn main() {}\n") == "text/rust")
        #expect(structure("\" Shelf settings\nset shiftwidth=2\n\" vim: ft=vim\n") == "text/x-vim")
        #expect(structure("# vim: ft=nosuchlanguage\n") == nil)
        #expect(structure("the -*- stars -*- of the show: not a mode\n\n\n\n\nmore\n") == nil)
    }

    @Test("a byte order mark is skipped; UTF-16 and binary bytes are not classified")
    func encodings() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD\r\n".utf8)
        #expect(bom.withUnsafeBytes { classifier.classify(prefix: $0, isWholeFile: true) }?.mimeType == "text/vcard")
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("BEGIN:VCARD\r\n".utf8).flatMap { [$0, 0] }
        #expect(utf16.withUnsafeBytes { classifier.classify(prefix: $0, isWholeFile: true) } == nil)
        let binary: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        #expect(binary.withUnsafeBytes { classifier.classify(prefix: $0, isWholeFile: true) } == nil)
    }

    @Test("the signature sniffer leaves structures to the classifier: a patch is plain text there")
    func throughTheSniffer() {
        let patch = Array("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n".utf8).withUnsafeBytes { sniffer.sniff(prefix: $0) }
        #expect(patch?.identifier == .plainText)
        #expect(structure("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n") == "text/x-patch")
    }
}

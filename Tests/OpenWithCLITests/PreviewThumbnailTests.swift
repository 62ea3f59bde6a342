import Crypto
import Foundation
import OpenWithTestSupport
import Testing

/// The PNG facts a thumbnail test checks, read here from the bytes: IHDR's size and the tEXt keys.
private struct PNGFacts {
    var width: Int
    var height: Int
    var texts: [String: String]

    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count > 33,
            String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR"
        else { return nil }
        func be32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        width = be32(16)
        height = be32(20)
        texts = [:]
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = be32(offset)
            guard offset + 12 + length <= bytes.count else { return nil }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "tEXt", let zero = bytes[offset + 8..<offset + 8 + length].firstIndex(of: 0) {
                texts[String(decoding: bytes[offset + 8..<zero], as: UTF8.self)] = String(decoding: bytes[(zero + 1)..<offset + 8 + length], as: UTF8.self)
            }
            if type == "IEND" { return }
            offset += 12 + length
        }
        return nil
    }
}

/// A PNG of `width`×`height` grey pixels (stored DEFLATE), with CRCs, written here.
private func greyPNG(width: Int, height: Int) -> [UInt8] {
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = ByteFixtures.ascii(type) + data
        return ByteFixtures.be32(data.count) + body + ByteFixtures.be32(Int(ByteFixtures.crc32(body)))
    }
    let rows = (0..<height).flatMap { _ in [0] + [UInt8](repeating: 0x80, count: width) }
    let header = ByteFixtures.be32(width) + ByteFixtures.be32(height) + [8, 0, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", PDFBuilder.zlibStored(rows))
        + chunk("IEND", [])
}

private func fileURI(_ path: String) -> String {
    "file://" + path.utf8.map { byte -> String in
        let unreserved = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "-._~/".utf8.contains(byte)
        return unreserved ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
    }.joined()
}

/// The machine's thumbnailer file `name`, copied where the test's XDG_DATA_DIRS finds it.
private func installMachineThumbnailer(_ name: String, into cli: CLIFixture) throws -> Bool {
    let machine = "/usr/share/thumbnailers/" + name
    guard let text = try? String(contentsOfFile: machine, encoding: .utf8) else { return false }
    _ = try cli.folder.write("xdg-system/thumbnailers/" + name, text: text)
    // Thumbnailers (GLib's content types) read the machine's shared-mime-info database on
    // XDG_DATA_DIRS, which the fixture otherwise keeps empty.
    let mime = cli.folder.path("xdg-system/mime")
    if !FileManager.default.fileExists(atPath: mime) {
        try FileManager.default.createSymbolicLink(atPath: mime, withDestinationPath: "/usr/share/mime")
    }
    return true
}

@Suite("preview: PDF 1.5, SVG and thumbnails from the command line")
struct PreviewThumbnailTests {
    @Test("preview reads a PDF 1.5 file's pages, title and page size, and an SVG's size and title")
    func previewFacts() throws {
        let cli = try CLIFixture()
        let pdf = try cli.folder.write("report.pdf", bytes: PDFBuilder(pageCount: 12, title: "Annual report").crossReferenceStreamFile())
        let json = try cli.run("preview", pdf, "--json")
        #expect(json.status == 0, "\(json.error)")
        let facts = try #require((try json.json() as? [String: Any])?["preview"] as? [String: Any])
        let pdfFacts = try #require(facts["pdf"] as? [String: Any])
        #expect(pdfFacts["pageCount"] as? Int == 12)
        #expect(pdfFacts["title"] as? String == "Annual report")
        #expect(pdfFacts["pageWidth"] as? Double == 612)
        #expect(pdfFacts["pageHeight"] as? Double == 792)
        let text = try cli.run("preview", pdf)
        #expect(text.output.contains("12 pages"))
        #expect(text.output.contains("612 × 792 pt"))

        let svg = try cli.folder.write(
            "map.svg", text: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4in\" height=\"3in\" viewBox=\"0 0 400 300\"><title>Harbour map</title></svg>")
        let svgRun = try cli.run("preview", svg, "--json")
        #expect(svgRun.status == 0, "\(svgRun.error)")
        let image = try #require(((try svgRun.json() as? [String: Any])?["preview"] as? [String: Any])?["image"] as? [String: Any])
        #expect(image["format"] as? String == "svg")
        #expect(image["width"] as? Int == 384)
        #expect(image["height"] as? Int == 288)
        #expect((image["svg"] as? [String: Any])?["title"] as? String == "Harbour map")
        #expect(try cli.run("preview", svg).output.contains("title “Harbour map”"))
    }

    @Test(
        "A PNG gets a real thumbnail from gdk-pixbuf-thumbnailer, cached by the specification and reused while fresh",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/gdk-pixbuf-thumbnailer"),
            "needs gdk-pixbuf-thumbnailer (Debian package libgdk-pixbuf2.0-bin, which .ci/run installs)"))
    func pngThumbnail() throws {
        let cli = try CLIFixture()
        guard try installMachineThumbnailer("gdk-pixbuf-thumbnailer.thumbnailer", into: cli) else {
            Issue.record("gdk-pixbuf-thumbnailer is installed without /usr/share/thumbnailers/gdk-pixbuf-thumbnailer.thumbnailer")
            return
        }
        var runner = cli.runner
        runner.environment["XDG_CACHE_HOME"] = cli.folder.path("cache")
        let picture = try cli.folder.write("wide.png", bytes: greyPNG(width: 600, height: 300))
        let uri = fileURI(picture)
        for (size, pixels) in [("normal", 128), ("large", 256), ("x-large", 512)] {
            let run = try runner.run(["preview", picture, "--thumbnail", "--size", size, "--json"])
            #expect(run.status == 0, "\(run.error)")
            let thumbnail = try #require((try run.json() as? [String: Any])?["thumbnail"] as? [String: Any])
            let path = try #require(thumbnail["path"] as? String)
            let name = Insecure.MD5.hash(data: Data(uri.utf8)).map { String(format: "%02x", $0) }.joined() + ".png"
            #expect(path == cli.folder.path("cache/thumbnails/\(size)/\(name)"))
            #expect(thumbnail["reused"] as? Bool == false)
            let facts = try #require(PNGFacts(path: path), "not a valid PNG: \(path)")
            #expect(max(facts.width, facts.height) == pixels)
            #expect(facts.width == 2 * facts.height)
            #expect(facts.texts["Thumb::URI"] == uri)
            let modified = try #require(try FileManager.default.attributesOfItem(atPath: picture)[.modificationDate] as? Date)
            #expect(facts.texts["Thumb::MTime"] == String(Int(modified.timeIntervalSince1970)))
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode == 0o600)
        }
        // Fresh: reused, the plain output is the path.
        let again = try runner.run(["preview", picture, "--thumbnail"])
        #expect(again.status == 0)
        let cached = again.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(cached.hasPrefix(cli.folder.path("cache/thumbnails/normal/")))
        let reused = try runner.run(["preview", picture, "--thumbnail", "--json"])
        #expect(((try reused.json() as? [String: Any])?["thumbnail"] as? [String: Any])?["reused"] as? Bool == true)
        // Changed file: made again, with the new time.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)], ofItemAtPath: picture)
        let remade = try runner.run(["preview", picture, "--thumbnail", "--json"])
        #expect(((try remade.json() as? [String: Any])?["thumbnail"] as? [String: Any])?["reused"] as? Bool == false)
        #expect(PNGFacts(path: cached)?.texts["Thumb::MTime"] == "1600000000")
    }

    @Test(
        "A PDF gets a real thumbnail from evince-thumbnailer",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/evince-thumbnailer"),
            "needs evince-thumbnailer (Debian package evince, which .ci/run installs)"))
    func pdfThumbnail() throws {
        let cli = try CLIFixture()
        guard try installMachineThumbnailer("evince.thumbnailer", into: cli) else {
            Issue.record("evince-thumbnailer is installed without /usr/share/thumbnailers/evince.thumbnailer")
            return
        }
        var runner = cli.runner
        runner.environment["XDG_CACHE_HOME"] = cli.folder.path("cache")
        let pdf = try cli.folder.write("letter.pdf", bytes: PDFBuilder(pageCount: 1, title: "Letter").crossReferenceStreamFile())
        let run = try runner.run(["preview", pdf, "--thumbnail", "--size", "large", "--json"])
        #expect(run.status == 0, "\(run.error)")
        let thumbnail = try #require((try run.json() as? [String: Any])?["thumbnail"] as? [String: Any])
        #expect(thumbnail["thumbnailer"] as? String == "evince.thumbnailer")
        let path = try #require(thumbnail["path"] as? String)
        let facts = try #require(PNGFacts(path: path))
        #expect(max(facts.width, facts.height) <= 256)
        #expect(facts.height > facts.width)  // a portrait letter page
        #expect(facts.texts["Thumb::URI"] == fileURI(pdf))
    }

    @Test("The nearest thumbnailer by conformance runs, without a shell, on a copy for a symbolic link; its PNG gets the keys")
    func conformanceAndCopy() throws {
        let cli = try CLIFixture()
        let log = cli.folder.path("arguments.txt")
        let made = try cli.folder.write("made.png", bytes: greyPNG(width: 20, height: 10))
        // Two thumbnailers: one for all plain text, one for C source exactly; the second is nearer.
        for (name, mime) in [("a-text", "text/plain"), ("b-c", "text/x-csrc")] {
            let script = try cli.folder.write(
                "bin/\(name)", text: "#!/bin/sh\nprintf '%s\\n' \"\(name)\" \"$@\" > '\(log)'\ncp '\(made)' \"$2\"\n")
            #expect(chmod(script, 0o755) == 0)
            _ = try cli.folder.write(
                "xdg-system/thumbnailers/\(name).thumbnailer",
                text: "[Thumbnailer Entry]\nTryExec=\(script)\nExec=\(script) %i %o %s \"%u;$HOME\"\nMimeType=\(mime);\n")
        }
        var runner = cli.runner
        runner.environment["XDG_CACHE_HOME"] = cli.folder.path("cache")
        let source = try cli.folder.write("main.c", text: "#include <stdio.h>\nint main(void) { return 0; }\n")
        let link = cli.folder.path("link.c")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: source)
        let run = try runner.run(["preview", link, "--thumbnail", "--json"])
        #expect(run.status == 0, "\(run.error)")
        let arguments = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(arguments.first == "b-c")
        #expect(arguments.count == 5)
        // The input is a copy in a private working folder, not the link; the URI names the copy.
        #expect(arguments[1] != link && arguments[1].hasSuffix("/input.c"))
        #expect(arguments[3] == "128")
        #expect(arguments[4] == fileURI(arguments[1]) + ";$HOME")
        #expect(!FileManager.default.fileExists(atPath: arguments[1]))  // the working folder is gone
        let path = try #require(((try run.json() as? [String: Any])?["thumbnail"] as? [String: Any])?["path"] as? String)
        let facts = try #require(PNGFacts(path: path))
        #expect(facts.width == 20 && facts.height == 10)
        #expect(facts.texts["Thumb::URI"] == fileURI(link))
        #expect(facts.texts["Thumb::Mimetype"] == "text/x-csrc")
    }

    @Test("A failing or slow thumbnailer is recorded under fail/openwith and not retried; no thumbnailer is its own error")
    func failures() throws {
        let cli = try CLIFixture()
        let slow = try cli.folder.write("bin/slow", text: "#!/bin/sh\nsleep 30\n")
        let failing = try cli.folder.write("bin/failing", text: "#!/bin/sh\nexit 3\n")
        #expect(chmod(slow, 0o755) == 0 && chmod(failing, 0o755) == 0)
        _ = try cli.folder.write("xdg-system/thumbnailers/slow.thumbnailer", text: "[Thumbnailer Entry]\nExec=\(slow) %i %o\nMimeType=text/plain;\n")
        _ = try cli.folder.write("xdg-system/thumbnailers/failing.thumbnailer", text: "[Thumbnailer Entry]\nExec=\(failing) %u %o\nMimeType=text/csv;\n")
        var runner = cli.runner
        runner.environment["XDG_CACHE_HOME"] = cli.folder.path("cache")

        let note = try cli.folder.write("note.txt", text: "hello\n")
        let started = Date()
        let timedOut = try runner.run(["preview", note, "--thumbnail", "--time-limit", "1"])
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(timedOut.status != 0)
        #expect(timedOut.error.contains("time limit"), "\(timedOut.error)")
        let uri = fileURI(note)
        let name = Insecure.MD5.hash(data: Data(uri.utf8)).map { String(format: "%02x", $0) }.joined() + ".png"
        let record = try #require(PNGFacts(path: cli.folder.path("cache/thumbnails/fail/openwith/\(name)")))
        #expect(record.texts["Thumb::URI"] == uri)
        let retried = try runner.run(["preview", note, "--thumbnail"])
        #expect(retried.status != 0)
        #expect(retried.error.contains("earlier attempt"), "\(retried.error)")

        let table = try cli.folder.write("table.csv", text: "a,b\n1,2\n")
        let failed = try runner.run(["preview", table, "--thumbnail"])
        #expect(failed.status != 0)
        #expect(failed.error.contains("status 3"), "\(failed.error)")

        let archive = try cli.folder.write("data.bin", bytes: [0x00, 0x01, 0x02, 0xFF])
        let none = try runner.run(["preview", archive, "--thumbnail"])
        #expect(none.status != 0)
        #expect(none.error.contains("no thumbnailer"), "\(none.error)")
        #expect(!FileManager.default.fileExists(atPath: cli.folder.path("cache/thumbnails/normal/\(name)")))
    }
}

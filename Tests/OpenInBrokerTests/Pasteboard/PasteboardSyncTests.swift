import Foundation
import OpenInBroker
import OpenWithTestSupport
import Testing
import UniformTypes

/// Clipboard tools written as small shell scripts: the copy tool records its arguments and the
/// bytes it is given; the paste tool serves a fixed clipboard.
struct FakeClipboardTools {
    let folder = TemporaryDirectory("clipboard-tools")
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ByteFixtures.pseudoRandom(count: 200, seed: 11)

    var bin: String { folder.path("bin") }
    var recordedArguments: [String] {
        ((try? String(contentsOfFile: folder.path("copy.args"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
    var recordedBytes: [UInt8] { ((try? Data(contentsOf: folder.url("copy.data"))).map { Array($0) }) ?? [] }

    init() throws {
        _ = try folder.write("clip.png", bytes: png)
        let copy = "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(folder.path("copy.args"))'\n/bin/cat > '\(folder.path("copy.data"))'\n"
        let paste = """
            #!/bin/sh
            if [ "$1" = "--list-types" ]; then printf 'image/png\\ntext/plain;charset=utf-8\\nUTF8_STRING\\nTARGETS\\nSAVE_TARGETS\\n'; exit 0; fi
            for last in "$@"; do :; done
            case "$last" in
              image/png) /bin/cat '\(folder.path("clip.png"))' ;;
              'text/plain;charset=utf-8'|UTF8_STRING) printf 'Sales chart' ;;
              *) exit 1 ;;
            esac

            """
        try install("wl-copy", copy)
        try install("wl-paste", paste)
    }

    func install(_ name: String, _ script: String) throws {
        let path = try folder.write("bin/\(name)", text: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
}

@Suite("Pasteboard sync with the desktop clipboard")
struct PasteboardSyncTests {
    let graph = SystemTypeCatalog.graph

    @Test("to the desktop: the first item's first representation with a MIME type, under that type, with its bytes")
    func toDesktop() throws {
        let tools = try FakeClipboardTools()
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"))
        try store.write([
            PasteboardItemData([PasteboardRepresentationData(type: "public.png", bytes: tools.png), PasteboardRepresentationData(type: "public.utf8-plain-text", text: "Sales chart")]),
            PasteboardItemData([PasteboardRepresentationData(type: "public.utf8-plain-text", text: "second")]),
        ], to: .general)
        let clipboard = DesktopClipboard.find(environment: ["PATH": tools.bin, "WAYLAND_DISPLAY": "wayland-0"])
        let report = try PasteboardSync(store: store, graph: graph, clipboard: clipboard).toDesktop()
        #expect(report.tool == "wl-clipboard")
        #expect(report.skipped == nil)
        #expect(report.carried == [.init(type: "public.png", target: "image/png", bytes: tools.png.count)])
        #expect(report.left.map(\.type) == ["public.utf8-plain-text", "public.utf8-plain-text"])
        #expect(tools.recordedArguments == ["--type", "image/png"])
        #expect(tools.recordedBytes == tools.png)
    }

    @Test("to the desktop through xclip, on the CLIPBOARD selection; UTF-8 text goes as text/plain;charset=utf-8")
    func toDesktopWithXclip() throws {
        let tools = try FakeClipboardTools()
        try tools.install("xclip", "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(tools.folder.path("copy.args"))'\n/bin/cat > '\(tools.folder.path("copy.data"))'\n")
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"))
        try store.write([textItem("naïve café")], to: .general)
        let clipboard = DesktopClipboard.find(environment: ["PATH": tools.bin, "DISPLAY": ":0"])
        let report = try PasteboardSync(store: store, graph: graph, clipboard: clipboard).toDesktop()
        #expect(report.tool == "xclip")
        #expect(tools.recordedArguments == ["-selection", "clipboard", "-i", "-t", "text/plain;charset=utf-8"])
        #expect(tools.recordedBytes == Array("naïve café".utf8))
    }

    @Test("from the desktop: each MIME target becomes a representation of one item; X11 atoms and repeated types are left")
    func fromDesktop() throws {
        let tools = try FakeClipboardTools()
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"))
        let clipboard = DesktopClipboard.find(environment: ["PATH": tools.bin, "WAYLAND_DISPLAY": "wayland-0"])
        let report = try PasteboardSync(store: store, graph: graph, clipboard: clipboard).fromDesktop()
        #expect(report.carried.map(\.type) == ["public.png", "public.utf8-plain-text"])
        #expect(report.left.map(\.target) == ["UTF8_STRING", "TARGETS", "SAVE_TARGETS"])
        let contents = try store.contents(of: .general)
        #expect(contents.items.count == 1)
        #expect(contents.data(of: contents.items[0].representations[0]) == tools.png)
        #expect(contents.data(of: contents.items[0].representations[1]) == Array("Sales chart".utf8))
    }

    @Test("without a tool, or without a display, nothing is done and the report says why")
    func unavailable() throws {
        let tools = try FakeClipboardTools()
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"))
        try store.write([textItem("kept")], to: .general)
        let empty = TemporaryDirectory("empty-bin")
        let none = DesktopClipboard.find(environment: ["PATH": empty.path, "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"])
        guard case .unavailable(let reason) = none else { Issue.record("found a clipboard in an empty folder"); return }
        #expect(reason.contains("wl-copy") && reason.contains("xclip"))
        let report = try PasteboardSync(store: store, graph: graph, clipboard: none).fromDesktop()
        #expect(report.skipped?.contains("nothing was synced") == true)
        #expect(try store.contents(of: .general).changeCount == 1)
        guard case .unavailable(let noDisplay) = DesktopClipboard.find(environment: ["PATH": tools.bin]) else { Issue.record("no display, yet found"); return }
        #expect(noDisplay.contains("WAYLAND_DISPLAY"))
    }

    @Test("a local-only board is never handed to the desktop")
    func localOnly() throws {
        let tools = try FakeClipboardTools()
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"))
        try store.write([textItem("secret")], to: .general, options: PasteboardWriteOptions(isLocalOnly: true))
        let clipboard = DesktopClipboard.find(environment: ["PATH": tools.bin, "WAYLAND_DISPLAY": "wayland-0"])
        let report = try PasteboardSync(store: store, graph: graph, clipboard: clipboard).toDesktop()
        #expect(report.skipped == "the general pasteboard is local-only")
        #expect(report.carried.isEmpty)
        #expect(tools.recordedArguments.isEmpty)
    }
}

import DocumentCatalog
import Foundation
import OpenInBroker
import OpenWithTestSupport
import Synchronization
import Testing
import UniformTypes

/// A clock the tests move by hand.
final class ManualClock: Sendable {
    private let seconds = Mutex<Int64>(1_800_000_000)
    var now: Int64 { seconds.withLock { $0 } }
    func advance(_ by: Int64) { seconds.withLock { $0 += by } }
    var function: @Sendable () -> Int64 { { self.now } }
}

/// A store in a fresh folder, as the catalog at `catalog/catalog.sqlite` there would have it.
func makePasteboardStore(_ folder: TemporaryDirectory, limits: PasteboardLimits = .standard, clock: ManualClock? = nil) -> PasteboardStore {
    let location = CatalogLocation(path: folder.path("catalog.sqlite"))
    if let clock { return PasteboardStore(location: location, limits: limits, clock: clock.function) }
    return PasteboardStore(location: location, limits: limits)
}

func textItem(_ text: String, type: TypeIdentifier = "public.utf8-plain-text") -> PasteboardItemData {
    PasteboardItemData([PasteboardRepresentationData(type: type, text: text)])
}

@Suite("Pasteboard store: writes, limits, expiry, damage")
struct PasteboardStoreTests {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ByteFixtures.be32(13) + ByteFixtures.ascii("IHDR") + ByteFixtures.pseudoRandom(count: 300, seed: 7)

    @Test("an item's representations come back in order with their bytes; files and folders are private")
    func roundTrip() throws {
        let folder = TemporaryDirectory("pasteboard")
        let store = makePasteboardStore(folder)
        let item = PasteboardItemData([
            PasteboardRepresentationData(type: "public.png", bytes: png),
            PasteboardRepresentationData(type: "public.utf8-plain-text", text: "Chart of sales, 2026 — Q3"),
        ])
        let written = try store.write([item], to: .general)
        #expect(written.changeCount == 1)
        let read = try store.contents(of: .general)
        #expect(read == written)
        #expect(read.items.count == 1)
        #expect(read.types == ["public.png", "public.utf8-plain-text"])
        #expect(read.data(of: read.items[0].representations[0]) == png)
        #expect(String(decoding: read.data(of: read.items[0].representations[1]), as: UTF8.self) == "Chart of sales, 2026 — Q3")
        #expect(HandOverTestHelpers.mode(store.path(of: .general)) == 0o600)
        #expect(HandOverTestHelpers.mode(store.folder) == 0o700)
        #expect(HandOverTestHelpers.mode(store.folder + "/named") == 0o700)
        #expect(try store.write([textItem("again")], to: .general).changeCount == 2)
    }

    @Test("append adds an item after the others; a replace drops them")
    func appendAndReplace() throws {
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"))
        let board = try PasteboardName("com.example.notes.clippings")
        try store.write([textItem("one")], to: board)
        let appended = try store.write([textItem("two"), textItem("<b>three</b>", type: "public.html")], to: board, options: PasteboardWriteOptions(appends: true))
        #expect(appended.items.count == 3)
        #expect(appended.items.map { String(decoding: appended.data(of: $0.representations[0]), as: UTF8.self) } == ["one", "two", "<b>three</b>"])
        let replaced = try store.write([textItem("four")], to: board)
        #expect(replaced.items.count == 1)
        #expect(replaced.changeCount == 3)
    }

    @Test("over the size limit a write is refused whole and the board keeps its bytes")
    func sizeLimit() throws {
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"), limits: PasteboardLimits(maximumBytes: 100))
        try store.write([textItem(String(repeating: "a", count: 60))], to: .general)
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path(of: .general)))
        let tooBig = PasteboardItemData([PasteboardRepresentationData(type: "public.data", bytes: ByteFixtures.zeros(101))])
        let error = #expect(throws: HandOverError.self) { try store.write([tooBig], to: .general) }
        #expect(error?.code == .pasteboardTooLarge)
        #expect(error?.reason.contains("101 bytes") == true)
        // 60 kept + 41 new is over 100 as well.
        let appendError = #expect(throws: HandOverError.self) {
            try store.write([PasteboardItemData([PasteboardRepresentationData(type: "public.data", bytes: ByteFixtures.zeros(41))])], to: .general, options: PasteboardWriteOptions(appends: true))
        }
        #expect(appendError?.code == .pasteboardTooLarge)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path(of: .general))) == before)
        #expect(try store.contents(of: .general).byteCount == 60)
    }

    @Test("a file larger than the limit is refused when it is read, naming it")
    func fileOverLimit() throws {
        let folder = TemporaryDirectory("pasteboard")
        let path = try folder.write("big.bin", bytes: ByteFixtures.zeros(2_000))
        let error = #expect(throws: HandOverError.self) { try PasteboardRepresentationData(type: "public.data", readingFile: path, limit: 1_000) }
        #expect(error?.code == .pasteboardTooLarge)
        #expect(error?.path == path)
    }

    @Test("bad writes are refused before anything is touched")
    func badWrites() throws {
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"))
        let named = try PasteboardName("com.example.board")
        let cases: [([PasteboardItemData], PasteboardName, PasteboardWriteOptions)] = [
            ([], .general, PasteboardWriteOptions()),
            ([PasteboardItemData([])], .general, PasteboardWriteOptions()),
            ([PasteboardItemData([PasteboardRepresentationData(type: "public.png", bytes: png), PasteboardRepresentationData(type: "public.png", bytes: [1])])], .general, PasteboardWriteOptions()),
            ([textItem("x", type: "not an identifier")], .general, PasteboardWriteOptions()),
            ([textItem("x")], named, PasteboardWriteOptions(expiresAfter: 60)),
            ([textItem("x")], named, PasteboardWriteOptions(isLocalOnly: true)),
        ]
        for (items, name, options) in cases {
            let error = #expect(throws: HandOverError.self) { try store.write(items, to: name, options: options) }
            #expect(error?.code == .invalidPasteboardWrite)
        }
        #expect(!FileManager.default.fileExists(atPath: store.path(of: .general)))
        #expect(!FileManager.default.fileExists(atPath: store.path(of: named)))
    }

    @Test("the general board expires: it reads as empty from the moment it expires, and keeps its change count")
    func expiry() throws {
        let clock = ManualClock()
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"), clock: clock)
        let written = try store.write([textItem("one-time code 482913")], to: .general, options: PasteboardWriteOptions(expiresAfter: 60, isLocalOnly: true))
        #expect(written.expiresAt == clock.now + 60)
        #expect(written.isLocalOnly)
        clock.advance(59)
        #expect(try store.contents(of: .general).items.count == 1)
        clock.advance(1)
        let expired = try store.contents(of: .general)
        #expect(expired.isEmpty)
        #expect(expired.changeCount == 1)
        // The code is gone from the disk too, not only from the answer.
        let file = try Data(contentsOf: URL(fileURLWithPath: store.path(of: .general)))
        #expect(file.range(of: Data("482913".utf8)) == nil)
        #expect(try store.contents(of: .general).changeCount == 1)
        // Appending to an expired board starts from nothing.
        let next = try store.write([textItem("fresh")], to: .general, options: PasteboardWriteOptions(appends: true))
        #expect(next.items.count == 1)
        #expect(next.expiresAt == nil)
    }

    @Test("clear: the general board empties and counts the change, a named board's file goes")
    func clear() throws {
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"))
        let named = try PasteboardName("com.example.board")
        #expect(try store.clear(.general) == false)
        try store.write([textItem("a")], to: .general)
        try store.write([textItem("b")], to: named)
        #expect(store.namedBoards() == [named])
        #expect(try store.clear(.general))
        #expect(try store.contents(of: .general).isEmpty)
        #expect(try store.contents(of: .general).changeCount == 2)
        #expect(try store.clear(named))
        #expect(!FileManager.default.fileExists(atPath: store.path(of: named)))
        #expect(store.namedBoards().isEmpty)
    }

    @Test("a write killed before its rename leaves the board as it was, and its leftover is never taken for a board")
    func killedWriteLeftover() throws {
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"))
        let named = try PasteboardName("com.example.board")
        try store.write([textItem("kept")], to: named)
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path(of: named)))
        // What a write killed halfway leaves: a part of a new file beside the board.
        try before.prefix(20).write(to: URL(fileURLWithPath: store.path(of: named) + ".k3J9xq.tmp"))
        #expect(try store.contents(of: named).data(of: try store.contents(of: named).items[0].representations[0]) == Array("kept".utf8))
        #expect(store.namedBoards() == [named])
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path(of: named))) == before)
        try store.write([textItem("next")], to: named, options: PasteboardWriteOptions(appends: true))
        #expect(try store.contents(of: named).items.count == 2)
    }

    @Test("a damaged or cut-short board file is reported with its path; a replace repairs it, an append does not")
    func damagedFile() throws {
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"))
        try store.write([textItem("hello world")], to: .general)
        let path = store.path(of: .general)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        for damaged in [whole.dropLast(3), Data("openwith-pasteboard 9\n".utf8), Data("openwith-pasteboard 1\nitem\nrepresentation public.data 5 900\ndata 4\nabcd".utf8), Data()] {
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: HandOverError.self) { try store.contents(of: .general) }
            #expect(error?.code == .pasteboardDamaged)
            #expect(error?.path == path)
            let appendError = #expect(throws: HandOverError.self) { try store.write([textItem("x")], to: .general, options: PasteboardWriteOptions(appends: true)) }
            #expect(appendError?.code == .pasteboardDamaged)
        }
        try store.write([textItem("repaired")], to: .general)
        #expect(try store.contents(of: .general).items.count == 1)
    }

    @Test("pasteboard names: reverse-DNS names are taken; '/', '..', control characters and the like are refused", arguments: [
        ("com.example.notes.clippings", true), ("x", true), ("A-b_c.1", true), ("general", true),
        ("", false), ("a/b", false), ("..", false), ("a..b", false), (".hidden", false), ("a\nb", false), ("tab\there", false),
        ("bell\u{7}", false), ("naïve", false), ("with space", false), (String(repeating: "n", count: 129), false),
    ])
    func names(name: String, valid: Bool) {
        if valid {
            #expect((try? PasteboardName(name))?.rawValue == name)
        } else {
            let error = #expect(throws: HandOverError.self) { try PasteboardName(name) }
            #expect(error?.code == .invalidPasteboardName)
            #expect(error?.value == name)
        }
    }

    @Test("two writers appending at once lose no item")
    func concurrentAppends() async throws {
        let store = makePasteboardStore(TemporaryDirectory("pasteboard"))
        try store.write([textItem("start")], to: .general)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask { _ = try? store.write([textItem("item \(index)")], to: .general, options: PasteboardWriteOptions(appends: true)) }
            }
        }
        let contents = try store.contents(of: .general)
        #expect(contents.items.count == 17)
        #expect(contents.changeCount == 17)
    }
}

@testable import ContentSniffing
import Dispatch
import OpenWithTestSupport
import Synchronization
import Testing
import UniformTypes

/// libmagic through ``MagicSniffer``, on real bytes.
@Suite("MagicSniffer (libmagic)")
struct MagicSnifferTests {
    static let png = SignatureCases.images[0].bytes

    @Test("a PNG buffer is image/png")
    func png() throws {
        let magic = try MagicSniffer()
        #expect(Self.png.withUnsafeBytes { magic.mimeType(of: $0) } == "image/png")
    }

    @Test("a text buffer is text/plain")
    func text() throws {
        let magic = try MagicSniffer()
        let text = Array("Hello, libmagic.\nThis is plain text.\n".utf8)
        #expect(text.withUnsafeBytes { magic.mimeType(of: $0) } == "text/plain")
    }

    @Test("libmagic's names for a Java class and C++ source find the declared types", arguments: [
        ([0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x00, 0x00, 0x34, 0x00, 0x10, 0x0A, 0x00, 0x03, 0x00, 0x0D] as [UInt8], "com.sun.java-class"),
        (Array("#include <vector>\n\nclass Stack {\npublic:\n    void push(int value);\nprivate:\n    std::vector<int> items;\n};\n".utf8),
         "public.c-plus-plus-source"),
    ])
    func libmagicNamesAreDeclared(bytes: [UInt8], identifier: String) throws {
        let magic = try MagicSniffer()
        let name = try #require(bytes.withUnsafeBytes { magic.mimeType(of: $0) })
        let type = try #require(SystemTypeCatalog.graph.type(mimeType: name), "\(name)")
        #expect(type.isDeclared, "libmagic's \(name) is no declared type")
        #expect(type.identifier.rawValue == identifier, "libmagic's \(name)")
    }

    @Test("an empty buffer has libmagic's empty type")
    func empty() throws {
        let magic = try MagicSniffer()
        #expect([UInt8]().withUnsafeBytes { magic.mimeType(of: $0) } == "application/x-empty")
    }

    @Test("a file is read by the sniffer, not by libmagic, up to the read limit")
    func file() throws {
        let directory = TemporaryDirectory("magic-file")
        let path = try directory.write("picture", bytes: Self.png + ByteFixtures.zeros(100_000))
        let magic = try MagicSniffer(readLimit: 1024)
        #expect(magic.readLimit == 1024)
        #expect(try magic.mimeType(atPath: path) == "image/png")
        let error = #expect(throws: SniffingError.self) { try magic.mimeType(atPath: directory.path("missing")) }
        #expect(error?.code == .openFailed)
    }

    @Test("calls on many threads at once give the answers of one thread; the pool keeps at most one handle per simultaneous call")
    func concurrentCalls() throws {
        let magic = try MagicSniffer()
        let buffers: [[UInt8]] = [
            Self.png, Array("Hello, libmagic.\nThis is plain text.\n".utf8), [], ByteFixtures.zeros(4096),
            Array("#!/bin/sh\necho hello\n".utf8), Array("<?xml version=\"1.0\"?><root/>".utf8),
        ]
        let expected = buffers.map { buffer in buffer.withUnsafeBytes { magic.mimeType(of: $0) } }
        #expect(!expected.contains(nil))
        let threads = 8
        let rounds = 40
        let answers = Mutex([[String?]](repeating: [], count: threads))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var mine: [String?] = []
            for round in 0..<rounds {
                let buffer = buffers[(thread + round) % buffers.count]
                mine.append(buffer.withUnsafeBytes { magic.mimeType(of: $0) })
            }
            answers.withLock { $0[thread] = mine }
        }
        let all = answers.withLock { $0 }
        for thread in 0..<threads {
            #expect(all[thread] == (0..<rounds).map { expected[(thread + $0) % buffers.count] }, "thread \(thread)")
        }
        #expect((1...threads).contains(magic.idleHandleCount))
    }

    @Test("a missing database is a clear error naming the package to install")
    func missingDatabase() {
        let error = #expect(throws: SniffingError.self) { try MagicSniffer(databasePath: "/nonexistent/magic.mgc") }
        #expect(error?.code == .magicUnavailable)
        #expect(error?.reason.contains("libmagic-mgc") == true)
    }

    #if DEBUG
    @Test("forced libmagic failures surface as errors or nil")
    func forcedFailures() throws {
        MagicCalls.$forcedFailure.withValue(.open) {
            #expect((try? MagicSniffer()) == nil)
        }
        MagicCalls.$forcedFailure.withValue(.load) {
            let error = #expect(throws: SniffingError.self) { try MagicSniffer() }
            #expect(error?.code == .magicUnavailable)
        }
        let magic = try MagicSniffer()
        MagicCalls.$forcedFailure.withValue(.buffer) {
            #expect(Self.png.withUnsafeBytes { magic.mimeType(of: $0) } == nil)
        }
    }
    #endif

    @Test("one sniffer used from many tasks at once")
    func concurrency() async throws {
        let magic = try MagicSniffer()
        let text = Array("plain words\n".utf8)
        let answers = await withTaskGroup(of: [String?].self) { group in
            for task in 0..<32 {
                group.addTask {
                    (0..<40).map { index in
                        let bytes = (task + index) % 2 == 0 ? Self.png : text
                        return bytes.withUnsafeBytes { magic.mimeType(of: $0) }
                    }
                }
            }
            var all: [String?] = []
            for await chunk in group { all += chunk }
            return all
        }
        #expect(answers.count == 32 * 40)
        #expect(answers.allSatisfy { $0 == "image/png" || $0 == "text/plain" })
        #expect(answers.filter { $0 == "image/png" }.count == 32 * 20)
    }
}

import OpenInBroker
import Testing

@Suite("SafeFileName")
struct SafeFileNameTests {
    @Test(
        "collision candidates keep extensions, compound tar extensions and leading dots",
        arguments: [
            ("report.pdf", "report-1.pdf", "report-2.pdf"),
            ("archive.tar.gz", "archive-1.tar.gz", "archive-2.tar.gz"),
            ("backup.TAR.XZ", "backup-1.TAR.XZ", "backup-2.TAR.XZ"),
            ("my.report.v2.pdf", "my.report.v2-1.pdf", "my.report.v2-2.pdf"),
            (".profile", ".profile-1", ".profile-2"),
            (".notes.txt", ".notes-1.txt", ".notes-2.txt"),
            ("..weird", "..weird-1", "..weird-2"),
            ("Makefile", "Makefile-1", "Makefile-2"),
            ("trailing.", "trailing.-1", "trailing.-2"),
            ("tar.gz", "tar-1.gz", "tar-2.gz"),
            ("photo 1.JPG", "photo 1-1.JPG", "photo 1-2.JPG"),
        ])
    func candidates(name: String, first: String, second: String) throws {
        let safe = try SafeFileName(validating: name)
        #expect(safe.candidate(0) == name)
        #expect(safe.candidate(1) == first)
        #expect(safe.candidate(2) == second)
    }

    @Test("a candidate never exceeds 255 bytes and cuts the stem by whole characters")
    func longCandidates() throws {
        let name = String(repeating: "é", count: 125) + ".txt"  // 250 + 4 bytes
        let safe = try SafeFileName(validating: name)
        let candidate = safe.candidate(12)
        #expect(candidate.utf8.count <= 255)
        #expect(candidate.hasSuffix("-12.txt"))
        #expect(candidate.unicodeScalars.allSatisfy { $0 == "é" || "-12.txt".unicodeScalars.contains($0) })
    }

    @Test("unicode names are fine", arguments: ["Résumé.pdf", "写真.png", "emoji 🎉.txt", " spaced "])
    func unicode(name: String) throws {
        #expect(try SafeFileName(validating: name).rawValue == name)
    }

    @Test("refusals name the value", arguments: ["\u{7F}del", "c1\u{85}", "iso\u{2066}late"])
    func controls(name: String) {
        do {
            _ = try SafeFileName(validating: name)
            Issue.record("accepted \(name)")
        } catch {
            #expect(error.code == .invalidName)
            #expect(error.value == name)
            #expect(!error.description.contains("\n"))
        }
    }
}

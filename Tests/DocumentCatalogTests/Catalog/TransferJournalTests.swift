import DocumentCatalog
import OpenWithTestSupport
import Testing

@Suite("The transfer journal")
struct TransferJournalTests {
    @Test("States and operations keep the strings stored rows hold")
    func rawValuesAreTheStoredStrings() {
        #expect(TransferJournalEntry.State.allCases.map(\.rawValue) == ["started", "copied", "committed", "rolled-back"])
        #expect(TransferJournalEntry.Operation.allCases.map(\.rawValue) == ["open-in", "import", "export", "move", "move-out"])
    }

    @Test("An entry written by the first schema, with its staged identity in final_name, is read from the identity's columns after migration")
    func legacyIdentityMovesToItsColumns() throws {
        let folder = TemporaryDirectory("transfer-journal")
        let path = folder.path("catalog.sqlite")
        do {
            let catalog = try DocumentCatalog(location: CatalogLocation(path: path))
            _ = try catalog.beginTransfer(operation: .openIn, appID: "viewer.desktop", sourcePath: "/tmp/a.txt", folder: "/inbox")
            _ = try catalog.beginTransfer(operation: .import, appID: "viewer.desktop", sourcePath: "/tmp/b.txt", folder: "/picked")
        }
        try SQLiteShell.run(
            path,
            """
            UPDATE transfer_journal SET state = 'copied', temporary_name = '1.staged', final_name = '2049:131:12:abc123' WHERE id = 1;
            UPDATE transfer_journal SET state = 'committed', final_name = '/picked/b.txt' WHERE id = 2;
            DELETE FROM grdb_migrations WHERE identifier = 'v7-journal-staged-identity';
            """)
        let catalog = try DocumentCatalog(location: CatalogLocation(path: path))
        let open = try catalog.openTransfers()
        #expect(open.count == 1)
        let entry = try #require(open.first)
        #expect(entry.state == .copied)
        #expect(entry.operation == .openIn)
        #expect(entry.stagedName == "1.staged")
        #expect(entry.stagedIdentity == StagedFileIdentity(device: 2049, inode: 131, size: 12, sha256: "abc123"))
        #expect(entry.finalName == nil)
        #expect(try SQLiteShell.query(path, "SELECT final_name FROM transfer_journal WHERE id = 2") == "/picked/b.txt")
        #expect(try SQLiteShell.query(path, "SELECT count(*) FROM transfer_journal WHERE final_name LIKE '%:%'") == "0")
    }
}

import Foundation
import OpenWithTestSupport
import Testing

/// A catalog with a notes app that handles `notes:` and, for the dangerous-scheme checks,
/// `file:` and `javascript:`, plus a mail app that sends URLs.
private func urlFixture() throws -> CLIFixture {
    let cli = try CLIFixture()
    try cli.folder.write(
        "xdg-data/applications/notes.desktop",
        text: "[Desktop Entry]\nType=Application\nName=Notes\nExec=true %u\nMimeType=x-scheme-handler/notes;x-scheme-handler/file;x-scheme-handler/javascript;\n")
    try cli.folder.write(
        "xdg-data/applications/mail.desktop", text: "[Desktop Entry]\nType=Application\nName=Mail\nExec=true %u\nMimeType=x-scheme-handler/mailto;\n")
    return cli
}

@Suite("URL routing from the command line: replays, senders, local and script schemes")
struct URLCommandTests {
    @Test("A signed URL is delivered once; the same signed URL again is refused as a replay")
    func replayIsRefused() throws {
        let cli = try urlFixture()
        let configured = try cli.run("url", "configure", "notes", "--app", "notes.desktop", "--require-signature", "--allow-source", "mail.desktop")
        #expect(configured.status == 0, "\(configured.error)")
        let signed = try cli.run("url", "sign", "notes://open/42", "--from", "mail.desktop")
        #expect(signed.status == 0, "\(signed.error)")
        let url = signed.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let first = try cli.run("url", "open", url, "--from", "mail.desktop", "--dry-run")
        #expect(first.status == 0, "\(first.error)")
        let again = try cli.run("url", "open", url, "--from", "mail.desktop", "--dry-run")
        #expect(again.status == 2)
        #expect(again.error.contains("already delivered"), "\(again.error)")
    }

    @Test("The sending app must be registered: signing as an unknown app is refused, and the allow-list matches the registered id exactly")
    func senderMustBeRegistered() throws {
        let cli = try urlFixture()
        #expect(try cli.run("url", "configure", "notes", "--app", "notes.desktop", "--require-signature", "--allow-source", "mail.desktop").status == 0)
        let unknown = try cli.run("url", "sign", "notes://open/42", "--from", "nonexistent.app")
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("nonexistent.app"))
        #expect(unknown.output.isEmpty)
        let stranger = try cli.run("url", "configure", "notes", "--app", "notes.desktop", "--allow-source", "nobody.desktop")
        #expect(stranger.status != 0)
        #expect(stranger.error.contains("nobody.desktop"))
    }

    @Test("file: and javascript: URLs are refused unless the handler allow-lists the sender", arguments: ["file:///etc/passwd", "javascript:alert(1)"])
    func localAndScriptSchemes(url: String) throws {
        let cli = try urlFixture()
        let refused = try cli.run("url", "open", url, "--from", "mail.desktop", "--dry-run")
        #expect(refused.status == 2, "\(refused.output)")
        #expect(refused.error.contains("must allow the sending app"), "\(refused.error)")
        let scheme = String(url.prefix { $0 != ":" })
        #expect(try cli.run("url", "configure", scheme, "--app", "notes.desktop", "--allow-source", "mail.desktop").status == 0)
        let allowed = try cli.run("url", "open", url, "--from", "mail.desktop", "--dry-run")
        #expect(allowed.status == 0, "\(allowed.error)")
        let other = try cli.run("url", "open", url, "--dry-run")
        #expect(other.status == 2)
    }
}

import ContentSniffing
import Foundation
import OpenInBroker
import OpenWithKit
import OpenWithTestSupport
import Testing

// The example of the README's "Embedding in Swift", word for word, between the two marker
// lines: the tests below compile it, run it on a temporary machine, and check that the README
// still shows exactly this code.

// README example: begin
/// What a file manager does with the library: open the user's catalog (the machine's apps are
/// imported the first time), ask what a file is and who opens it, and wait for the apps to change.
func describe(_ path: String, environment: [String: String]) async throws -> [String] {
    let workspace = try await Workspace.open(environment: environment)
    let answer = try await workspace.handlers(forFileAt: path)
    var lines = ["\(answer.resolution.identifier) \(answer.resolution.mimeType)"]
    for candidate in answer.handlers.candidates {
        lines.append("\(candidate.isDefault ? "*" : " ") \(candidate.app.name) — \(candidate.reason)")
    }
    return lines
}

/// Refreshes a view each time a desktop entry, a mimeapps.list or the catalog changes.
func followChanges(of workspace: Workspace, refresh: (CatalogChange) async -> Bool) async throws {
    for await change in try workspace.changes() {
        if await !refresh(change) { break }
    }
}
// README example: end

@Suite("The README's Swift embedding example")
struct ReadmeExampleTests {
    @Test("It names a PNG called photo.jpg and its registered viewer, then sees a new app arrive")
    func example() async throws {
        let fixture = WorkspaceFixture("readme-example")
        try fixture.desktopEntry("viewer.desktop", name: "Viewer", mimeTypes: "image/png;")
        let photo = try fixture.folder.write("photo.jpg", bytes: WorkspaceFixture.pngBytes)

        let lines = try await describe(photo, environment: fixture.environment)
        #expect(lines.first == "public.png image/png")
        #expect(lines.dropFirst().map { $0.contains("Viewer — claims public.png") } == [true])

        let workspace = try Workspace(catalogPath: nil, environment: fixture.environment)
        let follower = Task {
            var seen: [CatalogChange] = []
            try await followChanges(of: workspace) { change in
                seen.append(change)
                return false
            }
            return seen
        }
        try await Task.sleep(for: .milliseconds(100))
        try fixture.desktopEntry("painter.desktop", name: "Painter", mimeTypes: "image/png;")
        let timeout = Task { try await Task.sleep(for: .seconds(10)); follower.cancel() }
        let seen = try await follower.value
        timeout.cancel()
        #expect(seen.count == 1)
        #expect(seen.first?.reimported == true)
    }

    @Test("The README shows exactly the code compiled here")
    func readmeMatches() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let start = try #require(source.range(of: "// README example: begin\n"))
        let end = try #require(source.range(of: "// README example: end", range: start.upperBound..<source.endIndex))
        let example = String(source[start.upperBound..<end.lowerBound])
        let readme = try String(contentsOfFile: RepositoryPaths.path("README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\nimport OpenWithKit\n\n" + example + "```"), "README.md no longer shows the example compiled in \(#fileID)")
    }
}

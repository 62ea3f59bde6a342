import Foundation
import OpenWithTestSupport
import Testing

@Suite("App names in the user's language: Name[fr] by LC_ALL, LC_MESSAGES, LANG")
struct LocalizedAppNameTests {
    static func fixture() throws -> CLIFixture {
        let cli = try CLIFixture()
        try cli.folder.write(
            "xdg-data/applications/viewer.desktop",
            text: "[Desktop Entry]\nType=Application\nName=Viewer\nName[fr]=Visionneuse\nName[de_DE]=Betrachter\nName[pt_BR]=Visualizador\nExec=true %f\nMimeType=text/plain;\n")
        return cli
    }

    func names(_ cli: CLIFixture, _ environment: [String: String]) throws -> (handler: String?, list: String?, show: String?, text: String) {
        var runner = cli.runner
        runner.environment.merge(environment) { $1 }
        let notes = RepositoryPaths.path("Catalog/samples/notes.txt")
        let handlers = try #require(try runner.run([notes, "--json"]).json() as? [[String: Any]])
        let handler = (handlers.first?["handlers"] as? [[String: Any]])?.first?["name"] as? String
        let list = (try runner.run(["apps", "list", "--json"]).json() as? [[String: Any]])?.first { $0["id"] as? String == "viewer.desktop" }?["name"] as? String
        let show = (try runner.run(["apps", "show", "viewer.desktop", "--json"]).json() as? [String: Any])?["name"] as? String
        return (handler, list, show, try runner.run([notes]).output)
    }

    @Test(
        "The name for the locale, by the specification's matching, in the handler list, apps list and apps show",
        arguments: [
            (["LANG": "fr_FR.UTF-8"], "Visionneuse"), (["LANG": "de_DE.UTF-8"], "Betrachter"), (["LANG": "de_AT.UTF-8"], "Viewer"),
            (["LANG": "pt_BR.UTF-8@latin"], "Visualizador"), (["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"], "Betrachter"),
            (["LC_MESSAGES": "de_DE.UTF-8", "LC_ALL": "fr_CA.UTF-8"], "Visionneuse"), (["LANG": "C"], "Viewer"), ([:], "Viewer"),
        ])
    func localized(environment: [String: String], expected: String) throws {
        let cli = try Self.fixture()
        let found = try names(cli, environment)
        #expect(found.handler == expected)
        #expect(found.list == expected)
        #expect(found.show == expected)
        #expect(found.text.contains("* \(expected) (viewer.desktop)"), "\(found.text)")
    }
}

import Foundation
import OpenWithTestSupport
import Testing

@Suite("Concurrency with real processes")
struct ConcurrencyTests {
    @Test("Eight processes registering apps at once into a new catalog lose nothing and see no busy errors")
    func concurrentRegistration() throws {
        let cli = try CLIFixture()
        var commands: [RunningCommand] = []
        for process in 0..<8 {
            var paths: [String] = []
            for app in 0..<5 {
                paths.append(try cli.folder.write(
                    "apps\(process)/app-\(process)-\(app).desktop",
                    text: "[Desktop Entry]\nType=Application\nName=App \(process) \(app)\nExec=true %f\nMimeType=text/plain;\n"))
            }
            commands.append(try cli.runner.start(["apps", "register"] + paths))
        }
        for command in commands {
            let result = try cli.runner.finish(command)
            #expect(result.status == 0, "\(result.error)")
            #expect(!result.error.lowercased().contains("busy"))
        }
        let list = try cli.run("apps", "list", "--json")
        let apps = try #require(try list.json() as? [[String: Any]])
        #expect(apps.count == 40)
        let info = try #require(try cli.run("catalog", "info", "--json").json() as? [String: Any])
        #expect(info["claims"] as? Int == 40)
    }
}

import DocumentCatalog
import Foundation
import OpenWithTestSupport
import Testing

@Suite("App availability: programs are checked once per snapshot")
struct AppAvailabilityTests {
    /// A catalog with one desktop entry per program, each named by an absolute path in `folder`.
    func catalog(in folder: TemporaryDirectory, programs: [(id: String, key: String)]) throws -> DocumentCatalog {
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.path("c.sqlite")))
        try catalog.register(programs.map { program in
            let path = folder.path("bin/\(program.id)")
            return AppRegistration(
                id: "\(program.id).desktop", kind: .desktop, name: program.id, sourcePath: folder.path("\(program.id).desktop"),
                exec: program.key == "Exec" ? "\(path) %f" : "/bin/true %f", tryExec: program.key == "TryExec" ? path : nil)
        })
        return catalog
    }

    @Test("A missing program is remembered as missing, as a present one is remembered as present", arguments: ["Exec", "TryExec"])
    func missingIsRemembered(key: String) throws {
        let folder = TemporaryDirectory("availability")
        let snapshot = try catalog(in: folder, programs: [("absent", key)]).snapshot()
        let app = try #require(snapshot.app(id: "absent.desktop"))
        let missing = try #require(snapshot.missingProgram(app.index))
        #expect(missing.key == key)
        #expect(missing.program == folder.path("bin/absent"))
        #expect(!snapshot.isAvailable(app.index))
        // Installed after the snapshot checked it: this snapshot keeps its answer (a query never
        // searches PATH again); the next snapshot sees the program.
        let program = try folder.write("bin/absent", text: "#!/bin/sh\n")
        #expect(chmod(program, 0o755) == 0)
        #expect(snapshot.missingProgram(app.index)?.program == folder.path("bin/absent"))
        #expect(!snapshot.isAvailable(app.index))
        let fresh = try DocumentCatalog(location: CatalogLocation(path: folder.path("c.sqlite"))).snapshot()
        let freshApp = try #require(fresh.app(id: "absent.desktop"))
        #expect(fresh.missingProgram(freshApp.index) == nil)
        #expect(fresh.isAvailable(freshApp.index))
    }

    @Test("Threads asking about the same apps at once all get each app's one answer")
    func concurrentAnswers() async throws {
        let folder = TemporaryDirectory("availability-threads")
        // Every third app's program is missing; the others run /bin/true.
        let programs = (0..<90).map { (id: "app\($0)", key: $0 % 3 == 0 ? "TryExec" : "none") }
        let snapshot = try catalog(in: folder, programs: programs).snapshot()
        let indices = try programs.map { try #require(snapshot.app(id: "\($0.id).desktop")).index }
        let answers = await withTaskGroup(of: [String?].self) { group in
            for _ in 0..<8 {
                group.addTask { indices.reversed().map { snapshot.missingProgram($0)?.program }.reversed() }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let expected = programs.map { $0.key == "TryExec" ? folder.path("bin/\($0.id)") : nil }
        #expect(answers.count == 8)
        for answer in answers { #expect(answer == expected) }
        #expect(indices.map { snapshot.isAvailable($0) } == programs.map { $0.key != "TryExec" })
    }

    @Test("An app is known available only once its programs were checked and found, and never when hidden")
    func knownAvailability() throws {
        let folder = TemporaryDirectory("availability-known")
        let catalog = try catalog(in: folder, programs: [("absent", "TryExec"), ("present", "none")])
        try catalog.register([AppRegistration(
            id: "hidden.desktop", kind: .desktop, name: "hidden", sourcePath: folder.path("hidden.desktop"), exec: "/bin/true %f", hidden: true)])
        let snapshot = try catalog.snapshot()
        let absent = try #require(snapshot.app(id: "absent.desktop")).index
        let present = try #require(snapshot.app(id: "present.desktop")).index
        let hidden = try #require(snapshot.app(id: "hidden.desktop")).index
        // Nothing checked yet: nothing is known.
        #expect(![absent, present, hidden].contains { snapshot.isKnownAvailable($0) })
        #expect([absent, present, hidden].map { snapshot.isAvailable($0) } == [false, true, false])
        _ = snapshot.missingProgram(hidden)
        #expect([absent, present, hidden].map { snapshot.isKnownAvailable($0) } == [false, true, false])
        #expect(!snapshot.isKnownAvailable(-1) && !snapshot.isKnownAvailable(Int32(snapshot.apps.count)))
    }
}

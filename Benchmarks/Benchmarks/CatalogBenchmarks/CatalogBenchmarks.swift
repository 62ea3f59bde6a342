import Benchmark
import BenchmarkSupport
import DeclarationFormats
import DocumentCatalog
import Foundation
import OpenInBroker
import SuiteSupport
import UniformTypes

/// A temporary catalog with synthetic apps registered, its snapshot and a ranking over it.
final class RankedCatalog: @unchecked Sendable {
    let folder: TemporaryFolder
    let catalog: DocumentCatalog
    let ranking: HandlerRanking
    let types: [UniformType]

    init(appCount: Int) throws {
        folder = try TemporaryFolder(prefix: "catalog-\(appCount)")
        catalog = try DocumentCatalog(location: CatalogLocation(path: folder.appending("catalog.sqlite")))
        try catalog.register(SyntheticApps.registrations(count: appCount))
        let snapshot = try catalog.snapshot()
        ranking = HandlerRanking(snapshot: snapshot)
        types = SyntheticApps.queriedMIMETypes.compactMap { snapshot.graph.type(mimeType: $0) }
    }
}

// Handler ranking against catalogs of 100, 1,000 and 100,000 synthetic apps; opening a catalog
// and loading its snapshot; the freshness check of a query; importing shared-mime-info and
// desktop entries.
let benchmarks: @Sendable () -> Void = {
    for appCount in [100, 1_000, 100_000] {
        let ranked = Fixture({ try RankedCatalog(appCount: appCount) }, tearDown: { $0.folder.remove() })
        let label = String(appCount)

        Benchmark("Handlers.\(label)apps", configuration: OpenWithSuite.io(scaling: .kilo, maxDuration: .seconds(3))) { benchmark in
            let state = ranked.value
            for i in benchmark.scaledIterations {
                blackHole(state.ranking.handlers(for: state.types[i % state.types.count]))
            }
        } setup: {
            try ranked.setUp()
        } teardown: {
            ranked.tearDown()
        }

        Benchmark("DefaultHandler.\(label)apps", configuration: OpenWithSuite.io(scaling: .kilo, maxDuration: .seconds(3))) { benchmark in
            let state = ranked.value
            for i in benchmark.scaledIterations {
                blackHole(state.ranking.defaultHandler(for: state.types[i % state.types.count]))
            }
        } setup: {
            try ranked.setUp()
        } teardown: {
            ranked.tearDown()
        }
    }

    // The first query of each type: a new ranking (an empty memo) asked once per type, as an
    // embedding app's first questions are. One iteration = one query of each of the 7 types.
    // `.noMemo`: the same queries on a ranking that keeps no answers, as the command line asks
    // (`remembersAnswers: false`: it asks once and exits).
    for appCount in [100, 1_000] {
        let ranked = Fixture({ try RankedCatalog(appCount: appCount) }, tearDown: { $0.folder.remove() })
        for remembers in [true, false] {
            Benchmark("Handlers.\(appCount)apps.firstQuery\(remembers ? "" : ".noMemo")", configuration: OpenWithSuite.io(maxDuration: .seconds(3))) { _ in
                let state = ranked.value
                let fresh = HandlerRanking(snapshot: state.ranking.snapshot, remembersAnswers: remembers)
                for type in state.types { blackHole(fresh.handlers(for: type)) }
            } setup: {
                try ranked.setUp()
            } teardown: {
                ranked.tearDown()
            }
        }
    }

    // A process's first read: open the file (migrations checked) and load a snapshot.
    for appCount in [1_000, 100_000] {
        let stored = Fixture({ try RankedCatalog(appCount: appCount) }, tearDown: { $0.folder.remove() })
        let label = String(appCount)
        Benchmark("OpenAndSnapshot.\(label)apps", configuration: OpenWithSuite.io(maxDuration: .seconds(5), maxIterations: 200)) { _ in
            let location = stored.value.catalog.location
            let opened = try? DocumentCatalog(location: location)
            blackHole(try? opened?.snapshot())
        } setup: {
            try stored.setUp()
        } teardown: {
            stored.tearDown()
        }
    }

    // A short-lived process's first read: the snapshot stored beside the catalog, no SQLite.
    for appCount in [1_000, 100_000] {
        let stored = Fixture({ () throws -> RankedCatalog in
            let ranked = try RankedCatalog(appCount: appCount)
            _ = try DocumentCatalog(location: ranked.catalog.location).snapshot()  // stores it
            return ranked
        }, tearDown: { $0.folder.remove() })
        let label = String(appCount)
        // Ready to query: the snapshot is freed after the measurement stops (a process keeps
        // the snapshot it read until it exits; freeing 100,000 apps was a fifth of the time).
        Benchmark("StoredSnapshot.\(label)apps", configuration: OpenWithSuite.io(maxDuration: .seconds(5), maxIterations: 200)) { benchmark in
            benchmark.startMeasurement()
            let snapshot = DocumentCatalog.storedSnapshot(location: stored.value.catalog.location)
            benchmark.stopMeasurement()
            blackHole(snapshot)
        } setup: {
            try stored.setUp()
        } teardown: {
            stored.tearDown()
        }
    }

    // The freshness check a query makes when nothing changed: a stat of each watched location
    // (this machine's applications and package folders, a user folder of 100 entries with a
    // subfolder, the mimeapps.list files), compared with the stamps of the snapshot. Budget: 0.2 ms.
    let fresh = Fixture({ () throws -> (TemporaryFolder, CatalogSnapshot, [String: String]) in
        let folder = try TemporaryFolder(prefix: "freshness")
        _ = try folder.makeFolder("data/applications/sub")
        _ = try folder.makeFolder("config")
        for app in SyntheticApps.registrations(count: 100) {
            try folder.write(Array(SyntheticApps.desktopEntry(for: app).utf8), to: "data/applications/" + app.id)
        }
        try folder.write(Array("[Default Applications]\nimage/png=a.desktop;\n".utf8), to: "config/mimeapps.list")
        let environment = [
            "HOME": folder.appending("home"), "XDG_DATA_HOME": folder.appending("data"), "XDG_DATA_DIRS": "/usr/local/share:/usr/share",
            "XDG_CONFIG_HOME": folder.appending("config"), "XDG_CONFIG_DIRS": "/etc/xdg", "XDG_CURRENT_DESKTOP": "GNOME",
        ]
        let location = CatalogLocation(path: folder.appending("catalog.sqlite"))
        _ = try DocumentCatalog.currentSnapshot(location: location, environment: environment)
        // Past the settling interval, the next check stores settled stamps.
        Thread.sleep(forTimeInterval: CatalogFreshness.settlingInterval * 2)
        let snapshot = try DocumentCatalog.currentSnapshot(location: location, environment: environment)
        return (folder, snapshot, environment)
    }, tearDown: { $0.0.remove() })
    Benchmark("FreshnessCheck.noChange", configuration: OpenWithSuite.io(scaling: .kilo, maxDuration: .seconds(3))) { benchmark in
        let (_, snapshot, environment) = fresh.value
        for _ in benchmark.scaledIterations {
            blackHole(snapshot.followsMachine(environment: environment))
        }
    } setup: {
        try fresh.setUp()
    } teardown: {
        fresh.tearDown()
    }

    // The freedesktop database, as every Linux machine has it.
    let mimeDatabasePath = "/usr/share/mime/packages/freedesktop.org.xml"
    let mimeDatabase = Fixture { try [UInt8](Data(contentsOf: URL(fileURLWithPath: mimeDatabasePath))) }
    Benchmark(
        "ParseSharedMimeInfo",
        configuration: {
            var configuration = OpenWithSuite.io(maxDuration: .seconds(5), maxIterations: 200)
            configuration.skip = !FileManager.default.fileExists(atPath: mimeDatabasePath)
            return configuration
        }()
    ) { _ in
        blackHole(try? SharedMimeInfoParser.parse(mimeDatabase.value, source: mimeDatabasePath))
    } setup: {
        try mimeDatabase.setUp()
    } teardown: {
        mimeDatabase.tearDown()
    }

    // 100 desktop entries in a folder, registered again on every iteration (each import replaces
    // the apps of the previous one, as a re-run of `openwith apps register` does).
    let desktopFolder = Fixture({
        let folder = try TemporaryFolder(prefix: "desktop-entries")
        let applications = try folder.makeFolder("applications")
        for app in SyntheticApps.registrations(count: 100) {
            try folder.write(Array(SyntheticApps.desktopEntry(for: app).utf8), to: "applications/" + app.id)
        }
        let catalog = try DocumentCatalog(location: CatalogLocation(path: folder.appending("catalog.sqlite")))
        return (folder, applications, catalog)
    }, tearDown: { $0.0.remove() })
    Benchmark("Import100DesktopEntries", configuration: OpenWithSuite.io(maxDuration: .seconds(3), maxIterations: 500)) { _ in
        blackHole(try? desktopFolder.value.2.registerApps(at: [desktopFolder.value.1]))
    } setup: {
        try desktopFolder.setUp()
    } teardown: {
        desktopFolder.tearDown()
    }
}

import DeclarationFormats
import Glibc
import GRDB
import UniformTypes

extension DocumentCatalog {
    /// Registers the apps found at `paths`: `Info.plist` files (XML or binary), `.app`
    /// folders, `.desktop` files, and folders searched for `.desktop` files.
    ///
    /// One transaction: if any file is refused, nothing is registered and the error names the
    /// file, the key and the reason. Skipped parts of accepted files are in the report.
    public func registerApps(at paths: [String]) throws(CatalogError) -> ImportReport {
        var report = ImportReport()
        var registrations: [AppRegistration] = []
        for path in paths {
            do {
                for (registration, warnings) in try DocumentCatalog.readApps(at: path) {
                    registrations.append(registration)
                    report.warnings += warnings
                    report.filesRead += 1
                }
            } catch {
                throw CatalogError(.importRefused, path: error.source, key: error.key, reason: error.reason + (error.line.map { " (line \($0))" } ?? ""), underlying: error)
            }
        }
        if registrations.isEmpty {
            throw CatalogError(.importRefused, path: paths.first, reason: "no Info.plist, .app folder or .desktop file found")
        }
        try register(registrations)
        report.registeredApps = registrations.map(\.id)
        report.declaredTypes = registrations.flatMap { $0.declaredTypes.map(\.identifier.rawValue) }
        return report
    }

    static func readApps(at path: String, origin: String = "user") throws(CatalogFormatError) -> [(AppRegistration, [CatalogFormatWarning])] {
        if path.hasSuffix(".desktop") {
            return [try DesktopEntryImporter.registration(path: path, origin: origin)]
        }
        if FileReading.isDirectory(path) && !path.hasSuffix(".app") && !path.hasSuffix(".app/") {
            var found: [(AppRegistration, [CatalogFormatWarning])] = []
            for (file, folder) in desktopFiles(under: path, depth: 0) {
                found.append(try DesktopEntryImporter.registration(path: file, applicationsFolder: folder, origin: origin))
            }
            if found.isEmpty {
                throw CatalogFormatError(code: .unreadable, source: path, reason: "the folder holds no .desktop file and no Info.plist")
            }
            return found
        }
        return [try InfoPlistImporter.registration(path: path, origin: origin)]
    }

    /// `.desktop` files under a folder (recursively, at most 8 levels, not following links out
    /// of it), each with the folder their desktop-file id is relative to.
    static func desktopFiles(under folder: String, root: String? = nil, depth: Int) -> [(String, String)] {
        guard depth < 8 else { return [] }
        var result: [(String, String)] = []
        for name in FileReading.entries(folder) where !name.hasPrefix(".") {
            let path = folder + "/" + name
            if name.hasSuffix(".desktop") && !FileReading.isDirectory(path) {
                result.append((path, root ?? folder))
            } else if FileReading.isDirectory(path) && !FileReading.isSymlink(path) {
                result += desktopFiles(under: path, root: root ?? folder, depth: depth + 1)
            }
        }
        return result
    }

    /// Imports a shared-mime-info package file: its new types become catalog types.
    public func importSharedMimeInfo(path: String) throws(CatalogError) -> ImportReport {
        let snapshot = try snapshot()
        let declarations: [TypeDeclaration]
        var report = ImportReport()
        do {
            (declarations, report.warnings) = try SharedMimeInfoImporter.declarations(path: path, graph: snapshot.graph)
        } catch {
            throw CatalogError(.importRefused, path: error.source, key: error.key, reason: error.reason, underlying: error)
        }
        do { _ = try snapshot.graph.adding(declarations) } catch {
            throw CatalogError(.importRefused, path: path, key: error.value, reason: error.reason, underlying: error)
        }
        try write(action: "import-mime", subject: path, detail: "\(declarations.count) types") { db in
            try db.execute(sql: "DELETE FROM type_declarations WHERE app_id IS NULL AND source_path = ?", arguments: [path])
            for declaration in declarations { try DocumentCatalog.insert(declaration, appID: nil, sourcePath: path, into: db) }
        }
        report.filesRead = 1
        report.declaredTypes = declarations.map(\.identifier.rawValue)
        return report
    }
}

extension FileReading {
    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}

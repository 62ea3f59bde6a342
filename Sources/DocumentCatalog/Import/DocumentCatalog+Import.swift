import DeclarationFormats
import Glibc
import UniformTypes

extension DocumentCatalog {
    /// Registers the apps found at `paths`: `Info.plist` files (XML or binary), `.app`
    /// folders, `.desktop` files, and folders searched for all of these.
    ///
    /// One transaction: if any file named or any desktop entry found is refused, nothing is
    /// registered and the error names the file, the key and the reason. Skipped parts of
    /// accepted files are in the report, and so is every property list or bundle found in a
    /// folder that was not registered, with the reason (a folder may hold other property lists).
    public func registerApps(at paths: [String]) throws(CatalogError) -> ImportReport {
        var report = ImportReport()
        var registrations: [AppRegistration] = []
        for path in paths {
            do {
                let found = try DocumentCatalog.readApps(at: path)
                for (registration, warnings) in found.apps {
                    registrations.append(registration)
                    report.warnings += warnings
                    report.filesRead += 1
                }
                report.warnings += found.skipped
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

    /// The apps at `path`, and the property lists and bundles of a folder that were skipped.
    ///
    /// Policy for a folder (searched 8 levels deep, never through a link): every `.desktop` file
    /// is an app, and one that is refused refuses the whole registration; every `*.plist` file
    /// and `.app` folder is an app when it reads as an `Info.plist` naming its app
    /// (`CFBundleIdentifier` or `CFBundleName`), and is otherwise skipped with the reason.
    static func readApps(
        at path: String, origin: String = "user"
    ) throws(CatalogFormatError) -> (apps: [(AppRegistration, [CatalogFormatWarning])], skipped: [CatalogFormatWarning]) {
        if path.hasSuffix(".desktop") {
            return ([try DesktopEntryImporter.registration(path: path, origin: origin)], [])
        }
        guard FileReading.isDirectory(path) && !path.hasSuffix(".app") && !path.hasSuffix(".app/") else {
            return ([try InfoPlistImporter.registration(path: path, origin: origin)], [])
        }
        var apps: [(AppRegistration, [CatalogFormatWarning])] = []
        var skipped: [CatalogFormatWarning] = []
        for file in appFiles(under: path, depth: 0, includingBundles: true) {
            switch file {
            case .desktopEntry(let entry, let applicationsFolder):
                apps.append(try DesktopEntryImporter.registration(path: entry, applicationsFolder: applicationsFolder, origin: origin))
            case .bundle(let bundle):
                do {
                    let (registration, warnings) = try InfoPlistImporter.registration(path: bundle, origin: origin)
                    if let missing = warnings.first(where: { $0.code == .missingIdentity }) {
                        skipped.append(CatalogFormatWarning(
                            code: .skippedFile, source: missing.source, key: "CFBundleIdentifier",
                            reason: "not registered: it names no app (no usable CFBundleIdentifier or CFBundleName)"))
                    } else {
                        apps.append((registration, warnings))
                    }
                } catch {
                    skipped.append(CatalogFormatWarning(
                        code: .skippedFile, source: error.source, key: error.key, reason: "not registered: \(error.reason)"))
                }
            }
        }
        if apps.isEmpty && skipped.isEmpty {
            throw CatalogFormatError(code: .unreadable, source: path, reason: "the folder holds no .desktop file, no property list and no .app folder")
        }
        return (apps, skipped)
    }

    /// An app declaration found in a folder.
    enum AppFile {
        /// A desktop entry, with the folder its desktop-file id is relative to.
        case desktopEntry(String, applicationsFolder: String)
        /// A property list file or an `.app` folder.
        case bundle(String)
    }

    /// `.desktop` files under a folder (recursively, at most 8 levels, not following links out
    /// of it), each with the folder their desktop-file id is relative to.
    static func desktopFiles(under folder: String, depth: Int) -> [(String, String)] {
        appFiles(under: folder, depth: depth, includingBundles: false).compactMap { file in
            guard case .desktopEntry(let path, let root) = file else { return nil }
            return (path, root)
        }
    }

    /// Desktop entries, and with `includingBundles` property lists and `.app` folders, under a
    /// folder (recursively, at most 8 levels, not following links out of it), in name order.
    static func appFiles(under folder: String, root: String? = nil, depth: Int, includingBundles: Bool) -> [AppFile] {
        guard depth < 8 else { return [] }
        var result: [AppFile] = []
        for name in FileReading.entries(folder) where !name.hasPrefix(".") {
            let path = folder + "/" + name
            let isFolder = FileReading.isDirectory(path)
            if name.hasSuffix(".desktop") && !isFolder {
                result.append(.desktopEntry(path, applicationsFolder: root ?? folder))
            } else if includingBundles && (name.hasSuffix(".plist") && !isFolder || name.hasSuffix(".app") && isFolder) {
                result.append(.bundle(path))
            } else if isFolder && !FileReading.isSymlink(path) {
                result += appFiles(under: path, root: root ?? folder, depth: depth + 1, includingBundles: includingBundles)
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

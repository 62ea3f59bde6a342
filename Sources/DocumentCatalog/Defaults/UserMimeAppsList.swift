import DeclarationFormats
import FileSystemCalls
import Glibc

/// The user's `mimeapps.list` files that a default is written to, and the safe way to change them.
///
/// Policy:
/// - **Which file.** `$XDG_CONFIG_HOME/mimeapps.list` (default `~/.config/mimeapps.list`), the
///   file the specification recommends for user choices and the one GIO, KDE and `xdg-mime`
///   write: a default set here applies under every desktop. A desktop-specific
///   `$XDG_CONFIG_HOME/$desktop-mimeapps.list` (one per name in `XDG_CURRENT_DESKTOP`) is read
///   first by every reader, so when one of them already names a default for the type, its entry
///   is changed too; such a file is never created.
/// - **How.** Every file is read and checked before any is written; one that does not read is
///   refused, naming its line, and nothing is written. Each file is replaced atomically (a
///   reader sees the old or the new file), through a symbolic link to its target, keeping its
///   permissions; a missing configuration folder is created (`0700`). Every other line, comment
///   and group is kept byte for byte (``MimeAppsListEditor``).
struct UserMimeAppsList {
    /// `$XDG_CONFIG_HOME/mimeapps.list`: written, created when absent.
    let primary: String
    /// `$XDG_CONFIG_HOME/$desktop-mimeapps.list` for each current desktop: changed only when present.
    let desktopSpecific: [String]
    let configHome: String

    /// The files of an environment; `nil` when neither `XDG_CONFIG_HOME` nor `HOME` is an
    /// absolute path.
    init?(environment: [String: String]) {
        let home: String
        if let value = environment["XDG_CONFIG_HOME"], value.hasPrefix("/") {
            home = value
        } else if let value = environment["HOME"], value.hasPrefix("/") {
            home = (value == "/" ? "" : value) + "/.config"
        } else {
            return nil
        }
        var trimmed = home
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        configHome = trimmed
        primary = trimmed + "/mimeapps.list"
        desktopSpecific = MimeAppsListLocations(environment: environment).desktopNames.map { trimmed + "/" + $0 + "-mimeapps.list" }
    }

    /// Applies `edit` to every file (the primary one first, then the desktop-specific ones that
    /// exist) and writes those it changed. `edit` gets whether the file is the primary one and
    /// returns whether it changed anything.
    ///
    /// - Throws: ``CatalogError`` `.mimeAppsListRefused` naming the file (and the line) that
    ///   cannot be read, parsed or written; files are only written once all have been read.
    /// - Returns: the files written.
    @discardableResult
    func change(_ edit: (inout MimeAppsListEditor, _ isPrimary: Bool) -> Bool) throws(CatalogError) -> [String] {
        var edited: [(path: String, bytes: [UInt8])] = []
        for path in [primary] + desktopSpecific {
            let isPrimary = path == primary
            let target = Self.resolvingLink(path)
            let found = try Self.read(target)
            if found == nil && !isPrimary { continue }
            let bytes = found ?? []
            var editor: MimeAppsListEditor
            do {
                editor = try MimeAppsListEditor(bytes: bytes, source: path)
            } catch {
                throw CatalogError(
                    .mimeAppsListRefused, path: path, reason: (error.line.map { "line \($0): " } ?? "") + error.reason + "; the file was left as it was",
                    underlying: error)
            }
            if edit(&editor, isPrimary) && editor.bytes != bytes { edited.append((target, editor.bytes)) }
        }
        for (path, bytes) in edited { try Self.write(bytes, to: path) }
        return edited.map(\.path)
    }

    /// The file's bytes; `nil` when it does not exist; an error when it cannot be read.
    private static func read(_ path: String) throws(CatalogError) -> [UInt8]? {
        var info = stat()
        if stat(path, &info) != 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw CatalogError(.mimeAppsListRefused, path: path, reason: String(cString: strerror(errno)))
        }
        do {
            return try FileReading.read(path, limit: CatalogFormatLimits.default.maximumDocumentSize)
        } catch {
            throw CatalogError(.mimeAppsListRefused, path: path, reason: error.reason + "; the file was left as it was", underlying: error)
        }
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(CatalogError) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        try createFolder(folder.isEmpty ? "/" : folder)
        var info = stat()
        let mode = stat(path, &info) == 0 ? UInt32(info.st_mode & 0o7777) : 0o644
        let failure = bytes.withUnsafeBytes { buffer -> FileSystemCallError? in
            do throws(FileSystemCallError) {
                try AtomicFileWrite.write(buffer, to: path, mode: mode)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw CatalogError(.mimeAppsListRefused, path: path, reason: "\(failure)", underlying: failure) }
        // The umask may have narrowed the mode given at creation; best effort.
        _ = chmod(path, mode_t(mode))
    }

    /// Creates a folder and its missing parents, private to the user (`0700`), as the XDG Base
    /// Directory Specification asks.
    private static func createFolder(_ folder: String) throws(CatalogError) {
        do {
            try FolderCreation.createWithParents(folder)
        } catch {
            throw CatalogError(.mimeAppsListRefused, path: error.path, reason: "cannot create the folder: \(error.systemMessage)")
        }
    }

    /// The file a symbolic link names (so a linked `mimeapps.list`, kept with other settings
    /// elsewhere, stays linked), or the path itself.
    private static func resolvingLink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

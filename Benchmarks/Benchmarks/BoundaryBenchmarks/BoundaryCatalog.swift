import COpenWith
import Glibc
import OpenWithKit

/// A catalog for the boundary benchmarks, made with nothing but the C library: 100 desktop
/// entries in a temporary XDG data folder (imported by `ow_open` on first use), a PNG named
/// photo.jpg, and the catalog opened twice, as a C context and as a Swift `Workspace`.
///
/// The suite links no copy of the library of its own: `Workspace` and `ow_*` both run the code
/// inside libOpenWithC.so, on the same catalog, so a pair's difference is the C boundary's work
/// and nothing else (two copies of the same code, laid out and cached apart, differ by more
/// than the boundary costs).
final class BoundaryCatalog: @unchecked Sendable {
    let folder: String
    let context: OpaquePointer
    let workspace: Workspace
    let photo: String
    /// The photo's path as a C string, made once: the caller's conversion is not measured.
    let cPhoto: UnsafeMutablePointer<CChar>

    /// What the synthetic apps claim: each takes four of these, so about one in six claims
    /// image/png, as on a desktop with a few image viewers and editors.
    static let claimable = [
        "image/png", "image/jpeg", "image/gif", "image/webp", "image/tiff", "image/bmp", "application/pdf",
        "text/plain", "text/html", "text/markdown", "audio/mpeg", "audio/ogg", "video/mp4", "video/webm",
        "application/zip", "application/x-tar", "application/json", "text/csv", "image/svg+xml", "text/x-csrc",
        "application/vnd.oasis.opendocument.text", "application/epub+zip", "font/ttf", "image/x-icon",
    ]

    init() throws(BoundaryFixtureError) {
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((temporary + "/openwith-boundary-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw BoundaryFixtureError(step: "mkdtemp", code: errno) }
        folder = String(cString: made)
        let environment = [
            "HOME": folder + "/home", "XDG_DATA_HOME": folder + "/data", "XDG_DATA_DIRS": folder + "/system",
            "XDG_CONFIG_HOME": folder + "/config", "XDG_CONFIG_DIRS": folder + "/etc",
        ]
        for (key, value) in environment { setenv(key, value, 1) }
        try Self.makeFolder(folder + "/data")
        try Self.makeFolder(folder + "/data/applications")
        for index in 0..<100 {
            try Self.write(Self.desktopEntry(index), to: folder + "/data/applications/org.openwith.boundary.app\(index).desktop")
        }
        // A PNG's signature and header chunk, under a JPEG name.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89]
        photo = folder + "/photo.jpg"
        try Self.write(png, to: photo)
        cPhoto = strdup(photo)
        let catalogPath = folder + "/catalog.sqlite"
        var opened: OpaquePointer?
        let status = ow_open(catalogPath, &opened, nil)
        guard status == OW_OK, let opened else { throw BoundaryFixtureError(step: "ow_open", code: Int32(bitPattern: status.rawValue)) }
        context = opened
        do { workspace = try Workspace(catalogPath: catalogPath, environment: environment) } catch {
            throw BoundaryFixtureError(step: "Workspace", code: -1)
        }
        // Both sides answer once before measuring: snapshots loaded, rankings built.
        var list: UnsafeMutablePointer<ow_handler_list>?
        guard ow_list_handlers(context, cPhoto, OW_ROLE_ANY, &list, nil) == OW_OK, let list, list.pointee.count > 0 else {
            throw BoundaryFixtureError(step: "ow_list_handlers", code: -1)
        }
        ow_handler_list_free(list)
        _ = try? workspace.handlers(forFileAt: photo)
    }

    /// A desktop entry claiming four of ``claimable``, picked by the app's number.
    static func desktopEntry(_ index: Int) -> [UInt8] {
        let claims = (0..<4).map { claimable[(index * 7 + $0 * 5) % claimable.count] }
        let text = """
            [Desktop Entry]
            Type=Application
            Name=Boundary App \(index)
            Exec=true boundary-app-\(index) %F
            MimeType=\(claims.joined(separator: ";"));

            """
        return Array(text.utf8)
    }

    func close() {
        _ = ow_close(context)
        free(cPhoto)
        Self.removeTree(folder)
    }

    /// Removes a folder and everything in it, symbolic links not followed.
    private static func removeTree(_ path: String) {
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name == "." || name == ".." { continue }
                let child = path + "/" + name
                var status = stat()
                if lstat(child, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR { removeTree(child) } else { unlink(child) }
            }
            closedir(directory)
        }
        rmdir(path)
    }

    private static func makeFolder(_ path: String) throws(BoundaryFixtureError) {
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw BoundaryFixtureError(step: "mkdir", code: errno) }
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(BoundaryFixtureError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BoundaryFixtureError(step: "open", code: errno) }
        defer { Glibc.close(descriptor) }
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw BoundaryFixtureError(step: "write", code: errno)
        }
    }
}

/// A step of making the fixture that failed, and its error number or status.
struct BoundaryFixtureError: Error {
    var step: String
    var code: Int32
}

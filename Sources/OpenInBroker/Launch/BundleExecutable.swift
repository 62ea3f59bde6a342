import ContentSniffing
import DeclarationFormats
import Glibc

/// The program of an app registered from an `Info.plist`, when its bundle carries one.
///
/// Policy (the layouts of Apple's bundles):
/// - a plist at `<bundle>/Contents/Info.plist` (a macOS `.app`) names its program by
///   `CFBundleExecutable`, found at `<bundle>/Contents/MacOS/<CFBundleExecutable>`;
/// - a plist at `<bundle>/Info.plist` (a flat, iOS-style bundle) has it at
///   `<bundle>/<CFBundleExecutable>`;
/// - a plist registered on its own (any other name or place) has no bundle and no program;
/// - `CFBundleExecutable` must be a plain file name (not empty, no `/`, not `.` or `..`), and the
///   file a regular file this user may execute (symbolic links are followed, as `execve` would);
/// - anything else means no program: the app's documents wait in its open-request queue.
///
/// The plist is read again at delivery (at most 1 MiB), so a bundle that gains or loses its
/// program is seen without a new registration.
public enum BundleExecutable {
    /// The most bytes of an `Info.plist` read to find `CFBundleExecutable`.
    public static let maximumPropertyListBytes = 1 << 20

    /// The absolute path of the program of the app registered from `propertyListPath`, or `nil`
    /// when its bundle has none.
    public static func locate(propertyListPath: String) -> String? {
        guard let folder = bundleProgramFolder(propertyListPath: propertyListPath),
            let bytes = try? BoundedFileRead.read(propertyListPath, limit: maximumPropertyListBytes, what: "the Info.plist"),
            let document = try? InfoPlistDocument.parse(bytes, source: propertyListPath),
            let name = document.executable, isPlainName(name)
        else { return nil }
        let program = folder + "/" + name
        var info = stat()
        guard PathBytes.withCString(program, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            PathBytes.withCString(program, { access($0, X_OK) }) == 0
        else { return nil }
        return program
    }

    /// The folder a bundle keeps its program in, from where its `Info.plist` sits.
    static func bundleProgramFolder(propertyListPath: String) -> String? {
        let contents = "/Contents/Info.plist"
        if propertyListPath.hasSuffix(contents), propertyListPath.utf8.count > contents.utf8.count {
            return String(propertyListPath.dropLast(contents.count)) + "/Contents/MacOS"
        }
        let flat = "/Info.plist"
        if propertyListPath.hasSuffix(flat), propertyListPath.utf8.count > flat.utf8.count {
            return String(propertyListPath.dropLast(flat.count))
        }
        return nil
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }
}

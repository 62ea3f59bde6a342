import ContentSniffing
import Glibc

/// An app's container in the catalog's data folder:
///
/// ```
/// containers/<app-id>/Documents/            the app's own documents (inbox items moved out land here)
/// containers/<app-id>/Documents/Inbox/      open-in copies: read-only, the app may read and delete them
/// containers/<app-id>/tmp/<app-id>-Inbox/   picker imports: copies the app owns
/// containers/<app-id>/tmp/.openwith-staging journaled transfers in progress (never shown to the app)
/// ```
public struct AppContainer: Sendable, Equatable {
    /// The app.
    public let appID: String
    /// `containers/<app-id>`.
    public let root: String
    /// The catalog's data folder the container lives in.
    public let dataFolder: String

    /// The container of `appID` under a data folder.
    ///
    /// - Throws: ``HandOverError`` `.invalidName` when the id cannot be a folder name.
    public init(appID: String, dataFolder: String) throws(HandOverError) {
        _ = try SafeFileName(validating: appID)
        self.appID = appID
        self.dataFolder = dataFolder
        root = dataFolder + "/containers/" + appID
    }

    /// `Documents/`.
    public var documents: String { root + "/Documents" }
    /// `Documents/Inbox/`: open-in copies.
    public var inbox: String { documents + "/Inbox" }
    /// `tmp/<app-id>-Inbox/`: picker imports.
    public var pickerInbox: String { root + "/tmp/" + appID + "-Inbox" }
    /// The staging folder of journaled transfers.
    public var staging: String { root + "/tmp/.openwith-staging" }

    /// Creates the container's folders (mode 0700). Inside the container a symbolic link
    /// where a folder should be is refused; the data folder above it may be reached through links.
    public func create() throws(HandOverError) {
        for folder in [documents, inbox, root + "/tmp", pickerInbox, staging] {
            try AppContainer.makeFolders(folder, trusted: dataFolder)
        }
    }

    /// Checks a folder of the container before its entries are listed, read or removed: every
    /// component below the data folder that exists must be a real folder, not a symbolic link
    /// (a linked `Inbox` would make the inbox's items, and their removal, those of another folder).
    ///
    /// - Returns: whether the folder exists (a missing folder holds nothing).
    /// - Throws: ``HandOverError`` `.symlinkRefused` or `.notADirectory`, naming the component.
    public func checkFolder(_ folder: String) throws(HandOverError) -> Bool {
        guard folder.hasPrefix(dataFolder + "/") else {
            throw HandOverError(.invalidPath, reason: "not a folder of the container of \(appID)", path: folder)
        }
        var current = dataFolder
        for component in folder.dropFirst(dataFolder.count).split(separator: "/") {
            current += "/" + component
            var info = stat()
            guard PathBytes.withCString(current, { lstat($0, &info) }) == 0 else {
                if errno == ENOENT { return false }
                throw HandOverError(.systemCallFailed, reason: String(cString: strerror(errno)), path: current, errno: errno)
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFLNK: throw HandOverError(.symlinkRefused, reason: "a folder of the container is a symbolic link; refused", path: current)
            default: throw HandOverError(.notADirectory, reason: "a folder of the container exists and is not a folder", path: current)
            }
        }
        return true
    }

    /// Creates `folder` and its parents; components below `trusted` must be real folders.
    static func makeFolders(_ folder: String, trusted: String) throws(HandOverError) {
        var current = ""
        for component in folder.split(separator: "/") {
            current += "/" + component
            let checksLinks = current.count > trusted.count
            if PathBytes.withCString(current, { mkdir($0, 0o700) }) == 0 { continue }
            let code = errno
            guard code == EEXIST else {
                throw HandOverError(.systemCallFailed, reason: "cannot create folder: \(String(cString: strerror(code)))", path: current, errno: code)
            }
            var info = stat()
            let looked = PathBytes.withCString(current) { checksLinks ? lstat($0, &info) : stat($0, &info) }
            if looked != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
                let reason = (info.st_mode & S_IFMT) == S_IFLNK ? "is a symbolic link; refused" : "exists and is not a folder"
                throw HandOverError(.notADirectory, reason: reason, path: current)
            }
        }
    }
}

/// Where the thumbnail of one file lives in the cache, and whether what is there is fresh.
///
/// Policy (freedesktop Thumbnail Managing Standard 0.9): the cache is
/// `$XDG_CACHE_HOME/thumbnails` (`~/.cache/thumbnails` when unset, empty or relative); a
/// thumbnail is `<size>/<hex MD5 of the file's URI>.png`; it is fresh when its `Thumb::URI` is the
/// file's URI and its `Thumb::MTime` the file's modification time in whole seconds. A failure is
/// recorded as `fail/openwith/<same name>.png`, a 1×1 PNG with the same two keys, and is not
/// retried while it is fresh (a changed file gets a new attempt).
struct ThumbnailCacheEntry {
    /// The name of this program's folder under `fail/`.
    static let failureFolderName = "openwith"

    let folder: String
    let uri: String
    let modificationTime: Int
    let size: ThumbnailSize
    let name: String

    init(environment: [String: String], uri: String, modificationTime: Int, size: ThumbnailSize) {
        folder = ThumbnailCacheEntry.cacheFolder(environment: environment)
        self.uri = uri
        self.modificationTime = modificationTime
        self.size = size
        name = MD5Hasher.hash(Array(uri.utf8)).map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
        }.joined() + ".png"
    }

    static func cacheFolder(environment: [String: String]) -> String {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/thumbnails" }
        return (environment["HOME"] ?? "") + "/.cache/thumbnails"
    }

    var thumbnailFolder: String { folder + "/" + size.rawValue }
    var thumbnailPath: String { thumbnailFolder + "/" + name }
    var failureFolder: String { folder + "/fail/" + ThumbnailCacheEntry.failureFolderName }
    var failurePath: String { failureFolder + "/" + name }

    /// The keys every PNG of this entry carries.
    var keys: [(keyword: String, text: [UInt8])] {
        [("Thumb::URI", Array(uri.utf8)), ("Thumb::MTime", Array(String(modificationTime).utf8))]
    }

    /// Whether the PNG at `path` exists and belongs to this file as it is now; its size when so.
    func freshPNG(at path: String) -> (bytes: [UInt8], width: Int, height: Int)? {
        guard let bytes = try? BoundedFileRead.read(path, limit: ThumbnailFactory.maximumThumbnailBytes, what: "the cached thumbnail"),
            let dimensions = PNGTextChunks.size(bytes)
        else { return nil }
        let texts = PNGTextChunks.texts(bytes)
        guard texts["Thumb::URI"] == uri, texts["Thumb::MTime"] == String(modificationTime) else { return nil }
        return (bytes, dimensions.width, dimensions.height)
    }
}

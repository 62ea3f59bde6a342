/// A thumbnail in the user's thumbnail cache, as ``ThumbnailFactory`` made or found it.
public struct Thumbnail: Sendable, Codable, Equatable {
    /// The PNG: `$XDG_CACHE_HOME/thumbnails/<size>/<MD5 of the URI>.png`.
    public var path: String
    /// The file it shows, as an absolute path.
    public var source: String
    /// The file's URI, the cache's key (`Thumb::URI`).
    public var uri: String
    /// The file's modification time in whole seconds (`Thumb::MTime`).
    public var modificationTime: Int
    /// The size asked for.
    public var size: ThumbnailSize
    /// The PNG's width in pixels.
    public var width: Int
    /// The PNG's height in pixels.
    public var height: Int
    /// Whether a fresh cached thumbnail was reused (no thumbnailer ran).
    public var reused: Bool
    /// The thumbnailer that made it (its file name), when one ran.
    public var thumbnailer: String?
}

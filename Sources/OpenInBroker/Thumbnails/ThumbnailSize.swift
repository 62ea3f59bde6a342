/// The sizes of the freedesktop thumbnail specification: the cache folder's name and the most
/// pixels a side may have.
public enum ThumbnailSize: String, Sendable, CaseIterable, Codable {
    /// 128×128, `thumbnails/normal/`.
    case normal
    /// 256×256, `thumbnails/large/`.
    case large
    /// 512×512, `thumbnails/x-large/`.
    case xLarge = "x-large"
    /// 1024×1024, `thumbnails/xx-large/`.
    case xxLarge = "xx-large"

    /// The longest side, in pixels.
    public var pixels: Int {
        switch self {
        case .normal: 128
        case .large: 256
        case .xLarge: 512
        case .xxLarge: 1024
        }
    }
}

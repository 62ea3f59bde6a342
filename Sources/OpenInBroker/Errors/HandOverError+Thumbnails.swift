extension HandOverError.Code {
    /// No thumbnailer of the machine takes the file's type (or a supertype of it).
    public static let noThumbnailer = HandOverError.Code(rawValue: "noThumbnailer")
    /// The thumbnailer failed, timed out, or wrote no valid PNG of the requested size; or an
    /// earlier failure for this very file is recorded in the thumbnail cache.
    public static let thumbnailFailed = HandOverError.Code(rawValue: "thumbnailFailed")
}

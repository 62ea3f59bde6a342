/// Which reader ``DocumentPreview`` applies to a file.
///
/// Policy: the caller decides the kind from the type graph (e.g. conformance to
/// `public.image`); the preview only reads bytes and never infers a kind on its own, except
/// that it reports ``other`` when the chosen reader does not recognise the content.
public enum PreviewKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Plain text: the first lines, the encoding, the line count.
    case text
    /// A raster image: PNG, JPEG, GIF, BMP, WebP or TIFF dimensions and colour.
    case image
    /// A PDF document: version, page count, title.
    case pdf
    /// An archive: the entries of a ZIP or tar file.
    case archive
    /// Audio or video: duration and codecs of WAV, MP4/MOV, FLAC, Ogg or MP3.
    case audiovisual
    /// Anything else: only the size.
    case other
}

/// The well-known identifiers that OpenWith's own logic depends on — the roots of the two
/// hierarchies, the families that resolution, ranking and hand-over test conformance to — each
/// declared once, with Apple's names where Apple has one (`UTType.data`, `UTType.symbolicLink`).
///
/// ```swift
/// graph.identity("public.png").conforms(to: graph.identity(.image))   // true
/// ```
///
/// Compare types with `conforms(to:)`, not by identifier: a type a catalog declares may conform
/// to these without being one of them.
extension TypeIdentifier {
    // MARK: Roots

    /// `public.item`: the root of the physical hierarchy — anything in the file system, files,
    /// folders and links alike.
    public static let item: TypeIdentifier = "public.item"
    /// `public.content`: the root of the functional hierarchy — anything a person reads, views
    /// or plays.
    public static let content: TypeIdentifier = "public.content"
    /// `public.data`: a file's bytes, whatever they hold; the type of a file nothing else
    /// describes.
    public static let data: TypeIdentifier = "public.data"

    // MARK: Physical types

    /// `public.symlink`: a symbolic link.
    public static let symbolicLink: TypeIdentifier = "public.symlink"
    /// `public.executable`: anything the system can run, a program or a script.
    public static let executable: TypeIdentifier = "public.executable"
    /// `public.archive`: files packed into one, such as ZIP or tar.
    public static let archive: TypeIdentifier = "public.archive"
    /// `public.zip-archive`: a ZIP archive.
    public static let zip: TypeIdentifier = "public.zip-archive"
    /// `public.tar-archive`: a tar archive.
    public static let tarArchive: TypeIdentifier = "public.tar-archive"

    // MARK: Functional families

    /// `public.text`: text of any kind, in any encoding.
    public static let text: TypeIdentifier = "public.text"
    /// `public.plain-text`: text with no markup.
    public static let plainText: TypeIdentifier = "public.plain-text"
    /// `public.xml`: an XML document.
    public static let xml: TypeIdentifier = "public.xml"
    /// `public.script`: source code a program runs as it reads it (shell, Python …).
    public static let script: TypeIdentifier = "public.script"
    /// `public.image`: a still image.
    public static let image: TypeIdentifier = "public.image"
    /// `public.audiovisual-content`: sound, moving pictures, or both.
    public static let audiovisualContent: TypeIdentifier = "public.audiovisual-content"
    /// `public.audio`: sound only.
    public static let audio: TypeIdentifier = "public.audio"
    /// `public.movie`: moving pictures, with or without sound.
    public static let movie: TypeIdentifier = "public.movie"
    /// `public.font`: a font.
    public static let font: TypeIdentifier = "public.font"
    /// `public.3d-content`: a three-dimensional model or scene.
    public static let threeDContent: TypeIdentifier = "public.3d-content"
    /// `public.composite-content`: a document mixing text, images and more, such as PDF.
    public static let compositeContent: TypeIdentifier = "public.composite-content"
    /// `com.adobe.pdf`: a PDF document.
    public static let pdf: TypeIdentifier = "com.adobe.pdf"

    // MARK: Parents by media type

    /// The functional parent a MIME type's media type gives a type that no declaration places:
    /// `image/*` → ``image``, `audio/*` → ``audio``, `video/*` → ``movie`` and so on, or `nil`
    /// for a media type without one (`application`, `inode` …).
    ///
    /// ```swift
    /// TypeIdentifier.functionalParent(ofMediaType: "video")   // public.movie
    /// ```
    ///
    /// The table is data, in `Catalog/sources/media-type-parents.tsv`: the generator of the
    /// system catalog reads it for the types it derives from shared-mime-info, and compiles it in
    /// for dynamic types and imported packages. The media type is compared exactly.
    public static func functionalParent(ofMediaType mediaType: some StringProtocol) -> TypeIdentifier? {
        // Compared byte by byte: these names are ASCII, no Unicode comparison is needed.
        var wanted = String(mediaType)
        return wanted.withUTF8 { wanted in
            // Most names differ in length: those are passed over without reading their bytes.
            for entry in mediaTypeParentTable where entry.mediaType.utf8.count == wanted.count {
                var name = entry.mediaType
                if name.withUTF8({ $0.elementsEqual(wanted) }) { return entry.parent }
            }
            return nil
        }
    }
}

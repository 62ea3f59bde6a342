/// One `<mime-type>` of a shared-mime-info package file (`/usr/share/mime/packages/*.xml`).
///
/// Its `<magic>` and `<treemagic>` rules are not kept: content sniffing compiles its own.
///
/// ```swift
/// let png = package.types.first { $0.type == "image/png" }!
/// png.globs.map(\.pattern) // ["*.png"]
/// png.acronym             // "PNG"
/// ```
public struct MimeTypeDefinition: Sendable, Equatable {
    /// The MIME type, such as `"image/png"`.
    public var type: String
    /// The `<comment>` without `xml:lang` (English), if any; localized comments are not kept.
    public var comment: String?
    /// `<acronym>`, such as `"PNG"`.
    public var acronym: String?
    /// `<expanded-acronym>`, such as `"Portable Network Graphics"`.
    public var expandedAcronym: String?
    /// `<alias type=…>`: other names of the same type.
    public var aliases: [String]
    /// `<sub-class-of type=…>`: parent types, in order.
    public var parents: [String]
    /// `<glob>`s, in order.
    public var globs: [MimeGlob]
    /// Whether `<glob-deleteall/>` asks to drop globs from lower-precedence packages.
    public var deletesAllGlobs: Bool
    /// `<generic-icon name=…>`.
    public var genericIcon: String?
    /// `<icon name=…>`.
    public var icon: String?
    /// `<root-XML>` rules.
    public var rootXML: [MimeRootXML]
    /// The 1-based line of the `<mime-type>` start tag.
    public var line: Int

    /// Creates a definition with no details.
    public init(type: String, line: Int = 0) {
        self.type = type
        self.line = line
        aliases = []
        parents = []
        globs = []
        deletesAllGlobs = false
        rootXML = []
    }
}

public import DeclarationFormats
public import DocumentCatalog
public import UniformTypes

/// One app that can open a document, with where it stands and why.
public struct HandlerCandidate: Sendable {
    /// Why an app is in the list, in the order the policy ranks the groups.
    public enum Group: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        /// The user chose this app for this one file.
        case fileOverride = 0
        /// The user's default for the type and role (`openwith default set`).
        case userDefault = 1
        /// A `Default Applications` entry of mimeapps.list for one of the type's MIME types.
        case mimeAppsDefault = 2
        /// The app claims the exact type (or mimeapps.list adds it for the type's MIME type).
        case recommended = 3
        /// The app claims a supertype.
        case fallback = 4
        /// The app claims only a catch-all root (`public.data`, `public.item`, `public.content`).
        case catchAll = 5

        public static func < (lhs: Group, rhs: Group) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .fileOverride: "file override"
            case .userDefault: "user default"
            case .mimeAppsDefault: "mimeapps.list default"
            case .recommended: "recommended"
            case .fallback: "fallback"
            case .catchAll: "catch-all"
            }
        }
    }

    /// The app.
    public var app: CatalogApp
    /// The group it is in.
    public var group: Group
    /// The type its claim matched: the document's type or one of its supertypes.
    public var matchedType: UniformType
    /// How far up the conformance graph the match is: 0 for the type itself, 1 for the first
    /// supertype in breadth-first order, and so on.
    public var distance: Int
    /// The role of the matching claim.
    public var role: DocumentRole
    /// The rank of the matching claim.
    public var rank: HandlerRank
    /// The claim as written (`image/png`, `public.image`, `*`).
    public var claimValue: String
    /// When the app last opened this type.
    public var lastUsed: Double?
    /// Whether this candidate is the default.
    public var isDefault: Bool
    /// Why it is here when not by its own claim (a default, an association), in words.
    var note: String?

    /// Why it is here, in words (built when asked, not while ranking).
    ///
    /// A claim on a dynamic type is a legacy claim of a tag no declared type owns, and says so:
    /// "claims the extension .kdbx, which no declared type owns, as Editor (rank Owner)".
    public var reason: String {
        if let note { return note }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96)
        appendReason(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``reason``'s UTF-8 bytes to `bytes`, with no string made on the way: what a caller
    /// that copies reasons into a buffer of its own (the C library's result blocks) calls.
    public func appendReason(to bytes: inout [UInt8]) {
        if let note {
            bytes += note.utf8
            return
        }
        bytes += "claims ".utf8
        Self.describe(matchedType, into: &bytes)
        if distance > 0 {
            bytes += ", a supertype ".utf8
            Self.appendDecimal(distance, to: &bytes)
            bytes += (distance == 1 ? " step up" : " steps up").utf8
        }
        if matchedType.isDynamic { bytes.append(UInt8(ascii: ",")) }
        bytes += " as ".utf8
        bytes += role.rawValue.utf8
        bytes += " (rank ".utf8
        bytes += rank.rawValue.utf8
        bytes.append(UInt8(ascii: ")"))
    }

    /// A claimed type in words: its identifier, or for a dynamic type the tag it stands for.
    private static func describe(_ type: UniformType, into bytes: inout [UInt8]) {
        guard let tag = type.dynamicTag else {
            bytes += type.identifier.rawValue.utf8
            return
        }
        switch tag.tagClass {
        case .filenameExtension:
            bytes += "the extension .".utf8
            bytes += tag.tag.utf8
            bytes += ", which no declared type owns".utf8
        case .mimeType:
            bytes += "the MIME type ".utf8
            bytes += tag.tag.utf8
            bytes += ", which no declared type names".utf8
        default:
            bytes += "the ".utf8
            bytes += tag.tagClass.rawValue.utf8
            bytes += " tag ".utf8
            bytes += tag.tag.utf8
            bytes += ", which no declared type owns".utf8
        }
    }

    /// A non-negative number's decimal digits.
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}

/// An app that claims the type but is not offered, and why.
public struct ExcludedHandler: Sendable {
    /// The app.
    public var app: CatalogApp
    /// Why it is left out.
    public var reason: String
}

/// The answer to "who can open this type?": the candidates, default first, and the apps left
/// out with their reasons.
public struct HandlerList: Sendable {
    /// The type asked about.
    public var type: UniformType
    /// The role asked for.
    public var role: RequestedRole
    /// The candidates, best first.
    public var candidates: [HandlerCandidate]
    /// Apps that claim the type (or a supertype) but are not offered.
    public var excluded: [ExcludedHandler]

    /// The default handler: the first candidate, when it may be a default.
    public var defaultHandler: HandlerCandidate? { candidates.first.flatMap { $0.isDefault ? $0 : nil } }
}

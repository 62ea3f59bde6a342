/// How strongly an app claims a document type (`LSHandlerRank`), from strongest to weakest.
///
/// A missing key is kept as `nil` in ``DocumentTypeDeclaration/handlerRank``; Launch Services then
/// treats the claim as ``default`` (see ``HandlerRank/missingKeyDefault``). ``none`` never makes the
/// app a default handler.
public enum HandlerRank: String, Sendable, Equatable, CaseIterable, Comparable {
    /// The app created the type: the strongest claim.
    case owner = "Owner"
    /// The app is a natural handler of the type.
    case `default` = "Default"
    /// The app can handle the type but should not become its default.
    case alternate = "Alternate"
    /// The app must never be chosen to open the type (it may still accept drops).
    case none = "None"

    /// The rank Launch Services assumes when `LSHandlerRank` is missing: ``default``.
    public static let missingKeyDefault = HandlerRank.default

    /// Reads a rank from its `Info.plist` spelling, ignoring ASCII case.
    public init?(plistValue: String) {
        guard let rank = Self.allCases.first(where: { $0.rawValue.lowercased() == plistValue.lowercased() }) else {
            return nil
        }
        self = rank
    }

    /// Stronger ranks sort first: `owner < default < alternate < none`.
    public static func < (lhs: HandlerRank, rhs: HandlerRank) -> Bool {
        lhs.strength > rhs.strength
    }

    private var strength: Int {
        switch self {
        case .owner: 3
        case .default: 2
        case .alternate: 1
        case .none: 0
        }
    }
}

/// What a share or action extension accepts: how many files, images, movies, text items and web
/// URLs, and which types (checked by conformance), as its activation rule states it.
///
/// Policy (how ``ShareExtensionDeclaration`` readers fill it, and how the share sheet applies it):
/// - a limit that is `nil` was not stated: that kind of item is not accepted by it;
///   a limit of 0 is stated and accepts none;
/// - a file is counted as an image when it conforms to `public.image` and the rule states an image
///   limit, as a movie when it conforms to `public.movie` and the rule states a movie limit, and
///   otherwise as a file (the file limit covers images and movies the rule gives no limit of their own);
/// - text items count against ``maxText``, web URLs against ``maxWebURLs``;
/// - an item no stated limit counts is still accepted as an attachment when ``maxAttachments`` is
///   stated; ``maxAttachments`` and ``minAttachments`` bound the number of all items;
/// - with ``acceptedTypes``, every item must conform to one of them (a text item is
///   `public.plain-text`, a web URL `public.url`);
/// - ``acceptsAnything`` (`TRUEPREDICATE`) accepts any set of one item or more.
///
/// ```swift
/// var rule = ShareActivationRule()
/// rule.maxImages = 10
/// rule.maxWebURLs = 1
/// ```
public struct ShareActivationRule: Sendable, Equatable {
    /// How the rule was written.
    public enum Form: String, Sendable, Equatable, Codable {
        /// The dictionary of `NSExtensionActivationSupports…` keys (or the desktop-entry keys).
        case dictionary
        /// A predicate string read for its `UTI-CONFORMS-TO` types and its `@count` bound.
        case predicate
        /// `TRUEPREDICATE`: every set.
        case anything
    }

    /// How the rule was written.
    public var form: Form
    /// `NSExtensionActivationSupportsFileWithMaxCount`.
    public var maxFiles: Int?
    /// `NSExtensionActivationSupportsImageWithMaxCount`.
    public var maxImages: Int?
    /// `NSExtensionActivationSupportsMovieWithMaxCount`.
    public var maxMovies: Int?
    /// `NSExtensionActivationSupportsTextWithMaxCount` (`NSExtensionActivationSupportsText` = true
    /// is any number).
    public var maxText: Int?
    /// `NSExtensionActivationSupportsWebURLWithMaxCount` (or, when absent,
    /// `NSExtensionActivationSupportsWebPageWithMaxCount`).
    public var maxWebURLs: Int?
    /// `NSExtensionActivationSupportsAttachmentsWithMaxCount`, or a predicate's `@count` bound.
    public var maxAttachments: Int?
    /// `NSExtensionActivationSupportsAttachmentsWithMinCount` (0 when absent).
    public var minAttachments: Int
    /// The types every item must conform to (empty: no type condition).
    public var acceptedTypes: [String]

    /// Creates a rule; with no arguments, a dictionary rule that accepts nothing yet.
    public init(
        form: Form = .dictionary, maxFiles: Int? = nil, maxImages: Int? = nil, maxMovies: Int? = nil, maxText: Int? = nil,
        maxWebURLs: Int? = nil, maxAttachments: Int? = nil, minAttachments: Int = 0, acceptedTypes: [String] = []
    ) {
        self.form = form
        self.maxFiles = maxFiles
        self.maxImages = maxImages
        self.maxMovies = maxMovies
        self.maxText = maxText
        self.maxWebURLs = maxWebURLs
        self.maxAttachments = maxAttachments
        self.minAttachments = minAttachments
        self.acceptedTypes = acceptedTypes
    }

    /// Whether the rule is `TRUEPREDICATE`.
    public var acceptsAnything: Bool { form == .anything }

    /// Whether some set of items could satisfy the rule: it accepts anything, or states a positive
    /// limit of some kind, or a type list. A rule that accepts nothing is malformed.
    public var acceptsSomething: Bool {
        if acceptsAnything { return true }
        let limits = [maxFiles, maxImages, maxMovies, maxText, maxWebURLs, maxAttachments]
        if limits.contains(where: { ($0 ?? 0) > 0 }) { return true }
        return !acceptedTypes.isEmpty && maxAttachments == nil
    }

    /// The largest count a rule can state; `NSExtensionActivationSupportsText` = true is stored as it.
    public static let unlimited = 1 << 30
}

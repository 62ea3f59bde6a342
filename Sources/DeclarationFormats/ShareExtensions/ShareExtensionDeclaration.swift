/// A share or action extension an app declares: its id, its kind, its title and its activation
/// rule.
///
/// Declared in an `Info.plist` (`NSExtension` with `NSExtensionPointIdentifier`
/// `com.apple.share-services`, `com.apple.ui-services` or `com.apple.services`, and
/// `NSExtensionAttributes/NSExtensionActivationRule`; read by
/// ``ShareExtensionDeclaration/read(propertyList:source:identifier:)``) or in a desktop entry's
/// `X-OpenWith-Share-*` keys (read by ``ShareExtensionDeclaration/read(desktopEntry:identifier:)``).
///
/// ```swift
/// if let share = try ShareExtensionDeclaration.read(propertyList: plist, source: path, identifier: "org.example.Notes.Share") {
///     print(share.kind, share.rule.maxImages ?? 0)
/// }
/// ```
public struct ShareExtensionDeclaration: Sendable, Equatable {
    /// Where the extension appears in the share sheet.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// A share extension (`com.apple.share-services`): posts or saves the items elsewhere.
        case share
        /// An action extension (`com.apple.ui-services`, `com.apple.services`): acts on the items.
        case action
    }

    /// The extension's id: the bundle identifier of its `Info.plist`, or the desktop-file id.
    public var identifier: String
    /// Share or action.
    public var kind: Kind
    /// The name shown in the share sheet (`CFBundleDisplayName`, `X-OpenWith-Share-Title`), if any.
    public var title: String?
    /// What it accepts.
    public var rule: ShareActivationRule
    /// The file it was declared in.
    public var source: String

    /// Creates a declaration.
    public init(identifier: String, kind: Kind, title: String? = nil, rule: ShareActivationRule, source: String) {
        self.identifier = identifier
        self.kind = kind
        self.title = title
        self.rule = rule
        self.source = source
    }
}

extension CatalogFormatError.Code {
    /// A share or action extension's activation rule cannot be read: a count that is not a
    /// non-negative integer, a predicate that names no type, a rule that accepts nothing.
    public static let malformedActivationRule = Self(rawValue: "malformedActivationRule")
}

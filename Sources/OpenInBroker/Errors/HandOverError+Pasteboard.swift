extension HandOverError.Code {
    /// A pasteboard name is empty, too long, or holds a character other than ASCII letters,
    /// digits, `.`, `-` and `_` (a `/`, `..` or a control character among them).
    public static let invalidPasteboardName = HandOverError.Code(rawValue: "invalidPasteboardName")
    /// A write asked for something the board does not take: expiry or local-only on a named
    /// board, no representation, two representations of one type in an item, or more items or
    /// representations than the limits allow.
    public static let invalidPasteboardWrite = HandOverError.Code(rawValue: "invalidPasteboardWrite")
    /// The items of a write hold more bytes than the pasteboard's size limit.
    public static let pasteboardTooLarge = HandOverError.Code(rawValue: "pasteboardTooLarge")
    /// A pasteboard file is not one OpenWith wrote, or is cut short.
    public static let pasteboardDamaged = HandOverError.Code(rawValue: "pasteboardDamaged")
    /// The board holds no items (never written, cleared, or expired).
    public static let pasteboardEmpty = HandOverError.Code(rawValue: "pasteboardEmpty")
    /// No representation on the board conforms to the type asked for.
    public static let noConformingRepresentation = HandOverError.Code(rawValue: "noConformingRepresentation")
    /// A desktop clipboard program failed, took too long, or gave more bytes than the limit.
    public static let desktopClipboardFailed = HandOverError.Code(rawValue: "desktopClipboardFailed")
}

extension HandOverError.Code {
    /// The extension's activation rule refuses the set of items; nothing was copied.
    public static let shareRefused = HandOverError.Code(rawValue: "shareRefused")
    /// No share or action extension has the id given.
    public static let unknownExtension = HandOverError.Code(rawValue: "unknownExtension")
    /// A shared text or URL is refused (empty, too long, a NUL, not `http`/`https`).
    public static let invalidShareItem = HandOverError.Code(rawValue: "invalidShareItem")
}

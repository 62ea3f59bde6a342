public import DeclarationFormats

extension CatalogFormatError.Code {
    /// The file could not be read (missing, permission denied, not a regular file).
    public static let unreadable = CatalogFormatError.Code(rawValue: "unreadable")
}

extension CatalogFormatWarning.Code {
    /// A declaration was left out of the import, with the reason.
    public static let skippedDeclaration = CatalogFormatWarning.Code(rawValue: "skippedDeclaration")
    /// A property list or bundle found in a folder being registered was not registered, with
    /// the reason (it is no app's `Info.plist`, or it could not be read).
    public static let skippedFile = CatalogFormatWarning.Code(rawValue: "skippedFile")
}

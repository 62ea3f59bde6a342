public import DeclarationFormats

extension CatalogFormatError.Code {
    /// The file could not be read (missing, permission denied, not a regular file).
    public static let unreadable = CatalogFormatError.Code(rawValue: "unreadable")
}

extension CatalogFormatWarning.Code {
    /// A declaration was left out of the import, with the reason.
    public static let skippedDeclaration = CatalogFormatWarning.Code(rawValue: "skippedDeclaration")
}

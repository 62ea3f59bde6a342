extension DesktopEntry {
    /// `X-OpenWith-App-Groups=`: the app groups the app belongs to, with the warnings of the ids
    /// skipped (see ``AppGroupDeclarations`` for the policy).
    public var applicationGroups: (groups: [String], warnings: [CatalogFormatWarning]) {
        AppGroupDeclarations.read(desktopEntry: self)
    }
}

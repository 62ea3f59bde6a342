public import DeclarationFormats

/// A share or action extension as the catalog holds it: its declaration and the app that declares it.
///
/// ```swift
/// for registered in try catalog.shareExtensions() { print(registered.appID, registered.declaration.identifier) }
/// ```
public struct RegisteredShareExtension: Sendable, Equatable {
    /// The app that declares it.
    public var appID: String
    /// What it declares.
    public var declaration: ShareExtensionDeclaration

    /// Creates a registered extension.
    public init(appID: String, declaration: ShareExtensionDeclaration) {
        self.appID = appID
        self.declaration = declaration
    }

    /// The extension's id.
    public var identifier: String { declaration.identifier }
}

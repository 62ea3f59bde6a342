public import DeclarationFormats
public import DocumentCatalog

extension HandOverError.Code {
    /// No app can open the document (or the named one cannot).
    public static let noHandler = HandOverError.Code(rawValue: "noHandler")
    /// The app named is not registered.
    public static let unknownApp = HandOverError.Code(rawValue: "unknownApp")
    /// The grant does not allow what was asked (writing an inbox copy, say).
    public static let rightDenied = HandOverError.Code(rawValue: "rightDenied")
    /// The file is not one the app was granted.
    public static let notGranted = HandOverError.Code(rawValue: "notGranted")
    /// A provider tried to grant a file outside its storage root.
    public static let outsideProviderRoot = HandOverError.Code(rawValue: "outsideProviderRoot")
    /// A provider's storage root is refused: empty, `/`, or overlapping the catalog's data
    /// folder (where every app's container lives).
    public static let invalidStorageRoot = HandOverError.Code(rawValue: "invalidStorageRoot")
    /// The app is not a registered document provider.
    public static let notAProvider = HandOverError.Code(rawValue: "notAProvider")
    /// The document's type is not one the picking app asked for.
    public static let typeNotAccepted = HandOverError.Code(rawValue: "typeNotAccepted")
    /// The URL's scheme has no registered handler.
    public static let unregisteredScheme = HandOverError.Code(rawValue: "unregisteredScheme")
    /// The sending app is not on the handler's allow-list.
    public static let sourceNotAllowed = HandOverError.Code(rawValue: "sourceNotAllowed")
    /// A signed URL came again: its signature was already used.
    public static let signatureReplayed = HandOverError.Code(rawValue: "signatureReplayed")
    /// A URL whose scheme reaches local files or runs script (`file:`, `javascript:` …) was sent
    /// to a handler that does not explicitly allow the sending app.
    public static let localOrScriptScheme = HandOverError.Code(rawValue: "localOrScriptScheme")
    /// Launching the handler failed.
    public static let launchFailed = HandOverError.Code(rawValue: "launchFailed")
    /// The catalog failed underneath the hand-over.
    public static let catalogFailure = HandOverError.Code(rawValue: "catalogFailure")
    /// What a default was asked for is no type identifier, extension, MIME type or scheme.
    public static let invalidTarget = HandOverError.Code(rawValue: "invalidTarget")
}

extension HandOverError {
    /// A catalog error seen through the hand-over.
    public init(_ error: CatalogError) {
        let code: Code
        switch error.code {
        case .notFound: code = .unknownApp
        default: code = .catalogFailure
        }
        self.init(code, reason: error.reason, path: error.path, key: error.key)
    }
}

extension HandOverError {
    /// An `Exec` syntax error seen through the hand-over, with the same key and value.
    public init(_ error: DesktopExecSyntaxError) {
        let code: Code
        switch error.code {
        case .invalidExecLine: code = .invalidExecLine
        case .invalidFieldCode: code = .invalidFieldCode
        case .fieldCodeInQuotes: code = .fieldCodeInQuotes
        case .unterminatedQuote: code = .unterminatedQuote
        }
        self.init(code, reason: error.reason, key: error.key, value: error.value)
    }
}

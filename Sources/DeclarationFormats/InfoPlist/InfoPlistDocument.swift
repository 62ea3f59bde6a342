/// What the catalog needs from an app's `Info.plist`: identity, document types, type declarations,
/// URL schemes and queried schemes, read leniently from a ``PropertyListValue``.
///
/// Policies (real files are messy; import what is sound, report the rest in ``warnings``):
/// - a value of the wrong type for a key is skipped with a warning naming the key path
///   (`CFBundleDocumentTypes[3].CFBundleTypeRole`); a whole entry is skipped only when the entry itself
///   is not a dictionary, or a type declaration has no `UTTypeIdentifier`; the file never fails for it;
/// - empty strings in lists are skipped with a warning; `*` and `****` become wildcard flags;
/// - a string where a list belongs is read as a one-element list (Apple allows it for
///   `UTTypeConformsTo` and tags, and files use it elsewhere too);
/// - build variables (`$(PRODUCT_BUNDLE_IDENTIFIER)`, `${EXECUTABLE_NAME}`, `@VAR@`) are kept raw;
///   ``buildVariables`` lists them and ``hasUnresolvedBuildVariable`` tells the importer to warn or
///   substitute (`BuildVariables.substitute(in:values:)` on the property list before reading it);
/// - identity: parsing succeeds without `CFBundleIdentifier` and without a name, because checked-in
///   `Info.plist` templates often leave both to the build (Xcode's `INFOPLIST_KEY_*` settings); a
///   ``CatalogFormatWarning/Code/missingIdentity`` warning is added, and ``requireIdentity(fallback:)``
///   throws when the importer has no other identity to use;
/// - the only error besides a broken property list is a root that is not a dictionary.
///
/// ```swift
/// let document = try InfoPlistDocument.parse(bytes, source: "Foo.app/Contents/Info.plist")
/// let id = try document.requireIdentity()
/// for type in document.documentTypes { print(type.contentTypes, type.role) }
/// ```
public struct InfoPlistDocument: Sendable, Equatable {
    /// The file, as the caller named it.
    public var source: String
    /// `CFBundleIdentifier`, raw (it may hold a build variable).
    public var bundleIdentifier: String?
    /// `CFBundleDisplayName`, else `CFBundleName`.
    public var name: String?
    /// `CFBundleShortVersionString`, else `CFBundleVersion`.
    public var version: String?
    /// `CFBundleExecutable`.
    public var executable: String?
    /// `CFBundleDocumentTypes`, in order, without skipped entries.
    public var documentTypes: [DocumentTypeDeclaration]
    /// `UTExportedTypeDeclarations`, in order, without skipped entries.
    public var exportedTypes: [TypeDeclarationEntry]
    /// `UTImportedTypeDeclarations`, in order, without skipped entries.
    public var importedTypes: [TypeDeclarationEntry]
    /// `CFBundleURLTypes`, in order, without skipped entries.
    public var urlTypes: [URLTypeDeclaration]
    /// `LSApplicationQueriesSchemes`: the URL schemes the app may ask `canOpenURL` about.
    public var queriedSchemes: [String]
    /// Every distinct build-variable reference in the file's string values, sorted.
    public var buildVariables: [String]
    /// What was skipped or repaired while reading.
    public var warnings: [CatalogFormatWarning]
    /// The `applinks:` domains of `com.apple.developer.associated-domains` (universal links).
    public var associatedDomains: [AssociatedDomain] = []
    /// `com.apple.security.application-groups`: the app groups the app belongs to (see ``AppGroupDeclarations``).
    public var applicationGroups: [String] = []

    /// Creates a document from its parts.
    public init(
        source: String, bundleIdentifier: String? = nil, name: String? = nil, version: String? = nil,
        executable: String? = nil, documentTypes: [DocumentTypeDeclaration] = [],
        exportedTypes: [TypeDeclarationEntry] = [], importedTypes: [TypeDeclarationEntry] = [],
        urlTypes: [URLTypeDeclaration] = [], queriedSchemes: [String] = [], buildVariables: [String] = [],
        warnings: [CatalogFormatWarning] = []
    ) {
        self.source = source
        self.bundleIdentifier = bundleIdentifier
        self.name = name
        self.version = version
        self.executable = executable
        self.documentTypes = documentTypes
        self.exportedTypes = exportedTypes
        self.importedTypes = importedTypes
        self.urlTypes = urlTypes
        self.queriedSchemes = queriedSchemes
        self.buildVariables = buildVariables
        self.warnings = warnings
    }

    /// Reads the document from a parsed property list.
    ///
    /// - Throws: ``CatalogFormatError/Code/malformedInfoPlist`` if the root is not a dictionary.
    public init(propertyList: PropertyListValue, source: String) throws(CatalogFormatError) {
        guard case .dictionary(let root) = propertyList else {
            throw CatalogFormatError(
                code: .malformedInfoPlist, source: source,
                reason: "the root is a \(propertyList.typeName), not a dictionary")
        }
        var reader = InfoPlistReader(source: source)
        self = reader.read(root)
        associatedDomains = AssociatedDomain.declared(in: root, source: source, warnings: &warnings)
        buildVariables = BuildVariables.references(in: propertyList)
        let groups = AppGroupDeclarations.read(infoPlist: root, source: source)
        applicationGroups = groups.groups
        warnings += groups.warnings
    }

    /// Parses an XML or binary `Info.plist`.
    public static func parse(
        _ bytes: [UInt8], source: String, limits: CatalogFormatLimits = .default
    ) throws(CatalogFormatError) -> InfoPlistDocument {
        try InfoPlistDocument(
            propertyList: PropertyListParser.parse(bytes, source: source, limits: limits), source: source)
    }

    /// Parses an XML or binary `Info.plist` held in raw memory (copied once).
    public static func parse(
        _ buffer: UnsafeRawBufferPointer, source: String, limits: CatalogFormatLimits = .default
    ) throws(CatalogFormatError) -> InfoPlistDocument {
        try InfoPlistDocument(
            propertyList: PropertyListParser.parse(buffer, source: source, limits: limits), source: source)
    }

    /// Whether any string value of the file holds an unresolved build variable.
    public var hasUnresolvedBuildVariable: Bool { !buildVariables.isEmpty }

    /// The best identity the file offers: a bundle identifier without build variables, else a name
    /// without build variables, else `fallback` (such as the bundle folder's name).
    ///
    /// - Throws: ``CatalogFormatError/Code/missingRequiredKey`` naming `CFBundleIdentifier` when there is
    ///   none of those.
    public func requireIdentity(fallback: String? = nil) throws(CatalogFormatError) -> String {
        for candidate in [bundleIdentifier, name, fallback] {
            if let candidate, !candidate.isEmpty, !BuildVariables.containsUnresolved(candidate) { return candidate }
        }
        let found = [bundleIdentifier, name].compactMap { $0 }
        throw CatalogFormatError(
            code: .missingRequiredKey, source: source, key: "CFBundleIdentifier",
            reason: found.isEmpty
                ? "no CFBundleIdentifier and no CFBundleName: the app cannot be identified"
                : "the identity \(found.map { "\"\($0)\"" }.joined(separator: ", ")) holds unresolved build variables")
    }
}

import DeclarationFormats

/// Finds the share and action extensions an `Info.plist` app declares.
///
/// Policy: the property list registered may itself be an extension's (its `NSExtension` names a
/// share or action point; the extension's id is then the app's id), and an `.app` folder's
/// `PlugIns/*.appex` bundles (`Contents/PlugIns/` for a macOS layout) are read as its extensions,
/// each identified by its own `CFBundleIdentifier`. A malformed activation rule, an embedded
/// extension without an identifier and two extensions with one id refuse the registration, naming
/// the file, the key and the reason.
enum ShareExtensionImport {
    /// The extensions of the bundle at `bundle`, whose property list was read from `propertyListPath`.
    static func declarations(
        bundle: String, propertyList: PropertyListValue, propertyListPath: String, appID: String
    ) throws(CatalogFormatError) -> [ShareExtensionDeclaration] {
        var found: [ShareExtensionDeclaration] = []
        if let own = try ShareExtensionDeclaration.read(propertyList: propertyList, source: propertyListPath, identifier: appID) {
            found.append(own)
        }
        guard FileReading.isDirectory(bundle) else { return found }
        for plugins in [bundle + "/PlugIns", bundle + "/Contents/PlugIns"] where FileReading.isDirectory(plugins) && !FileReading.isSymlink(plugins) {
            for name in FileReading.entries(plugins) where name.hasSuffix(".appex") {
                let folder = plugins + "/" + name
                guard !FileReading.isSymlink(folder) else { continue }
                let path = FileReading.exists(folder + "/Contents/Info.plist") ? folder + "/Contents/Info.plist" : folder + "/Info.plist"
                let plist = try PropertyListParser.parse(try FileReading.read(path, limit: 4 << 20), source: path)
                let identifier = plist["CFBundleIdentifier"]?.stringValue ?? ""
                if let problem = identifier.isEmpty ? "is missing" : BuildVariables.containsUnresolved(identifier) ? "holds an unresolved build variable" : AppIdentifierRules.problem(in: identifier) {
                    throw CatalogFormatError(code: .malformedActivationRule, source: path, key: "CFBundleIdentifier", reason: "the extension's identifier \(problem)")
                }
                if let declaration = try ShareExtensionDeclaration.read(propertyList: plist, source: path, identifier: identifier) {
                    found.append(declaration)
                }
            }
        }
        var seen: Set<String> = []
        for declaration in found where !seen.insert(declaration.identifier.lowercased()).inserted {
            throw CatalogFormatError(code: .malformedActivationRule, source: declaration.source, key: "CFBundleIdentifier", reason: "another extension of \(appID) has the id \(declaration.identifier)")
        }
        return found
    }
}

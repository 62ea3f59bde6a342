/// Reads the keys of an `Info.plist` dictionary into an ``InfoPlistDocument``, collecting warnings.
/// See ``InfoPlistDocument`` for the policies.
struct InfoPlistReader {
    let source: String
    private(set) var warnings: [CatalogFormatWarning] = []

    init(source: String) { self.source = source }

    mutating func read(_ root: PropertyListDictionary) -> InfoPlistDocument {
        var document = InfoPlistDocument(source: source)
        document.bundleIdentifier = string(root["CFBundleIdentifier"], at: "CFBundleIdentifier")
        document.name =
            string(root["CFBundleDisplayName"], at: "CFBundleDisplayName")
            ?? string(root["CFBundleName"], at: "CFBundleName")
        document.version =
            string(root["CFBundleShortVersionString"], at: "CFBundleShortVersionString")
            ?? string(root["CFBundleVersion"], at: "CFBundleVersion")
        document.executable = string(root["CFBundleExecutable"], at: "CFBundleExecutable")
        if document.bundleIdentifier == nil, document.name == nil {
            warn(
                .missingIdentity, "CFBundleIdentifier",
                "no CFBundleIdentifier and no CFBundleName: the importer must supply the app's identity")
        }
        for (index, entry, path) in dictionaries(root["CFBundleDocumentTypes"], at: "CFBundleDocumentTypes") {
            document.documentTypes.append(documentType(entry, index: index, path: path))
        }
        for key in ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations"] {
            for (index, entry, path) in dictionaries(root[key], at: key) {
                guard let declaration = typeDeclaration(entry, index: index, path: path) else { continue }
                if key == "UTExportedTypeDeclarations" {
                    document.exportedTypes.append(declaration)
                } else {
                    document.importedTypes.append(declaration)
                }
            }
        }
        for (index, entry, path) in dictionaries(root["CFBundleURLTypes"], at: "CFBundleURLTypes") {
            document.urlTypes.append(
                URLTypeDeclaration(
                    index: index,
                    name: string(entry["CFBundleURLName"], at: path + ".CFBundleURLName"),
                    schemes: strings(entry["CFBundleURLSchemes"], at: path + ".CFBundleURLSchemes"),
                    declaredRole: role(entry["CFBundleTypeRole"], at: path + ".CFBundleTypeRole"),
                    handlerRank: rank(entry["LSHandlerRank"], at: path + ".LSHandlerRank"),
                    iconFile: string(entry["CFBundleURLIconFile"], at: path + ".CFBundleURLIconFile")))
        }
        document.queriedSchemes = strings(root["LSApplicationQueriesSchemes"], at: "LSApplicationQueriesSchemes")
        document.warnings = warnings
        return document
    }

    private mutating func documentType(
        _ entry: PropertyListDictionary, index: Int, path: String
    ) -> DocumentTypeDeclaration {
        var declaration = DocumentTypeDeclaration(index: index)
        declaration.name = string(entry["CFBundleTypeName"], at: path + ".CFBundleTypeName")
        declaration.declaredRole = role(entry["CFBundleTypeRole"], at: path + ".CFBundleTypeRole")
        declaration.handlerRank = rank(entry["LSHandlerRank"], at: path + ".LSHandlerRank")
        declaration.declaresContentTypes = entry["LSItemContentTypes"] != nil
        declaration.contentTypes = strings(entry["LSItemContentTypes"], at: path + ".LSItemContentTypes")
        let extensions = strings(entry["CFBundleTypeExtensions"], at: path + ".CFBundleTypeExtensions")
        declaration.extensions = extensions.filter { $0 != "*" }
        declaration.matchesAllExtensions = extensions.contains("*")
        declaration.mimeTypes = strings(entry["CFBundleTypeMIMETypes"], at: path + ".CFBundleTypeMIMETypes")
        let osTypes = strings(entry["CFBundleTypeOSTypes"], at: path + ".CFBundleTypeOSTypes")
        declaration.osTypes = osTypes.filter { $0 != "****" }
        declaration.matchesAllOSTypes = osTypes.contains("****")
        declaration.isPackage = bool(entry["LSTypeIsPackage"], at: path + ".LSTypeIsPackage")
        declaration.iconFile =
            string(entry["CFBundleTypeIconFile"], at: path + ".CFBundleTypeIconFile")
            ?? strings(entry["CFBundleTypeIconFiles"], at: path + ".CFBundleTypeIconFiles").first
        return declaration
    }

    private mutating func typeDeclaration(
        _ entry: PropertyListDictionary, index: Int, path: String
    ) -> TypeDeclarationEntry? {
        guard let identifier = string(entry["UTTypeIdentifier"], at: path + ".UTTypeIdentifier") else {
            warn(.missingRequiredKey, path + ".UTTypeIdentifier", "type declaration without UTTypeIdentifier skipped")
            return nil
        }
        var declaration = TypeDeclarationEntry(index: index, identifier: identifier)
        declaration.conformsTo = strings(entry["UTTypeConformsTo"], at: path + ".UTTypeConformsTo")
        if let specification = entry["UTTypeTagSpecification"] {
            let specificationPath = path + ".UTTypeTagSpecification"
            if case .dictionary(let tags) = specification {
                for (tagClass, value) in tags {
                    let list = strings(value, at: specificationPath + "." + tagClass)
                    if !list.isEmpty { declaration.tags[tagClass, default: []].append(contentsOf: list) }
                }
            } else {
                wrongType(specification, expected: "dict", at: specificationPath)
            }
        }
        declaration.typeDescription = string(entry["UTTypeDescription"], at: path + ".UTTypeDescription")
        declaration.iconFiles =
            [string(entry["UTTypeIconFile"], at: path + ".UTTypeIconFile")].compactMap { $0 }
            + strings(entry["UTTypeIconFiles"], at: path + ".UTTypeIconFiles")
        if let icons = entry["UTTypeIcons"] {
            let iconsPath = path + ".UTTypeIcons"
            if case .dictionary(let icons) = icons {
                declaration.iconName = string(icons["UTTypeIconName"], at: iconsPath + ".UTTypeIconName")
                declaration.iconBadgeName = string(icons["UTTypeIconBadgeName"], at: iconsPath + ".UTTypeIconBadgeName")
                declaration.iconBackgroundName = string(
                    icons["UTTypeIconBackgroundName"], at: iconsPath + ".UTTypeIconBackgroundName")
                declaration.iconText = string(icons["UTTypeIconText"], at: iconsPath + ".UTTypeIconText")
            } else {
                wrongType(icons, expected: "dict", at: iconsPath)
            }
        }
        declaration.referenceURL = string(entry["UTTypeReferenceURL"], at: path + ".UTTypeReferenceURL")
        return declaration
    }

    // MARK: - Typed access with warnings

    /// A non-empty string, or `nil` (with a warning for empty strings and other types).
    private mutating func string(_ value: PropertyListValue?, at path: String) -> String? {
        guard let value else { return nil }
        guard case .string(let string) = value else {
            wrongType(value, expected: "string", at: path)
            return nil
        }
        guard !string.isEmpty else {
            warn(.emptyString, path, "empty string skipped")
            return nil
        }
        return string
    }

    /// A list of non-empty strings; a single string is a one-element list.
    private mutating func strings(_ value: PropertyListValue?, at path: String) -> [String] {
        guard let value else { return [] }
        switch value {
        case .string:
            return string(value, at: path).map { [$0] } ?? []
        case .array(let elements):
            var result: [String] = []
            result.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if let string = string(element, at: path + "[\(index)]") { result.append(string) }
            }
            return result
        default:
            wrongType(value, expected: "array", at: path)
            return []
        }
    }

    /// A Boolean: `<true/>`/`<false/>`, or the strings `YES`/`NO`/`true`/`false`/`1`/`0`, or 0/1.
    private mutating func bool(_ value: PropertyListValue?, at path: String) -> Bool? {
        guard let value else { return nil }
        switch value {
        case .bool(let flag):
            return flag
        case .integer(let number) where number == 0 || number == 1:
            return number == 1
        case .string(let text):
            switch text.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default:
                warn(.invalidValue, path, "\"\(text)\" is not a Boolean; skipped")
                return nil
            }
        default:
            wrongType(value, expected: "boolean", at: path)
            return nil
        }
    }

    private mutating func role(_ value: PropertyListValue?, at path: String) -> DocumentRole? {
        guard let text = string(value, at: path) else { return nil }
        guard let role = DocumentRole(plistValue: text) else {
            warn(.invalidValue, path, "unknown role \"\(text)\"; treated as missing")
            return nil
        }
        return role
    }

    private mutating func rank(_ value: PropertyListValue?, at path: String) -> HandlerRank? {
        guard let text = string(value, at: path) else { return nil }
        guard let rank = HandlerRank(plistValue: text) else {
            warn(.invalidValue, path, "unknown handler rank \"\(text)\"; treated as missing")
            return nil
        }
        return rank
    }

    /// The dictionary entries of an array of dictionaries; other entries are skipped with a warning.
    private mutating func dictionaries(
        _ value: PropertyListValue?, at path: String
    ) -> [(Int, PropertyListDictionary, String)] {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            wrongType(value, expected: "array", at: path)
            return []
        }
        var result: [(Int, PropertyListDictionary, String)] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path + "[\(index)]"
            guard case .dictionary(let dictionary) = element else {
                wrongType(element, expected: "dict", at: elementPath)
                continue
            }
            result.append((index, dictionary, elementPath))
        }
        return result
    }

    private mutating func wrongType(_ value: PropertyListValue, expected: String, at path: String) {
        warn(.wrongValueType, path, "expected \(expected), found \(value.typeName); skipped")
    }

    private mutating func warn(_ code: CatalogFormatWarning.Code, _ key: String, _ reason: String) {
        warnings.append(CatalogFormatWarning(code: code, source: source, key: key, reason: reason))
    }
}

extension ShareExtensionDeclaration {
    /// The `NSExtensionActivationRule` dictionary keys that state a count, with the limit each sets.
    static func dictionaryLimit(_ key: String) -> WritableKeyPath<ShareActivationRule, Int?>? {
        switch key {
        case "NSExtensionActivationSupportsFileWithMaxCount": \.maxFiles
        case "NSExtensionActivationSupportsImageWithMaxCount": \.maxImages
        case "NSExtensionActivationSupportsMovieWithMaxCount": \.maxMovies
        case "NSExtensionActivationSupportsTextWithMaxCount": \.maxText
        case "NSExtensionActivationSupportsWebURLWithMaxCount": \.maxWebURLs
        case "NSExtensionActivationSupportsAttachmentsWithMaxCount": \.maxAttachments
        default: nil
        }
    }

    /// Keys of the dictionary form that are read but change nothing here (the dictionary's
    /// version, strict matching) or are read in a second step.
    static let otherDictionaryKeys: Set<String> = [
        "NSExtensionActivationSupportsText", "NSExtensionActivationSupportsWebPageWithMaxCount",
        "NSExtensionActivationSupportsAttachmentsWithMinCount", "NSExtensionActivationDictionaryVersion",
        "NSExtensionActivationUsesStrictMatching",
    ]

    /// Reads the share or action extension an `Info.plist` declares, if any.
    ///
    /// Policy: a property list without `NSExtension`, or whose extension point is not a share
    /// (`com.apple.share-services`) or action (`com.apple.ui-services`, `com.apple.services`)
    /// point, declares none (`nil`). A share or action extension must state
    /// `NSExtensionAttributes/NSExtensionActivationRule`, as a dictionary of the
    /// `NSExtensionActivationSupports…` keys, as `TRUEPREDICATE`, or as a predicate whose
    /// `UTI-CONFORMS-TO "type"` terms list the types it takes (its first `@count` comparison
    /// bounds the number of items). Counts are non-negative integers (a string of digits is
    /// read too); an unknown key of the dictionary, a count that is not one, a predicate naming no
    /// type and a rule that accepts nothing are refused, naming the file, the key and the reason,
    /// because a rule read in part would offer the extension items it never meant to take.
    ///
    /// - Parameters:
    ///   - identifier: the extension's id (its bundle identifier, resolved by the caller).
    /// - Throws: ``CatalogFormatError/Code/malformedActivationRule``.
    public static func read(
        propertyList: PropertyListValue, source: String, identifier: String
    ) throws(CatalogFormatError) -> ShareExtensionDeclaration? {
        guard let root = propertyList.dictionaryValue, let value = root["NSExtension"] else { return nil }
        guard let ext = value.dictionaryValue else {
            throw refusal(source, "NSExtension", "is a \(value.typeName), not a dictionary")
        }
        guard let point = ext["NSExtensionPointIdentifier"]?.stringValue else {
            throw refusal(source, "NSExtension.NSExtensionPointIdentifier", "is missing: the extension point cannot be known")
        }
        let kind: Kind
        switch point {
        case "com.apple.share-services": kind = .share
        case "com.apple.ui-services", "com.apple.services": kind = .action
        default: return nil
        }
        let ruleKey = "NSExtension.NSExtensionAttributes.NSExtensionActivationRule"
        guard let attributes = ext["NSExtensionAttributes"]?.dictionaryValue, let ruleValue = attributes["NSExtensionActivationRule"] else {
            throw refusal(source, ruleKey, "is missing: a \(kind.rawValue) extension without an activation rule is never offered")
        }
        let rule: ShareActivationRule
        switch ruleValue {
        case .dictionary(let dictionary): rule = try readDictionary(dictionary, source: source, key: ruleKey)
        case .string(let text): rule = try ShareActivationPredicate.rule(text, source: source, key: ruleKey)
        default: throw refusal(source, ruleKey, "is a \(ruleValue.typeName); a dictionary or a predicate string is expected")
        }
        guard rule.acceptsSomething else { throw refusal(source, ruleKey, "accepts nothing: every count is 0 or missing") }
        let title = root["CFBundleDisplayName"]?.stringValue ?? root["CFBundleName"]?.stringValue
        return ShareExtensionDeclaration(identifier: identifier, kind: kind, title: title, rule: rule, source: source)
    }

    /// The dictionary form of the rule.
    static func readDictionary(_ dictionary: PropertyListDictionary, source: String, key: String) throws(CatalogFormatError) -> ShareActivationRule {
        var rule = ShareActivationRule()
        for (name, value) in zip(dictionary.keys, dictionary.values) {
            let path = key + "." + name
            if let field = dictionaryLimit(name) {
                rule[keyPath: field] = try count(value, source: source, key: path)
            } else if !otherDictionaryKeys.contains(name) {
                throw refusal(source, path, "is not an activation rule key")
            }
        }
        if let value = dictionary["NSExtensionActivationSupportsText"] {
            let path = key + ".NSExtensionActivationSupportsText"
            if let flag = value.boolValue {
                rule.maxText = flag ? ShareActivationRule.unlimited : 0
            } else {
                rule.maxText = try count(value, source: source, key: path)
            }
        }
        if let value = dictionary["NSExtensionActivationSupportsWebPageWithMaxCount"] {
            let pages = try count(value, source: source, key: key + ".NSExtensionActivationSupportsWebPageWithMaxCount")
            if rule.maxWebURLs == nil { rule.maxWebURLs = pages }
        }
        if let value = dictionary["NSExtensionActivationSupportsAttachmentsWithMinCount"] {
            rule.minAttachments = try count(value, source: source, key: key + ".NSExtensionActivationSupportsAttachmentsWithMinCount")
        }
        return rule
    }

    /// A count: a non-negative integer (or a string of decimal digits) up to ``ShareActivationRule/unlimited``.
    static func count(_ value: PropertyListValue, source: String, key: String) throws(CatalogFormatError) -> Int {
        var number: Int64?
        switch value {
        case .integer(let integer): number = integer
        case .string(let text) where !text.isEmpty && text.utf8.count <= 10 && text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }): number = Int64(text)
        case .real(let real) where real >= 0 && real <= Double(ShareActivationRule.unlimited) && real.rounded() == real: number = Int64(real)
        default: number = nil
        }
        guard let number else {
            throw refusal(source, key, "\(describe(value)) is not a count (a non-negative integer)")
        }
        guard number >= 0 else { throw refusal(source, key, "\(number) is negative") }
        guard number <= Int64(ShareActivationRule.unlimited) else { throw refusal(source, key, "\(number) is too large (at most \(ShareActivationRule.unlimited))") }
        return Int(number)
    }

    static func describe(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let text): "the string '\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        case .real(let real): "the real \(real)"
        default: "a \(value.typeName)"
        }
    }

    static func refusal(_ source: String, _ key: String, _ reason: String) -> CatalogFormatError {
        CatalogFormatError(code: .malformedActivationRule, source: source, key: key, reason: reason)
    }
}

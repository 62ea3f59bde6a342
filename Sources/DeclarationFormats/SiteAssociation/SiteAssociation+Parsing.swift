/// Reading an `apple-app-site-association` file.
///
/// Policy: the file is refused as a whole (``CatalogFormatError``, `.malformedSiteAssociation`,
/// with the key path such as `applinks.details[1].components[0]./`) when it is over
/// ``maximumSize``, is not JSON, has no `applinks` object, or a value in `applinks` has the
/// wrong type; half an association is never kept. `defaults` (`caseSensitive`,
/// `percentEncoded`) are read at the `applinks` and the detail level; `substitutionVariables`
/// are not supported and refuse the file rather than match differently than Apple would.
extension SiteAssociation {
    /// The largest file accepted: 128 KiB, Apple's limit.
    public static let maximumSize = 128 * 1024

    /// Parses the file's bytes; `source` names it in errors (a path or a URL).
    ///
    /// - Throws: ``CatalogFormatError`` — `.limitExceeded`, `.malformedJSON`, `.malformedSiteAssociation`.
    public static func parse(_ bytes: [UInt8], source: String) throws(CatalogFormatError) -> SiteAssociation {
        guard bytes.count <= maximumSize else {
            throw CatalogFormatError(code: .limitExceeded, source: source, reason: "\(bytes.count) bytes is over the limit of \(maximumSize) (128 KiB)")
        }
        let root = try JSONReader.parse(bytes, source: source, maximumSize: maximumSize)
        var reader = Reader(source: source)
        return try reader.association(root)
    }

    private struct Reader {
        let source: String
        var caseSensitive = true
        var percentEncoded = true

        func refusal(_ key: String, _ reason: String) -> CatalogFormatError {
            CatalogFormatError(code: .malformedSiteAssociation, source: source, key: key, reason: reason)
        }

        mutating func association(_ root: JSONValue) throws(CatalogFormatError) -> SiteAssociation {
            guard case .object = root else { throw refusal("(root)", "the root is a \(root.typeName), not an object") }
            guard let applinks = root["applinks"] else { throw refusal("applinks", "the file declares no universal links (no applinks)") }
            guard case .object = applinks else { throw refusal("applinks", "a \(applinks.typeName), not an object") }
            if applinks["substitutionVariables"] != nil { throw refusal("applinks.substitutionVariables", "substitution variables are not supported") }
            try readDefaults(applinks["defaults"], at: "applinks.defaults")
            guard let details = applinks["details"] else { throw refusal("applinks.details", "missing") }
            guard let list = details.arrayValue else { throw refusal("applinks.details", "a \(details.typeName), not an array") }
            var result: [Detail] = []
            for (index, item) in list.enumerated() {
                var inner = self
                result.append(try inner.detail(item, index: index))
            }
            return SiteAssociation(details: result)
        }

        mutating func readDefaults(_ value: JSONValue?, at key: String) throws(CatalogFormatError) {
            guard let value else { return }
            guard case .object = value else { throw refusal(key, "a \(value.typeName), not an object") }
            caseSensitive = try flag(value["caseSensitive"], at: key + ".caseSensitive") ?? caseSensitive
            percentEncoded = try flag(value["percentEncoded"], at: key + ".percentEncoded") ?? percentEncoded
        }

        func flag(_ value: JSONValue?, at key: String) throws(CatalogFormatError) -> Bool? {
            guard let value else { return nil }
            guard let flag = value.boolValue else { throw refusal(key, "a \(value.typeName), not true or false") }
            return flag
        }

        func string(_ value: JSONValue?, at key: String) throws(CatalogFormatError) -> String? {
            guard let value else { return nil }
            guard let text = value.stringValue else { throw refusal(key, "a \(value.typeName), not a string") }
            return text
        }

        mutating func detail(_ item: JSONValue, index: Int) throws(CatalogFormatError) -> Detail {
            let key = "applinks.details[\(index)]"
            guard case .object = item else { throw refusal(key, "a \(item.typeName), not an object") }
            try readDefaults(item["defaults"], at: key + ".defaults")
            var appIDs: [String] = []
            if let list = item["appIDs"] {
                guard let values = list.arrayValue else { throw refusal(key + ".appIDs", "a \(list.typeName), not an array") }
                for (position, value) in values.enumerated() {
                    guard let text = try string(value, at: "\(key).appIDs[\(position)]") else { continue }
                    appIDs.append(text)
                }
            }
            if let single = try string(item["appID"], at: key + ".appID") { appIDs.append(single) }
            guard !appIDs.isEmpty else { throw refusal(key + ".appIDs", "the detail names no app") }
            var components: [SiteAssociationComponent] = []
            if let list = item["components"] {
                guard let values = list.arrayValue else { throw refusal(key + ".components", "a \(list.typeName), not an array") }
                for (position, value) in values.enumerated() {
                    components.append(try component(value, index: position, at: "\(key).components[\(position)]"))
                }
            } else if let list = item["paths"] {
                guard let values = list.arrayValue else { throw refusal(key + ".paths", "a \(list.typeName), not an array") }
                for (position, value) in values.enumerated() {
                    guard var text = try string(value, at: "\(key).paths[\(position)]") else { continue }
                    let excludes = text.hasPrefix("NOT ")
                    if excludes { text.removeFirst(4) }
                    components.append(SiteAssociationComponent(index: position, path: pattern(text), excludes: excludes))
                }
            }
            return Detail(index: index, appIDs: appIDs, components: components)
        }

        func component(_ value: JSONValue, index: Int, at key: String) throws(CatalogFormatError) -> SiteAssociationComponent {
            guard case .object = value else { throw refusal(key, "a \(value.typeName), not an object") }
            var inner = self
            if let sensitive = try flag(value["caseSensitive"], at: key + ".caseSensitive") { inner.caseSensitive = sensitive }
            if let encoded = try flag(value["percentEncoded"], at: key + ".percentEncoded") { inner.percentEncoded = encoded }
            var query: SiteAssociationComponent.QueryPattern?
            switch value["?"] {
            case nil: query = nil
            case .string(let text)?: query = .whole(inner.pattern(text))
            case .object(let members)?:
                var items: [SiteAssociationComponent.QueryItemPattern] = []
                for member in members {
                    guard let text = member.value.stringValue else { throw refusal("\(key).?.\(member.key)", "a \(member.value.typeName), not a string") }
                    items.append(.init(name: member.key, pattern: inner.pattern(text)))
                }
                query = .items(items)
            case let other?: throw refusal(key + ".?", "a \(other.typeName), not a string or an object")
            }
            return SiteAssociationComponent(
                index: index, path: try string(value["/"], at: key + "./").map(inner.pattern), query: query,
                fragment: try string(value["#"], at: key + ".#").map(inner.pattern),
                excludes: try flag(value["exclude"], at: key + ".exclude") ?? false, comment: try string(value["comment"], at: key + ".comment"))
        }

        func pattern(_ text: String) -> SiteAssociationPattern {
            SiteAssociationPattern(percentEncoded ? PercentDecoding.decoded(text) : text, caseSensitive: caseSensitive)
        }
    }
}

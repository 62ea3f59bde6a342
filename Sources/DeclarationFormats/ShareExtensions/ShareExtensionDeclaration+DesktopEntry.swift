extension ShareExtensionDeclaration {
    /// The desktop-entry keys of a share extension, in `[Desktop Entry]`, that state counts; all its keys:
    ///
    /// | key | meaning |
    /// |---|---|
    /// | `X-OpenWith-Share-Kind` | `share` (the default) or `action` |
    /// | `X-OpenWith-Share-Title` | the name in the share sheet (default: `Name`) |
    /// | `X-OpenWith-Share-Types` | type identifiers or MIME types; every item must conform to one |
    /// | `X-OpenWith-Share-Max-Items` | at most this many items in all |
    /// | `X-OpenWith-Share-Min-Items` | at least this many items |
    /// | `X-OpenWith-Share-Max-Files` | files (any type the other keys do not count) |
    /// | `X-OpenWith-Share-Max-Images` | files conforming to `public.image` |
    /// | `X-OpenWith-Share-Max-Movies` | files conforming to `public.movie` |
    /// | `X-OpenWith-Share-Max-Text` | text items |
    /// | `X-OpenWith-Share-Max-Web-URLs` | `http`/`https` URLs |
    public static let desktopEntryCountKeys: [String] = [
        "X-OpenWith-Share-Max-Items", "X-OpenWith-Share-Max-Files", "X-OpenWith-Share-Max-Images", "X-OpenWith-Share-Max-Movies",
        "X-OpenWith-Share-Max-Text", "X-OpenWith-Share-Max-Web-URLs",
    ]

    /// The limit a desktop-entry count key sets.
    static func desktopLimit(_ key: String) -> WritableKeyPath<ShareActivationRule, Int?>? {
        switch key {
        case "X-OpenWith-Share-Max-Items": \.maxAttachments
        case "X-OpenWith-Share-Max-Files": \.maxFiles
        case "X-OpenWith-Share-Max-Images": \.maxImages
        case "X-OpenWith-Share-Max-Movies": \.maxMovies
        case "X-OpenWith-Share-Max-Text": \.maxText
        case "X-OpenWith-Share-Max-Web-URLs": \.maxWebURLs
        default: nil
        }
    }

    /// The prefix every share key has.
    public static let desktopEntryKeyPrefix = "X-OpenWith-Share-"

    /// Reads the share extension a desktop entry declares in its `X-OpenWith-Share-*` keys
    /// (``desktopEntryCountKeys``), if any.
    ///
    /// Policy: an entry without any `X-OpenWith-Share-` key declares none. With types and no
    /// count, the types alone decide (any number of conforming items); counts without types count
    /// as the `Info.plist` dictionary does. An unknown `X-OpenWith-Share-` key, a count that is not
    /// a non-negative integer, a kind other than `share` or `action`, a type that is neither a type
    /// identifier nor a MIME type, and a rule that accepts nothing are refused, naming the file,
    /// the key (and line) and the reason.
    ///
    /// - Throws: ``CatalogFormatError/Code/malformedActivationRule``.
    public static func read(desktopEntry entry: DesktopEntry, identifier: String) throws(CatalogFormatError) -> ShareExtensionDeclaration? {
        guard let group = entry.group(named: "Desktop Entry") else { return nil }
        let shareEntries = group.entries.filter { $0.key.hasPrefix(desktopEntryKeyPrefix) && $0.locale == nil }
        guard !shareEntries.isEmpty else { return nil }
        var rule = ShareActivationRule(form: .dictionary)
        var kind = Kind.share
        var title: String?
        for line in shareEntries {
            let value = DesktopEntryValue.string(line.rawValue).withoutSurroundingBlanks
            if let field = desktopLimit(line.key) {
                rule[keyPath: field] = try desktopCount(value, source: entry.source, key: line.key, line: line.line)
                continue
            }
            switch line.key {
            case "X-OpenWith-Share-Kind":
                guard let parsed = Kind(rawValue: value.lowercased()) else {
                    throw CatalogFormatError(code: .malformedActivationRule, source: entry.source, key: line.key, line: line.line, reason: "'\(value)' is neither share nor action")
                }
                kind = parsed
            case "X-OpenWith-Share-Title":
                title = value.isEmpty ? nil : value
            case "X-OpenWith-Share-Types":
                rule.acceptedTypes = try desktopTypes(line.rawValue, source: entry.source, key: line.key, line: line.line)
            case "X-OpenWith-Share-Min-Items":
                rule.minAttachments = try desktopCount(value, source: entry.source, key: line.key, line: line.line)
            default:
                throw CatalogFormatError(
                    code: .malformedActivationRule, source: entry.source, key: line.key, line: line.line,
                    reason: "is not a share key (known: X-OpenWith-Share-Kind, -Title, -Types, -Min-Items, \(desktopEntryCountKeys.map { String($0.dropFirst(desktopEntryKeyPrefix.count)) }.joined(separator: ", ")))")
            }
        }
        guard rule.acceptsSomething else {
            throw CatalogFormatError(code: .malformedActivationRule, source: entry.source, key: desktopEntryKeyPrefix + "*", reason: "the share keys accept nothing: no type and no positive count")
        }
        return ShareExtensionDeclaration(identifier: identifier, kind: kind, title: title ?? entry.name, rule: rule, source: entry.source)
    }

    static func desktopCount(_ value: String, source: String, key: String, line: Int) throws(CatalogFormatError) -> Int {
        guard !value.isEmpty, value.utf8.count <= 10, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(value), number <= ShareActivationRule.unlimited else {
            throw CatalogFormatError(code: .malformedActivationRule, source: source, key: key, line: line, reason: "'\(value)' is not a count (a non-negative integer up to \(ShareActivationRule.unlimited))")
        }
        return number
    }

    static func desktopTypes(_ raw: String, source: String, key: String, line: Int) throws(CatalogFormatError) -> [String] {
        var types: [String] = []
        for item in DesktopEntryValue.list(raw) {
            let value = item.withoutSurroundingBlanks
            if value.isEmpty { continue }
            let parts = value.split(separator: "/", omittingEmptySubsequences: false)
            let valid = parts.count == 2
                ? parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != 0x3B } }
                : parts.count == 1 && ShareActivationPredicate.isTypeIdentifier(ArraySlice(value.utf8))
            guard valid else {
                throw CatalogFormatError(code: .malformedActivationRule, source: source, key: key, line: line, reason: "'\(value)' is neither a type identifier nor a MIME type")
            }
            if !types.contains(value) { types.append(value) }
        }
        guard !types.isEmpty else {
            throw CatalogFormatError(code: .malformedActivationRule, source: source, key: key, line: line, reason: "lists no type")
        }
        return types
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate var withoutSurroundingBlanks: String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }
}

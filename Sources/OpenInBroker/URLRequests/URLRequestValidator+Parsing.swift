extension URLRequestValidator {
    /// Splits an all-ASCII URL into components and checks each against RFC 3986.
    struct Parser {
        let bytes: [UInt8]
        let allowedSchemes: Set<String>?

        static let maximumSchemeLength = 64

        func parse() throws(HandOverError) -> ValidatedURL {
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
                throw HandOverError(
                    .invalidScheme, reason: "the URL has no scheme (no `:`)", key: "scheme",
                    value: text(bytes[...].prefix(64)))
            }
            let schemeBytes = bytes[..<colon]
            guard let first = schemeBytes.first, Self.isAlpha(first),
                schemeBytes.count <= Self.maximumSchemeLength,
                schemeBytes.allSatisfy({
                    Self.isAlpha($0) || Self.isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                        || $0 == UInt8(ascii: ".")
                })
            else {
                throw HandOverError(
                    .invalidScheme,
                    reason: "a scheme is a letter, then letters, digits, `+`, `-` or `.`; "
                        + "at most \(Self.maximumSchemeLength) characters",
                    key: "scheme", value: text(schemeBytes))
            }
            let scheme = text(schemeBytes).lowercased()
            if let allowedSchemes, !allowedSchemes.contains(scheme) {
                throw HandOverError(
                    .schemeNotAllowed, reason: "the scheme is not one of the accepted schemes",
                    key: "scheme", value: scheme)
            }

            var rest = bytes[(colon + 1)...]
            var fragment: ArraySlice<UInt8>?
            if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
                fragment = rest[(hash + 1)...]
                rest = rest[..<hash]
            }
            var query: ArraySlice<UInt8>?
            if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
                query = rest[(question + 1)...]
                rest = rest[..<question]
            }
            var authority: ArraySlice<UInt8>?
            var path = rest
            if rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
                let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
                let end = rest[afterSlashes...].firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
                authority = rest[afterSlashes..<end]
                path = rest[end...]
            }

            if let authority { try checkAuthority(authority) }
            try checkPath(path)
            var items: [ValidatedURL.QueryItem] = []
            var duplicates: [String] = []
            if let query {
                try checkCharacters(query, key: "query", allowing: Self.isQueryOrFragmentCharacter)
                (items, duplicates) = try parseQuery(query)
            }
            if let fragment {
                try checkCharacters(fragment, key: "fragment", allowing: Self.isQueryOrFragmentCharacter)
            }
            return ValidatedURL(
                scheme: scheme, authority: authority.map(text), path: text(path), query: query.map(text),
                queryItems: items, duplicateQueryNames: duplicates, fragment: fragment.map(text))
        }

        // MARK: Components

        private func checkAuthority(_ authority: ArraySlice<UInt8>) throws(HandOverError) {
            var hostPart = authority
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
                let userinfo = authority[..<at]
                try checkCharacters(userinfo, key: "authority") {
                    Self.isUnreserved($0) || Self.isSubDelimiter($0) || $0 == UInt8(ascii: ":")
                }
                hostPart = authority[(at + 1)...]
            }
            var portPart: ArraySlice<UInt8>?
            if hostPart.first == UInt8(ascii: "[") {
                guard let close = hostPart.firstIndex(of: UInt8(ascii: "]")) else {
                    throw invalidAuthority("an IP literal is missing its `]`", authority)
                }
                let literal = hostPart[(hostPart.startIndex + 1)..<close]
                let isIPv6 =
                    !literal.isEmpty
                    && literal.allSatisfy {
                        PercentDecoding.hexValue($0) != nil || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
                    }
                let isFuture =
                    (literal.first == UInt8(ascii: "v") || literal.first == UInt8(ascii: "V"))
                    && literal.contains(UInt8(ascii: "."))
                    && literal.allSatisfy {
                        Self.isUnreserved($0) || Self.isSubDelimiter($0) || $0 == UInt8(ascii: ":")
                    }
                guard isIPv6 || isFuture else { throw invalidAuthority("malformed IP literal", authority) }
                let after = hostPart[(close + 1)...]
                if !after.isEmpty {
                    guard after.first == UInt8(ascii: ":") else {
                        throw invalidAuthority("unexpected text after the IP literal", authority)
                    }
                    portPart = after.dropFirst()
                }
            } else {
                var host = hostPart
                if let colon = hostPart.lastIndex(of: UInt8(ascii: ":")) {
                    host = hostPart[..<colon]
                    portPart = hostPart[(colon + 1)...]
                }
                try checkCharacters(host, key: "authority") { Self.isUnreserved($0) || Self.isSubDelimiter($0) }
            }
            if let portPart, !portPart.isEmpty {
                guard portPart.count <= 5, portPart.allSatisfy(Self.isDigit),
                    let port = Int(text(portPart)), port <= 65535
                else { throw invalidAuthority("the port must be a number up to 65535", authority) }
            }
        }

        private func checkPath(_ path: ArraySlice<UInt8>) throws(HandOverError) {
            try checkCharacters(path, key: "path") { Self.isPathCharacter($0) || $0 == UInt8(ascii: "/") }
            for segment in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                let lowered = text(segment).lowercased()
                if lowered.contains("%2f") || lowered.contains("%5c") {
                    throw HandOverError(
                        .encodedPathSeparator, reason: "a path segment must not contain an encoded `/` or `\\`",
                        key: "path", value: text(segment))
                }
                let decoded = PercentDecoding.decode(Array(segment)) ?? Array(segment)
                if decoded == [UInt8(ascii: ".")] || decoded == [UInt8(ascii: "."), UInt8(ascii: ".")] {
                    throw HandOverError(
                        .pathTraversal, reason: "`.` and `..` path segments are refused (literal or encoded)",
                        key: "path", value: text(segment))
                }
            }
        }

        private func parseQuery(_ query: ArraySlice<UInt8>) throws(HandOverError)
            -> ([ValidatedURL.QueryItem], [String])
        {
            guard !query.isEmpty else { return ([], []) }
            var items: [ValidatedURL.QueryItem] = []
            var seen: Set<String> = []
            var duplicates: [String] = []
            for raw in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
                guard !raw.isEmpty else {
                    throw HandOverError(
                        .invalidQuery, reason: "the query has an empty item (`&&`, or `&` at an end)",
                        key: "query", value: text(query))
                }
                let parts = raw.split(separator: UInt8(ascii: "="), omittingEmptySubsequences: false)
                guard parts.count <= 2 else {
                    throw HandOverError(
                        .invalidQuery, reason: "an item may contain `=` once; encode others as %3D",
                        key: "query", value: text(raw))
                }
                guard !parts[0].isEmpty else {
                    throw HandOverError(
                        .invalidQuery, reason: "a query item has an empty name", key: "query", value: text(raw))
                }
                let name = try decodedText(parts[0])
                let value = parts.count == 2 ? try decodedText(parts[1]) : nil
                if !seen.insert(name).inserted && !duplicates.contains(name) { duplicates.append(name) }
                items.append(
                    ValidatedURL.QueryItem(
                        name: name, value: value, encodedName: text(parts[0]),
                        encodedValue: parts.count == 2 ? text(parts[1]) : nil))
            }
            return (items, duplicates)
        }

        // MARK: Characters and percent-encoding

        /// Checks that every byte is allowed or part of a valid, non-control `%XX`.
        private func checkCharacters(
            _ component: ArraySlice<UInt8>, key: String, allowing isAllowed: (UInt8) -> Bool
        ) throws(HandOverError) {
            var index = component.startIndex
            while index < component.endIndex {
                let byte = component[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < component.endIndex,
                        let high = PercentDecoding.hexValue(component[index + 1]),
                        let low = PercentDecoding.hexValue(component[index + 2])
                    else {
                        throw HandOverError(
                            .invalidPercentEncoding, reason: "`%` must be followed by two hexadecimal digits",
                            key: key, value: text(component[index..<min(index + 3, component.endIndex)]))
                    }
                    let decoded = high << 4 | low
                    if decoded == 0 {
                        throw HandOverError(
                            .encodedNul, reason: "%00 (an encoded NUL) is refused", key: key, value: "%00")
                    }
                    if decoded < 0x20 || decoded == 0x7F {
                        throw HandOverError(
                            .encodedControlCharacter, reason: "an encoded control character is refused", key: key,
                            value: text(component[index..<(index + 3)]))
                    }
                    index += 3
                    continue
                }
                guard isAllowed(byte) else {
                    throw HandOverError(
                        .invalidCharacter, reason: "`\(text([byte][...]))` is not allowed in the \(key)", key: key,
                        value: text([byte][...]))
                }
                index += 1
            }
        }

        private func decodedText(_ encoded: ArraySlice<UInt8>) throws(HandOverError) -> String {
            guard let bytes = PercentDecoding.decode(Array(encoded)),
                let decoded = String(validating: bytes, as: UTF8.self)
            else {
                throw HandOverError(
                    .invalidUTF8, reason: "percent-decoded query text is not valid UTF-8", key: "query",
                    value: text(encoded))
            }
            return decoded
        }

        private func invalidAuthority(_ reason: String, _ authority: ArraySlice<UInt8>) -> HandOverError {
            HandOverError(.invalidAuthority, reason: reason, key: "authority", value: text(authority))
        }

        private func text(_ slice: ArraySlice<UInt8>) -> String { String(decoding: slice, as: UTF8.self) }

        static func isAlpha(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }

        static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        static func isUnreserved(_ byte: UInt8) -> Bool {
            isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
        }

        static func isSubDelimiter(_ byte: UInt8) -> Bool {
            "!$&'()*+,;=".utf8.contains(byte)
        }

        static func isPathCharacter(_ byte: UInt8) -> Bool {
            isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
        }

        static func isQueryOrFragmentCharacter(_ byte: UInt8) -> Bool {
            isPathCharacter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
        }
    }
}

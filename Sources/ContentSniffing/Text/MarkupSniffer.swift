/// XML and HTML by their first markup: the XML declaration, the document type declaration,
/// and the root element's name and namespace.
///
/// The prolog (processing instructions, comments, `<!DOCTYPE ...>`) is skipped, at most 64
/// items; the root start tag is looked at for namespace URIs. Vocabularies: SVG, XHTML, RSS
/// (0.9x/2.0 `rss`, 1.0 `rdf:RDF`), Atom, Apple property lists, OPML, XSLT, DocBook. With an
/// XML declaration or a known namespace the answer is strong; HTML and root names alone are
/// weak. Without a declaration, a root element of no known vocabulary whose first child
/// element follows its start tag is XML, weakly (`<background>` then `<static>`). Markup
/// declarations (`<!ELEMENT`, `<!ENTITY`, `<!ATTLIST`, `<!NOTATION`) before any element make a
/// document type definition (DTD), strongly: they occur nowhere else outside a `<!DOCTYPE`.
enum MarkupSniffer {
    /// Recognises markup in `t` (ASCII-compatible text).
    static func sniff(_ t: UnsafeRawBufferPointer) -> SignatureMatch? {
        var offset = skipWhitespace(t, from: 0)
        guard t.byte(at: offset) == UInt8(ascii: "<") else { return nil }
        let declared = t.has("<?xml", at: offset) && (t.byte(at: offset + 5).map(ASCII.isWhitespace) ?? false)
        var doctype = UnsafeRawBufferPointer(start: nil, count: 0)
        var root: Int?
        for _ in 0..<64 {
            offset = skipWhitespace(t, from: offset)
            guard t.byte(at: offset) == UInt8(ascii: "<") else { break }
            if t.has("<?", at: offset) {
                guard let end = t.firstOffset(of: "?>", from: offset + 2) else { break }
                offset = end + 2
            } else if t.has("<!--", at: offset) {
                guard let end = t.firstOffset(of: "-->", from: offset + 4) else { break }
                offset = end + 3
            } else if t.has("<!ELEMENT", at: offset) || t.has("<!ENTITY", at: offset) || t.has("<!ATTLIST", at: offset)
                || t.has("<!NOTATION", at: offset)
            {
                return SignatureMatch(KnownType.xmlDTD, .strong, "markup declarations outside a document type")
            } else if t.has(caseInsensitive: "<!doctype", at: offset) {
                let end = doctypeEnd(t, from: offset + 9)
                doctype = t.slice(from: offset + 9, to: end)
                guard end < t.count else { break }
                offset = end + 1
            } else {
                root = offset + 1
                break
            }
        }
        let doctypeIsHTML = doctype.firstOffset(caseInsensitive: "html") != nil
        guard let root, let first = t.byte(at: root), ASCII.isLetter(first) || first == UInt8(ascii: "_") else {
            if doctype.firstOffset(of: "plist") != nil {
                return SignatureMatch(KnownType.xmlPropertyList, .strong, "property list document type")
            }
            if doctypeIsHTML, !declared { return SignatureMatch(KnownType.html, .weak, "HTML document type") }
            return declared ? SignatureMatch(KnownType.xml, .strong, "XML declaration") : nil
        }
        var nameEnd = root
        var colon: Int?
        while let byte = t.byte(at: nameEnd), isNameByte(byte) {
            if byte == UInt8(ascii: ":") { colon = nameEnd }
            nameEnd += 1
        }
        let local = t.slice(from: (colon ?? root - 1) + 1, to: nameEnd)
        let tagEnd = t.firstOffset(of: UInt8(ascii: ">"), from: nameEnd, to: nameEnd + 4096) ?? Swift.min(t.count, nameEnd + 4096)
        let tag = t.slice(from: nameEnd, to: tagEnd)
        func named(_ text: StaticString) -> Bool { local.count == text.utf8CodeUnitCount && local.has(text) }
        func namespace(_ uri: StaticString) -> Bool { tag.firstOffset(of: uri) != nil }

        if named("svg") {
            let strong = declared || namespace("http://www.w3.org/2000/svg")
            return SignatureMatch(KnownType.svg, strong ? .strong : .weak, "XML root element svg")
        }
        if local.count == 4, local.has(caseInsensitive: "html") {
            if declared { return SignatureMatch(KnownType.xhtml, .strong, "XML declaration and root element html") }
            if doctype.firstOffset(of: "XHTML") != nil {
                return SignatureMatch(KnownType.xhtml, .weak, "XHTML document type")
            }
            return SignatureMatch(KnownType.html, .weak, "root element html")
        }
        if named("rss") {
            return SignatureMatch(KnownType.rss, declared ? .strong : .weak, "XML root element rss")
        }
        if named("RDF"), namespace("http://purl.org/rss/1.0/") {
            return SignatureMatch(KnownType.rss, .strong, "RDF root element with the RSS 1.0 namespace")
        }
        if named("feed"), namespace("http://www.w3.org/2005/Atom") {
            return SignatureMatch(KnownType.atom, .strong, "XML root element feed in the Atom namespace")
        }
        if named("plist") || doctype.firstOffset(of: "plist") != nil {
            return SignatureMatch(KnownType.xmlPropertyList, declared ? .strong : .weak, "XML root element plist")
        }
        if named("opml") {
            return SignatureMatch(KnownType.opml, declared ? .strong : .weak, "XML root element opml")
        }
        if named("stylesheet") || named("transform"), namespace("http://www.w3.org/1999/XSL/Transform") {
            return SignatureMatch(KnownType.xslt, .strong, "XSLT root element")
        }
        if namespace("http://docbook.org/ns/docbook") || doctype.firstOffset(caseInsensitive: "docbook") != nil {
            return SignatureMatch(KnownType.docBook, declared ? .strong : .weak, "DocBook namespace or document type")
        }
        if !declared, isHTMLElement(local) {
            return SignatureMatch(KnownType.html, .weak, "HTML element at the start")
        }
        if declared { return SignatureMatch(KnownType.xml, .strong, "XML declaration") }
        if doctypeIsHTML { return SignatureMatch(KnownType.html, .weak, "HTML document type") }
        if t.byte(at: tagEnd) == UInt8(ascii: ">"), t[tagEnd - 1] != UInt8(ascii: "/"),
            let afterName = t.byte(at: nameEnd), ASCII.isWhitespace(afterName) || afterName == UInt8(ascii: ">"),
            startsChildElement(t, from: tagEnd + 1)
        {
            return SignatureMatch(KnownType.xml, .weak, "a root element with a child element")
        }
        return nil
    }

    /// Whether an element's start tag (`<` and a letter or `_`) follows `start`, past whitespace.
    private static func startsChildElement(_ t: UnsafeRawBufferPointer, from start: Int) -> Bool {
        let offset = skipWhitespace(t, from: start)
        guard t.byte(at: offset) == UInt8(ascii: "<"), let first = t.byte(at: offset + 1) else { return false }
        return ASCII.isLetter(first) || first == UInt8(ascii: "_")
    }

    /// The offset of the `>` closing a document type declaration, skipping an internal subset
    /// in brackets; the end of `t` if there is none.
    private static func doctypeEnd(_ t: UnsafeRawBufferPointer, from start: Int) -> Int {
        var offset = start
        var inSubset = false
        while offset < t.count {
            switch t[offset] {
            case UInt8(ascii: "["): inSubset = true
            case UInt8(ascii: "]"): inSubset = false
            case UInt8(ascii: ">") where !inSubset: return offset
            default: break
            }
            offset += 1
        }
        return t.count
    }

    private static func skipWhitespace(_ t: UnsafeRawBufferPointer, from start: Int) -> Int {
        var offset = start
        while offset < t.count, ASCII.isWhitespace(t[offset]) { offset += 1 }
        return offset
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        ASCII.isLetter(b) || ASCII.isDigit(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") || b == UInt8(ascii: "-")
            || b == UInt8(ascii: ".") || b >= 0x80
    }

    /// Elements that start HTML documents and fragments (compared ignoring case).
    private static func isHTMLElement(_ name: UnsafeRawBufferPointer) -> Bool {
        func named(_ text: StaticString) -> Bool { name.count == text.utf8CodeUnitCount && name.has(caseInsensitive: text) }
        switch name.count {
        case 1: return named("a") || named("b") || named("i") || named("p")
        case 2:
            if let level = name.byte(at: 1), ASCII.lowercased(name[0]) == UInt8(ascii: "h"), (level &- 0x31) < 6 { return true }
            return named("br") || named("hr") || named("ul") || named("ol")
        case 3: return named("div") || named("img") || named("pre")
        case 4: return named("head") || named("body") || named("meta") || named("link") || named("font") || named("form")
                || named("span") || named("main") || named("base")
        case 5: return named("title") || named("style") || named("table")
        case 6: return named("script") || named("iframe") || named("center") || named("header") || named("footer")
        case 7: return named("section") || named("article")
        case 8: return named("noscript")
        default: return false
        }
    }
}

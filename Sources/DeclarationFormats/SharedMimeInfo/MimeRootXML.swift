/// A `<root-XML>` rule: an XML document whose root element has this namespace and local name has the type.
public struct MimeRootXML: Sendable, Equatable {
    /// The root element's namespace URI (may be empty).
    public var namespaceURI: String
    /// The root element's local name.
    public var localName: String

    /// Creates a rule.
    public init(namespaceURI: String, localName: String) {
        self.namespaceURI = namespaceURI
        self.localName = localName
    }
}

/// The dictionary of a property list: keys in document order plus lookup by key.
///
/// Keys are unique. When a document repeats a key, the later value replaces the earlier one and keeps
/// the earlier position (Core Foundation's rule: `CFDictionarySetValue` as each pair is read).
/// Two dictionaries are equal when they have the same keys with equal values, in any order.
///
/// ```swift
/// let types: PropertyListDictionary = ["UTTypeIdentifier": .string("org.example.doc")]
/// types["UTTypeIdentifier"]?.stringValue // "org.example.doc"
/// types.keys                              // ["UTTypeIdentifier"]
/// ```
public struct PropertyListDictionary: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// The keys in document order.
    public private(set) var keys: [String] = []
    /// The values, in the order of ``keys``.
    public private(set) var values: [PropertyListValue] = []
    private var index: [String: Int] = [:]

    /// Creates an empty dictionary.
    public init() {}

    /// Creates a dictionary from pairs in order; a repeated key replaces the earlier value.
    public init(_ pairs: some Sequence<(String, PropertyListValue)>) {
        for (key, value) in pairs { self[key] = value }
    }

    /// Creates a dictionary from a literal, in the literal's order.
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        self.init(elements)
    }

    /// The number of keys.
    public var count: Int { keys.count }

    /// Whether there are no keys.
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for `key`; setting `nil` removes the key, setting a new key appends it.
    public subscript(key: String) -> PropertyListValue? {
        get {
            guard let position = index[key] else { return nil }
            return values[position]
        }
        set {
            if let position = index[key] {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    index[key] = nil
                    for shifted in position..<keys.count { index[keys[shifted]] = shifted }
                }
            } else if let newValue {
                index[key] = keys.count
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// Iterates `(key, value)` pairs in document order.
    public struct Iterator: IteratorProtocol {
        private let dictionary: PropertyListDictionary
        private var position = 0

        init(_ dictionary: PropertyListDictionary) { self.dictionary = dictionary }

        /// The next pair, or `nil` after the last one.
        public mutating func next() -> (key: String, value: PropertyListValue)? {
            guard position < dictionary.keys.count else { return nil }
            defer { position += 1 }
            return (key: dictionary.keys[position], value: dictionary.values[position])
        }
    }

    /// Iterates `(key, value)` pairs in document order.
    public func makeIterator() -> Iterator { Iterator(self) }

    /// Same keys with equal values, in any order.
    public static func == (lhs: PropertyListDictionary, rhs: PropertyListDictionary) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (position, key) in lhs.keys.enumerated() where rhs[key] != lhs.values[position] {
            return false
        }
        return true
    }
}

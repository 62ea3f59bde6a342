/// One `<match>` of a magic rule: compare `value` (with an optional `mask`) against the bytes at an
/// offset in `offsetStart...offsetEnd`; when it matches, one of ``children`` must match too (if any).
///
/// Values and masks are kept as written (`\x89PNG`, `0x4d4d002a`); nothing evaluates them yet.
public struct MimeMagicMatch: Sendable, Equatable {
    /// How `value` is interpreted: an extensible set of named constants.
    public struct ValueType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The attribute's spelling.
        public var rawValue: String
        /// Creates a value type from its spelling.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The attribute's spelling.
        public var description: String { rawValue }

        /// A byte string with C escapes (`\x89PNG`, `\177ELF`).
        public static let string = ValueType(rawValue: "string")
        /// A 16-bit number in host byte order.
        public static let host16 = ValueType(rawValue: "host16")
        /// A 32-bit number in host byte order.
        public static let host32 = ValueType(rawValue: "host32")
        /// A 16-bit big-endian number.
        public static let big16 = ValueType(rawValue: "big16")
        /// A 32-bit big-endian number.
        public static let big32 = ValueType(rawValue: "big32")
        /// A 16-bit little-endian number.
        public static let little16 = ValueType(rawValue: "little16")
        /// A 32-bit little-endian number.
        public static let little32 = ValueType(rawValue: "little32")
        /// A single byte.
        public static let byte = ValueType(rawValue: "byte")

        /// The types the specification defines.
        public static let all: [ValueType] = [.string, .host16, .host32, .big16, .big32, .little16, .little32, .byte]
    }

    /// How `value` is interpreted.
    public var type: ValueType
    /// The value, as written.
    public var value: String
    /// The first offset to try (`offset="a"` or the `a` of `"a:b"`).
    public var offsetStart: Int
    /// The last offset to try (the `b` of `"a:b"`, else equal to ``offsetStart``).
    public var offsetEnd: Int
    /// The mask, as written, if any.
    public var mask: String?
    /// Nested matches, one of which must also match.
    public var children: [MimeMagicMatch]

    /// Creates a match.
    public init(
        type: ValueType, value: String, offsetStart: Int, offsetEnd: Int? = nil, mask: String? = nil,
        children: [MimeMagicMatch] = []
    ) {
        self.type = type
        self.value = value
        self.offsetStart = offsetStart
        self.offsetEnd = offsetEnd ?? offsetStart
        self.mask = mask
        self.children = children
    }
}

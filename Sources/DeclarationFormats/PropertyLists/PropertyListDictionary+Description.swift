extension PropertyListDictionary: CustomStringConvertible, CustomDebugStringConvertible {
    /// The pairs in document order, as a dictionary literal: `["a": integer(1), "b": bool(true)]`.
    public var description: String {
        guard !isEmpty else { return "[:]" }
        return "[" + zip(keys, values).map { "\"\($0)\": \($1)" }.joined(separator: ", ") + "]"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }
}

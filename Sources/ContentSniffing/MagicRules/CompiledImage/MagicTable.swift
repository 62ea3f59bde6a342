/// One of a rule set's tables of plain values (its checks, its pattern pool, its evaluation
/// order, its dispatch buckets), read only: either in place in the library's own compiled image,
/// which lives as long as the program, or a copy the table owns (a set parsed from text, or
/// read from any other image).
///
/// Read in place, a table costs nothing when a process starts, and only the pages of the image a
/// process looks at are ever read, where a copy reads every page and writes as many again.
struct MagicTable<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
    /// The values; valid as long as ``owner`` (in place: for the whole program).
    private let values: UnsafeBufferPointer<Element>
    /// The copy's memory, freed with the last table that shares it; `nil` in place.
    private let owner: Storage?

    /// The memory of a copied table.
    private final class Storage {
        let memory: UnsafeMutableBufferPointer<Element>

        init(_ values: some Collection<Element>) {
            memory = .allocate(capacity: values.count)
            _ = memory.initialize(from: values)
        }

        deinit { memory.deallocate() }
    }

    /// A table owning a copy of `values`.
    init(_ values: some Collection<Element>) {
        let storage = Storage(values)
        self.init(values: UnsafeBufferPointer(storage.memory), owner: storage)
    }

    private init(values: UnsafeBufferPointer<Element>, owner: Storage?) {
        self.values = values
        self.owner = owner
    }

    /// The table of the values at `bytes`, in place when that memory lasts for the whole
    /// program (`permanent`), is aligned for `Element`, and holds the values in this machine's
    /// order with `Element`'s layout (the caller's promise: little-endian records the type
    /// mirrors field for field, which a test checks for each type read in place); else copied,
    /// each value made by `decode` from its record (`bytes` holds `count` records of
    /// `recordSize` bytes).
    init(
        records bytes: UnsafeRawBufferPointer, count: Int, recordSize: Int, permanent: Bool,
        decode: (UnsafeRawBufferPointer, Int) throws(SniffingError) -> Element
    ) throws(SniffingError) {
        if permanent, let table = Self(inPlace: bytes, count: count, recordSize: recordSize) {
            self = table
            return
        }
        var copied: [Element] = []
        copied.reserveCapacity(count)
        for index in 0..<count { copied.append(try decode(bytes, index)) }
        self.init(copied)
    }

    /// The table at `bytes` in place, or `nil` when the memory cannot be read as `Element`s
    /// here: a stride other than `recordSize`, a misaligned start, a big-endian machine.
    private init?(inPlace bytes: UnsafeRawBufferPointer, count: Int, recordSize: Int) {
        #if _endian(little)
            guard MemoryLayout<Element>.stride == recordSize, count >= 0, bytes.count >= count * recordSize else { return nil }
            guard count > 0, let start = bytes.baseAddress else {
                self.init(values: UnsafeBufferPointer(start: nil, count: 0), owner: nil)
                return
            }
            guard Int(bitPattern: start) % MemoryLayout<Element>.alignment == 0 else { return nil }
            self.init(values: UnsafeBufferPointer(start: start.bindMemory(to: Element.self, capacity: count), count: count), owner: nil)
        #else
            return nil
        #endif
    }

    /// Whether the table reads its values in place in the library's image.
    var isInPlace: Bool { owner == nil }

    var startIndex: Int { 0 }
    var endIndex: Int { values.count }

    /// The value at `index`, which must be in bounds.
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < values.count, "index out of range")
        return values[index]
    }

    /// Calls `body` with the values, valid only during the call.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(owner) { try body(values) }
    }
}

extension MagicTable: Equatable where Element: Equatable {
    static func == (left: MagicTable, right: MagicTable) -> Bool { left.elementsEqual(right) }
}

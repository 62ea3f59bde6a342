/// Reads a binary property list (`bplist00`), iteratively and with every offset checked.
///
/// Layout: an 8-byte header, the objects, an offset table (one big-endian offset per object,
/// `offsetSize` bytes each) and a 32-byte trailer (offset size, object reference size, object count,
/// top object, offset-table offset). Guards:
/// - the offset and reference sizes are 1...8, the object count is at most
///   ``CatalogFormatLimits/maximumObjectCount`` and the offset table lies inside the file;
/// - every object offset points between the header and the offset table, every object's bytes lie
///   there too, every object reference is below the object count;
/// - containers are decoded with an explicit stack no deeper than ``CatalogFormatLimits/maximumDepth``;
/// - a container that contains itself on the current path is a cycle and is refused; shared
///   (non-cyclic) objects are allowed and decoded once, everything decoded counts against
///   ``CatalogFormatLimits/maximumDecodedSize``, and what shared objects expand to against
///   ``CatalogFormatLimits/maximumExpandedValues``, so shared objects cannot blow up;
/// - null (`0x00`) objects are refused (XML property lists cannot represent them), sets and ordered sets
///   become arrays, UIDs become `{"CF$UID": n}` as Core Foundation writes them in XML.
struct PropertyListBinaryReader {
    private let bytes: [UInt8]
    private let source: String
    private let limits: CatalogFormatLimits
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let topObject: Int
    private let offsetTableStart: Int
    private var budget: Int

    /// One container being decoded.
    private struct Frame {
        var object: Int
        var isDictionary: Bool
        var keys: [String]
        var references: [Int]
        var values: [PropertyListValue]
        /// The values this container expands to, itself included (shared objects counted each time).
        var expandedSize = 1
    }

    private enum Decoded {
        case value(PropertyListValue)
        case container(Frame)
    }

    init(bytes: [UInt8], source: String, limits: CatalogFormatLimits) throws(CatalogFormatError) {
        self.bytes = bytes
        self.source = source
        self.limits = limits
        self.budget = limits.maximumDecodedSize
        guard bytes.count >= 8 + 1 + 1 + 32 else {
            throw Self.malformed(
                "the file is too short for a binary property list (\(bytes.count) bytes)", source: source)
        }
        guard bytes[6] == UInt8(ascii: "0"), bytes[7] == UInt8(ascii: "0") else {
            let version = String(decoding: bytes[6..<8], as: UTF8.self)
            throw CatalogFormatError(
                code: .unsupportedPropertyList, source: source,
                reason: "binary property list version \"\(version)\" is not supported (bplist00 only)")
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize) else {
            throw Self.malformed("the trailer's offset size \(offsetSize) is not 1...8", source: source)
        }
        guard (1...8).contains(referenceSize) else {
            throw Self.malformed("the trailer's object reference size \(referenceSize) is not 1...8", source: source)
        }
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard count >= 1 else { throw Self.malformed("the trailer declares no objects", source: source) }
        guard count <= UInt64(max(0, limits.maximumObjectCount)) else {
            throw CatalogFormatError(
                code: .limitExceeded, source: source,
                reason: "the trailer declares \(count) objects, more than the limit of \(limits.maximumObjectCount)")
        }
        guard top < count else {
            throw Self.malformed("the top object \(top) is not below the object count \(count)", source: source)
        }
        guard table >= 9, table < UInt64(trailer) else {
            throw Self.malformed("the offset table offset \(table) is outside the file", source: source)
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableStart = Int(table)
        let (tableLength, overflow) = objectCount.multipliedReportingOverflow(by: offsetSize)
        guard !overflow, tableLength <= trailer - offsetTableStart else {
            throw Self.malformed(
                "the offset table (\(objectCount) × \(offsetSize) bytes at \(offsetTableStart)) runs into the trailer",
                source: source)
        }
        if referenceSize < 8, UInt64(objectCount) > (UInt64(1) << UInt64(referenceSize * 8)) {
            throw Self.malformed(
                "\(objectCount) objects cannot be referenced with \(referenceSize)-byte references", source: source)
        }
    }

    /// Decodes the top object.
    ///
    /// Each object is decoded once: an object referenced again (binary property lists share
    /// strings, and may share containers) reuses the value already decoded, so the work is
    /// bounded by the file, not by how often objects are referenced. What the shared objects
    /// expand to — the values a reader of the result would walk — is counted, and a graph that
    /// expands to more than ``CatalogFormatLimits/maximumExpandedValues`` is refused.
    mutating func read() throws(CatalogFormatError) -> PropertyListValue {
        var stack: [Frame] = []
        var onPath = Set<Int>()
        var decoded: [Int: (value: PropertyListValue, size: Int)] = [:]
        switch try decode(topObject) {
        case .value(let value):
            return value
        case .container(let frame):
            stack.append(frame)
            onPath.insert(topObject)
        }
        while let last = stack.indices.last {
            if stack[last].values.count < stack[last].references.count {
                let reference = stack[last].references[stack[last].values.count]
                guard !onPath.contains(reference) else {
                    throw Self.malformed(
                        "object \(reference) contains itself (a reference cycle)", source: source,
                        key: keyPath(stack))
                }
                if let known = decoded[reference] {
                    stack[last].values.append(known.value)
                    try grow(&stack[last], by: known.size)
                    continue
                }
                switch try decode(reference) {
                case .value(let value):
                    decoded[reference] = (value, 1)
                    stack[last].values.append(value)
                    try grow(&stack[last], by: 1)
                case .container(let frame):
                    guard stack.count < limits.maximumDepth else {
                        throw CatalogFormatError(
                            code: .limitExceeded, source: source, key: keyPath(stack),
                            reason: "containers are nested deeper than the limit of \(limits.maximumDepth)")
                    }
                    stack.append(frame)
                    onPath.insert(reference)
                }
            } else {
                let frame = stack.removeLast()
                onPath.remove(frame.object)
                let value: PropertyListValue
                if frame.isDictionary {
                    var dictionary = PropertyListDictionary()
                    for (index, key) in frame.keys.enumerated() { dictionary[key] = frame.values[index] }
                    value = .dictionary(dictionary)
                } else {
                    value = .array(frame.values)
                }
                decoded[frame.object] = (value, frame.expandedSize)
                guard let parent = stack.indices.last else { return value }
                stack[parent].values.append(value)
                try grow(&stack[parent], by: frame.expandedSize)
            }
        }
        throw Self.malformed("the object graph is empty", source: source)
    }

    /// Adds `size` expanded values to a container; refuses a graph that expands beyond the limit.
    private func grow(_ frame: inout Frame, by size: Int) throws(CatalogFormatError) {
        frame.expandedSize += size
        guard frame.expandedSize <= limits.maximumExpandedValues else {
            throw CatalogFormatError(
                code: .limitExceeded, source: source,
                reason: "object \(frame.object) expands to more than \(limits.maximumExpandedValues) values (objects shared by reference)")
        }
    }

    // MARK: - Objects

    /// Decodes one object: a scalar becomes a value, an array, set or dictionary a frame whose
    /// references the caller walks. Every object is charged 16 bytes of the decoded-size budget.
    private mutating func decode(_ object: Int) throws(CatalogFormatError) -> Decoded {
        let offset = try offset(of: object)
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        try charge(16, object: object)
        switch marker >> 4 {
        case 0x0: return .value(try singleton(marker, object: object))
        case 0x1: return .value(try integerObject(low, at: offset, object: object))
        case 0x2: return .value(try realObject(low, at: offset, object: object))
        case 0x3: return .value(try dateObject(marker, at: offset, object: object))
        case 0x4: return .value(try dataObject(low, at: offset, object: object))
        case 0x5: return .value(try asciiString(low, at: offset, object: object))
        case 0x6: return .value(try utf16String(low, at: offset, object: object))
        case 0x8: return .value(try uid(low, at: offset, object: object))
        case 0xA, 0xB, 0xC: return .container(try arrayFrame(low, at: offset, object: object))
        case 0xD: return .container(try dictionaryFrame(low, at: offset, object: object))
        default:
            throw Self.malformed(
                "object \(object) has an unknown marker 0x\(String(marker, radix: 16))", source: source)
        }
    }

    /// `false` (0x08), `true` (0x09); null (0x00) is refused, and so is any other marker of the kind.
    private func singleton(_ marker: UInt8, object: Int) throws(CatalogFormatError) -> PropertyListValue {
        switch marker {
        case 0x08: return .bool(false)
        case 0x09: return .bool(true)
        case 0x00:
            throw CatalogFormatError(
                code: .unsupportedPropertyList, source: source,
                reason: "object \(object) is null, which property lists cannot represent")
        default:
            throw Self.malformed(
                "object \(object) has an unknown marker 0x\(String(marker, radix: 16))", source: source)
        }
    }

    /// An integer of 2^`low` bytes (1 to 16; 16-byte ones must fit 64 bits).
    private func integerObject(
        _ low: Int, at offset: Int, object: Int
    ) throws(CatalogFormatError) -> PropertyListValue {
        guard low <= 4 else {
            throw Self.malformed("object \(object) is an integer of 2^\(low) bytes", source: source)
        }
        let size = 1 << low
        try require(offset + 1, size, object: object)
        return .integer(try integer(at: offset + 1, size: size, object: object))
    }

    /// A real of 4 or 8 bytes.
    private func realObject(_ low: Int, at offset: Int, object: Int) throws(CatalogFormatError) -> PropertyListValue {
        guard low == 2 || low == 3 else {
            throw Self.malformed("object \(object) is a real of 2^\(low) bytes", source: source)
        }
        try require(offset + 1, 1 << low, object: object)
        return .real(real(at: offset + 1, size: 1 << low))
    }

    /// A date: marker 0x33 and an 8-byte real of seconds since 2001.
    private func dateObject(
        _ marker: UInt8, at offset: Int, object: Int
    ) throws(CatalogFormatError) -> PropertyListValue {
        guard marker == 0x33 else { throw Self.malformed("object \(object) is a malformed date", source: source) }
        try require(offset + 1, 8, object: object)
        return .date(real(at: offset + 1, size: 8))
    }

    /// Data bytes, charged to the budget.
    private mutating func dataObject(
        _ low: Int, at offset: Int, object: Int
    ) throws(CatalogFormatError) -> PropertyListValue {
        let (count, start) = try count(low, at: offset, object: object)
        try require(start, count, object: object)
        try charge(count, object: object)
        return .data(Array(bytes[start..<(start + count)]))
    }

    /// An ASCII string; a byte above 0x7F is refused.
    private mutating func asciiString(
        _ low: Int, at offset: Int, object: Int
    ) throws(CatalogFormatError) -> PropertyListValue {
        let (count, start) = try count(low, at: offset, object: object)
        try require(start, count, object: object)
        try charge(count, object: object)
        let slice = bytes[start..<(start + count)]
        guard slice.allSatisfy({ $0 < 0x80 }), let string = String(validating: slice, as: UTF8.self) else {
            throw Self.malformed("object \(object) is an ASCII string with non-ASCII bytes", source: source)
        }
        return .string(string)
    }

    /// A big-endian UTF-16 string; unpaired surrogates are refused.
    private mutating func utf16String(
        _ low: Int, at offset: Int, object: Int
    ) throws(CatalogFormatError) -> PropertyListValue {
        let (count, start) = try count(low, at: offset, object: object)
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: 2)
        guard !overflow else { throw Self.malformed("object \(object) is too long", source: source) }
        try require(start, byteCount, object: object)
        try charge(byteCount, object: object)
        var units: [UInt16] = []
        units.reserveCapacity(count)
        var index = start
        for _ in 0..<count {
            units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
            index += 2
        }
        guard let string = String(validating: units, as: UTF16.self) else {
            throw Self.malformed("object \(object) is a UTF-16 string with unpaired surrogates", source: source)
        }
        return .string(string)
    }

    /// A keyed-archiver UID of `low + 1` bytes, as Core Foundation writes it in XML: `{"CF$UID": n}`.
    private func uid(_ low: Int, at offset: Int, object: Int) throws(CatalogFormatError) -> PropertyListValue {
        let size = low + 1
        guard size <= 8 else { throw Self.malformed("object \(object) is a UID of \(size) bytes", source: source) }
        try require(offset + 1, size, object: object)
        let uid = Self.bigEndian(bytes, at: offset + 1, size: size)
        guard uid <= UInt64(Int64.max) else {
            throw Self.malformed("object \(object) is a UID out of range", source: source)
        }
        return .dictionary(["CF$UID": .integer(Int64(uid))])
    }

    /// An array, set or ordered set (all become arrays): a frame of its element references.
    private mutating func arrayFrame(_ low: Int, at offset: Int, object: Int) throws(CatalogFormatError) -> Frame {
        let (count, start) = try count(low, at: offset, object: object)
        let references = try references(count, at: start, object: object)
        try charge(count * 8, object: object)
        return Frame(object: object, isDictionary: false, keys: [], references: references, values: [])
    }

    /// A dictionary: its keys decoded at once (each must be a string object), a frame of its value references.
    private mutating func dictionaryFrame(_ low: Int, at offset: Int, object: Int) throws(CatalogFormatError) -> Frame {
        let (count, start) = try count(low, at: offset, object: object)
        let keyReferences = try references(count, at: start, object: object)
        let valueReferences = try references(count, at: start + count * referenceSize, object: object)
        try charge(count * 16, object: object)
        var keys: [String] = []
        keys.reserveCapacity(count)
        for reference in keyReferences {
            // Check the marker before decoding, so a key can never lead into a container.
            let keyMarker = bytes[try self.offset(of: reference)] >> 4
            guard keyMarker == 0x5 || keyMarker == 0x6, case .value(.string(let key)) = try decode(reference) else {
                throw Self.malformed("a key of dictionary object \(object) is not a string", source: source)
            }
            keys.append(key)
        }
        return Frame(object: object, isDictionary: true, keys: keys, references: valueReferences, values: [])
    }

    /// The object's offset from the offset table, checked to lie among the objects.
    private func offset(of object: Int) throws(CatalogFormatError) -> Int {
        let entry = offsetTableStart + object * offsetSize
        let offset = Self.bigEndian(bytes, at: entry, size: offsetSize)
        guard offset >= 8, offset < UInt64(offsetTableStart) else {
            throw Self.malformed("object \(object) has offset \(offset), outside the object area", source: source)
        }
        return Int(offset)
    }

    /// The element count of a data, string or container object and where its payload starts.
    private func count(_ low: Int, at offset: Int, object: Int) throws(CatalogFormatError) -> (Int, Int) {
        guard low == 0x0F else { return (low, offset + 1) }
        try require(offset + 1, 1, object: object)
        let marker = bytes[offset + 1]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw Self.malformed("object \(object) has a malformed length", source: source)
        }
        let size = 1 << Int(marker & 0x0F)
        try require(offset + 2, size, object: object)
        let count = Self.bigEndian(bytes, at: offset + 2, size: size)
        guard count <= UInt64(offsetTableStart) else {
            throw Self.malformed("object \(object) claims \(count) elements, more than the file holds", source: source)
        }
        return (Int(count), offset + 2 + size)
    }

    private func references(_ count: Int, at start: Int, object: Int) throws(CatalogFormatError) -> [Int] {
        let (length, overflow) = count.multipliedReportingOverflow(by: referenceSize)
        guard !overflow else { throw Self.malformed("object \(object) is too long", source: source) }
        try require(start, length, object: object)
        var references: [Int] = []
        references.reserveCapacity(count)
        var index = start
        for _ in 0..<count {
            let reference = Self.bigEndian(bytes, at: index, size: referenceSize)
            guard reference < UInt64(objectCount) else {
                throw Self.malformed(
                    "object \(object) refers to object \(reference), beyond the \(objectCount) objects", source: source)
            }
            references.append(Int(reference))
            index += referenceSize
        }
        return references
    }

    /// Checks that `length` bytes at `start` lie before the offset table.
    private func require(_ start: Int, _ length: Int, object: Int) throws(CatalogFormatError) {
        let (end, overflow) = start.addingReportingOverflow(length)
        guard length >= 0, !overflow, end <= offsetTableStart else {
            throw Self.malformed("object \(object) runs past the end of the object area", source: source)
        }
    }

    private mutating func charge(_ amount: Int, object: Int) throws(CatalogFormatError) {
        let (remaining, overflow) = budget.subtractingReportingOverflow(amount)
        budget = remaining
        guard !overflow, remaining >= 0 else {
            throw CatalogFormatError(
                code: .limitExceeded, source: source,
                reason: "decoding object \(object) exceeds the decoded-size limit of \(limits.maximumDecodedSize)")
        }
    }

    private func integer(at start: Int, size: Int, object: Int) throws(CatalogFormatError) -> Int64 {
        switch size {
        case 1, 2, 4:
            return Int64(Self.bigEndian(bytes, at: start, size: size))
        case 8:
            return Int64(bitPattern: Self.bigEndian(bytes, at: start, size: 8))
        default:
            let high = Self.bigEndian(bytes, at: start, size: 8)
            let low = Self.bigEndian(bytes, at: start + 8, size: 8)
            if high == 0, low <= UInt64(Int64.max) { return Int64(low) }
            if high == UInt64.max, low > UInt64(Int64.max) { return Int64(bitPattern: low) }
            throw Self.malformed("object \(object) is an integer outside the 64-bit range", source: source)
        }
    }

    private func real(at start: Int, size: Int) -> Double {
        if size == 4 {
            return Double(Float(bitPattern: UInt32(truncatingIfNeeded: Self.bigEndian(bytes, at: start, size: 4))))
        }
        return Double(bitPattern: Self.bigEndian(bytes, at: start, size: 8))
    }

    private func keyPath(_ stack: [Frame]) -> String? {
        var path = ""
        for frame in stack {
            let index = frame.values.count
            guard index < frame.references.count else { continue }
            if frame.isDictionary {
                path += path.isEmpty ? frame.keys[index] : "." + frame.keys[index]
            } else {
                path += "[\(index)]"
            }
        }
        return path.isEmpty ? nil : path
    }

    /// Reads a big-endian unsigned integer; the caller has checked the bounds.
    private static func bigEndian(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<(start + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private static func malformed(_ reason: String, source: String, key: String? = nil) -> CatalogFormatError {
        CatalogFormatError(code: .malformedPropertyList, source: source, key: key, reason: reason)
    }
}

@testable import DeclarationFormats

/// A tiny test-only binary property list (`bplist00`) writer: one object per value (no sharing),
/// minimal integer widths, and a raw mode to build hostile files object by object.
enum BinaryPropertyListWriter {
    /// Encodes `value` as a binary property list.
    static func encode(_ value: PropertyListValue) -> [UInt8] {
        var objects: [[UInt8]] = []
        var pendingReferences: [[Int]] = []
        // First pass: flatten depth-first, recording each container's child indices.
        func add(_ value: PropertyListValue) -> Int {
            let index = objects.count
            objects.append([])
            pendingReferences.append([])
            switch value {
            case .array(let elements):
                let children = elements.map { add($0) }
                objects[index] = [0xA0]
                pendingReferences[index] = children
            case .dictionary(let dictionary):
                let keys = dictionary.keys.map { add(.string($0)) }
                let values = dictionary.values.map { add($0) }
                objects[index] = [0xD0]
                pendingReferences[index] = keys + values
            default:
                objects[index] = scalar(value)
            }
            return index
        }
        let top = add(value)
        let referenceSize = width(UInt64(objects.count))
        for index in objects.indices where objects[index] == [0xA0] || objects[index] == [0xD0] {
            let references = pendingReferences[index]
            let count = objects[index] == [0xD0] ? references.count / 2 : references.count
            var bytes = header(objects[index][0] >> 4, count: count)
            for reference in references { bytes += bigEndian(UInt64(reference), size: referenceSize) }
            objects[index] = bytes
        }
        return assemble(objects: objects, top: top, referenceSize: referenceSize)
    }

    /// Lays out pre-encoded objects with an offset table and trailer.
    static func assemble(objects: [[UInt8]], top: Int, referenceSize: Int, offsetSize: Int? = nil) -> [UInt8] {
        var file = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(file.count)
            file += object
        }
        let tableOffset = file.count
        let offsetWidth = offsetSize ?? width(UInt64(tableOffset))
        for offset in offsets { file += bigEndian(UInt64(offset), size: offsetWidth) }
        file += [0, 0, 0, 0, 0, 0, UInt8(offsetWidth), UInt8(referenceSize)]
        file += bigEndian(UInt64(objects.count), size: 8)
        file += bigEndian(UInt64(top), size: 8)
        file += bigEndian(UInt64(tableOffset), size: 8)
        return file
    }

    /// An array object referring to `references` with `referenceSize`-byte references.
    static func arrayObject(_ references: [Int], referenceSize: Int = 1) -> [UInt8] {
        header(0xA, count: references.count) + references.flatMap { bigEndian(UInt64($0), size: referenceSize) }
    }

    private static func scalar(_ value: PropertyListValue) -> [UInt8] {
        switch value {
        case .bool(let flag):
            return [flag ? 0x09 : 0x08]
        case .integer(let number):
            return integer(number)
        case .real(let number):
            return [0x23] + bigEndian(number.bitPattern, size: 8)
        case .date(let seconds):
            return [0x33] + bigEndian(seconds.bitPattern, size: 8)
        case .data(let bytes):
            return header(0x4, count: bytes.count) + bytes
        case .string(let string):
            if string.utf8.allSatisfy({ $0 < 0x80 }) {
                return header(0x5, count: string.utf8.count) + Array(string.utf8)
            }
            let units = Array(string.utf16)
            return header(0x6, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case .array, .dictionary:
            return []
        }
    }

    private static func integer(_ number: Int64) -> [UInt8] {
        switch number {
        case 0...0xFF: [0x10, UInt8(number)]
        case 0x100...0xFFFF: [0x11] + bigEndian(UInt64(number), size: 2)
        case 0x10000...0xFFFF_FFFF: [0x12] + bigEndian(UInt64(number), size: 4)
        default: [0x13] + bigEndian(UInt64(bitPattern: number), size: 8)
        }
    }

    private static func header(_ kind: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0x0F] + integer(Int64(count))
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }

    private static func width(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }
}

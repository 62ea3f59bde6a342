/// The binary form of a ``TypeDeclaration`` inside a graph image: a ``CompactRecordWriter``
/// record of its fields in order. Decoding returns `nil` for anything malformed.
enum DeclarationCoding {
    static func encode(_ declaration: TypeDeclaration) -> [UInt8] {
        var out = CompactRecordWriter()
        out.write(declaration.identifier.rawValue)
        out.write(declaration.conformsTo.count)
        for parent in declaration.conformsTo { out.write(parent.rawValue) }
        // Tag classes in a fixed order, so equal declarations encode equally.
        let classes = declaration.tags.keys.sorted { $0.rawValue < $1.rawValue }
        out.write(classes.count)
        for tagClass in classes {
            out.write(tagClass.rawValue)
            let values = declaration.tags[tagClass] ?? []
            out.write(values.count)
            for value in values { out.write(value) }
        }
        out.write(declaration.filenamePatterns.count)
        for pattern in declaration.filenamePatterns {
            out.write(pattern.pattern)
            out.write(pattern.weight)
            out.write(pattern.isCaseSensitive)
        }
        out.write(declaration.description)
        out.write(declaration.iconName)
        out.write(declaration.referenceURL)
        out.write(declaration.tier.rawValue)
        out.write(declaration.origin)
        out.write(declaration.verification)
        return out.bytes
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> TypeDeclaration? {
        var input = CompactRecordReader(bytes)
        guard let identifier = input.readString(), let parentCount = input.readCount() else { return nil }
        var parents: [TypeIdentifier] = []
        for _ in 0..<parentCount {
            guard let parent = input.readString() else { return nil }
            parents.append(TypeIdentifier(parent))
        }
        guard let classCount = input.readCount() else { return nil }
        var tags: [TagClass: [String]] = [:]
        for _ in 0..<classCount {
            guard let tagClass = input.readString(), let valueCount = input.readCount() else { return nil }
            var values: [String] = []
            for _ in 0..<valueCount {
                guard let value = input.readString() else { return nil }
                values.append(value)
            }
            tags[TagClass(tagClass)] = values
        }
        guard let patternCount = input.readCount() else { return nil }
        var patterns: [FilenamePattern] = []
        for _ in 0..<patternCount {
            guard let pattern = input.readString(), let weight = input.readInt(), let caseSensitive = input.readBool() else { return nil }
            patterns.append(FilenamePattern(pattern, weight: weight, caseSensitive: caseSensitive))
        }
        guard let description = input.readString(), let icon = input.readOptionalString(),
            let reference = input.readOptionalString(), let tierValue = input.readInt(),
            let tier = DeclarationTier(rawValue: tierValue), let origin = input.readString(),
            let verification = input.readString(), input.isAtEnd
        else { return nil }
        return TypeDeclaration(
            identifier: TypeIdentifier(identifier), conformsTo: parents, tags: tags, filenamePatterns: patterns,
            description: description, iconName: icon, referenceURL: reference, tier: tier, origin: origin,
            verification: verification)
    }
}

extension DeclarationCoding {
    /// One field of an encoded declaration, read without decoding the rest: what a lookup that
    /// needs only the identifier, a preferred tag or the description reads. `nil` when the
    /// record is malformed up to that field (the caller then decodes the whole record).
    enum Field {
        case identifier
        case description
        /// The first value of a tag class; `.some(nil)` when the class has no value.
        case firstTag(TagClass)
    }

    /// The text of `field` in `bytes`; for `.firstTag`, `.some(nil)` when the record has no value
    /// of that class.
    static func read(_ field: Field, in bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        var input = CompactRecordReader(bytes)
        guard let identifier = input.readBytes() else { return nil }
        if case .identifier = field { return String(decoding: identifier, as: UTF8.self) }
        guard let parentCount = input.readCount() else { return nil }
        for _ in 0..<parentCount { guard input.readBytes() != nil else { return nil } }
        guard let classCount = input.readCount() else { return nil }
        for _ in 0..<classCount {
            guard let tagClass = input.readBytes(), let valueCount = input.readCount() else { return nil }
            if case .firstTag(let wanted) = field, tagClass.elementsEqual(wanted.rawValue.utf8) {
                guard valueCount > 0 else { return .some(nil) }
                return input.readBytes().map { String(decoding: $0, as: UTF8.self) }
            }
            for _ in 0..<valueCount { guard input.readBytes() != nil else { return nil } }
        }
        if case .firstTag = field { return .some(nil) }
        guard let patternCount = input.readCount() else { return nil }
        for _ in 0..<patternCount {
            guard input.readBytes() != nil, input.readInt() != nil, input.readBool() != nil else { return nil }
        }
        return input.readBytes().map { String(decoding: $0, as: UTF8.self) }
    }
}

extension TypeDeclaration {
    /// The declaration as a compact binary record (the form images store).
    public var compactRecord: [UInt8] { DeclarationCoding.encode(self) }

    /// Decodes a record made by ``compactRecord``; `nil` when the bytes are malformed.
    public init?(compactRecord bytes: UnsafeBufferPointer<UInt8>) {
        guard let declaration = DeclarationCoding.decode(bytes) else { return nil }
        self = declaration
    }
}

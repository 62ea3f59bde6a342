extension TypeGraph {
    /// The declared type with this identifier (case-insensitive), or `nil`.
    public subscript(identifier: TypeIdentifier) -> UniformType? {
        storage.identifierTable.value(for: identifier.rawValue).map { UniformType(storage, index: $0) }
    }

    /// The ordinals of `public.item`, `public.data` and `public.content` in this graph, -1 for
    /// one it does not declare: known since the graph was compiled, so asking hashes nothing.
    package var rootOrdinals: (item: Int32, data: Int32, content: Int32) {
        (storage.wellKnown.item, storage.wellKnown.data, storage.wellKnown.content)
    }

    /// The type with this identifier: the declared one, or the dynamic type a `dyn.` identifier
    /// encodes.
    ///
    /// - Throws: ``UniformTypeError`` — `.malformedIdentifier` when the text is not an
    ///   identifier, `.unknownIdentifier` when no declaration names it and it is not a dynamic
    ///   identifier.
    public func type(withIdentifier text: String) throws(UniformTypeError) -> UniformType {
        let identifier = try TypeIdentifier(validating: text)
        if let declared = self[identifier] { return declared }
        if let dynamic = DynamicTypeIdentifier(decoding: identifier) {
            return dynamicType(for: dynamic)
        }
        throw UniformTypeError(.unknownIdentifier, value: text, reason: "no declaration declares this identifier")
    }

    /// A type for an identifier that need not be declared: the declared type, a decoded dynamic
    /// type, or an undeclared identity that conforms only to itself.
    public func identity(_ identifier: TypeIdentifier) -> UniformType {
        if let declared = self[identifier] { return declared }
        if let dynamic = DynamicTypeIdentifier(decoding: identifier) { return dynamicType(for: dynamic) }
        return UniformType(storage, undeclared: .init(identifier: identifier, dynamic: nil))
    }

    // MARK: Filename extensions

    /// The preferred type for a filename extension (without the dot, any case), optionally
    /// among those conforming to `supertype`; a dynamic type when no declared type claims it.
    ///
    /// Candidates are ordered by glob weight, then by how well the declaration's facts are
    /// verified, then by the extension's position in the declaration, then by identifier.
    /// Returns `nil` only for a malformed extension (empty, or containing `/` or NUL).
    @inline(__always)
    public func type(filenameExtension: String, conformingTo supertype: UniformType? = nil) -> UniformType? {
        if let list = extensionList(filenameExtension) {
            for candidate in storage.candidates(list) {
                let type = UniformType(storage, index: candidate.type)
                if supertype == nil || type.conforms(to: supertype!) { return type }
            }
        }
        guard TypeGraph.isUsableExtension(filenameExtension) else { return nil }
        let dynamic = dynamicType(for: DynamicTypeIdentifier(tagClass: .filenameExtension, tag: filenameExtension))
        return supertype == nil || dynamic.conforms(to: supertype!) ? dynamic : nil
    }

    /// Every declared type that claims a filename extension, preferred first, optionally only
    /// those conforming to `supertype`. Empty when none does.
    public func types(filenameExtension: String, conformingTo supertype: UniformType? = nil) -> [UniformType] {
        guard let list = extensionList(filenameExtension) else { return [] }
        return storage.candidates(list).map { UniformType(storage, index: $0.type) }
            .filter { supertype == nil || $0.conforms(to: supertype!) }
    }

    /// The candidate list of an extension: the case-sensitive entry if there is one, else the
    /// folded one. The extension is found by walking the name trie from its last byte; the
    /// case-sensitive table is asked only when a case-sensitive extension folds to it.
    @inline(__always)
    private func extensionList(_ ext: String) -> Int32? {
        var ext = ext
        return ext.withUTF8 { bytes in
            guard let node = storage.nameTrie.node(spelling: bytes) else { return nil }
            return storage.nameTrie.extensions(at: node).preferredList(for: bytes, caseSensitiveTable: storage.extensionsExact)
        }
    }

    /// Whether `ext` can be a filename extension: not empty, no `/` and no NUL. Read as bytes in
    /// one pass.
    static func isUsableExtension(_ ext: String) -> Bool {
        var ext = ext
        return ext.withUTF8 { bytes in
            !bytes.isEmpty && !bytes.contains { $0 == UInt8(ascii: "/") || $0 == 0 }
        }
    }

    // MARK: MIME types

    /// The preferred type for a MIME type (parameters such as `; charset=utf-8` and case are
    /// ignored; aliases are tags too), optionally among those conforming to `supertype`; a
    /// dynamic type when no declared type claims it. `nil` for a malformed MIME type.
    @inline(__always)
    public func type(mimeType: String, conformingTo supertype: UniformType? = nil) -> UniformType? {
        if let list = mimeList(mimeType) {
            for candidate in storage.candidates(list) {
                let type = UniformType(storage, index: candidate.type)
                if supertype == nil || type.conforms(to: supertype!) { return type }
            }
        }
        var text = mimeType
        let tag: String? = text.withUTF8 { bytes in
            let essence = MIMEEssence.essenceBounds(in: bytes)
            guard MIMEEssence.syntaxProblem(in: UnsafeBufferPointer(rebasing: bytes[essence])) == nil else { return nil }
            // A bare MIME type is its own essence: used as it is, not copied.
            return essence == 0..<bytes.count ? mimeType : String(decoding: UnsafeBufferPointer(rebasing: bytes[essence]), as: UTF8.self)
        }
        guard let tag else { return nil }
        let dynamic = dynamicType(for: DynamicTypeIdentifier(tagClass: .mimeType, tag: tag))
        return supertype == nil || dynamic.conforms(to: supertype!) ? dynamic : nil
    }

    /// Every declared type that claims a MIME type, preferred first.
    public func types(mimeType: String, conformingTo supertype: UniformType? = nil) -> [UniformType] {
        guard let list = mimeList(mimeType) else { return [] }
        return storage.candidates(list).map { UniformType(storage, index: $0.type) }
            .filter { supertype == nil || $0.conforms(to: supertype!) }
    }

    /// The candidate list of a MIME type's essence (no parameters, no surrounding blanks),
    /// found on the string's bytes without making a substring.
    @inline(__always)
    private func mimeList(_ mimeType: String) -> Int32? {
        // A native string's bytes are read in place; a small or bridged one is copied first.
        if let found = mimeType.utf8.withContiguousStorageIfAvailable({ mimeList(bytes: $0) }) { return found }
        var text = mimeType
        return text.withUTF8 { mimeList(bytes: $0) }
    }

    /// The candidate list of the MIME type in `bytes`, or of its essence.
    @inline(__always)
    private func mimeList(bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        // Most MIME types come bare: look the whole string up before scanning for parameters.
        if let list = storage.mimeTypes.value(for: bytes) { return list }
        return mimeList(essenceOf: bytes)
    }

    /// The candidate list of the essence of the MIME type in `bytes`, when taking off its
    /// parameters or blanks leaves something else: the rarer second lookup, kept out of line.
    @inline(never)
    private func mimeList(essenceOf bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        let essence = MIMEEssence.essenceBounds(in: bytes)
        // Nothing to take off: the whole string was already looked up.
        if essence == 0..<bytes.count { return nil }
        return storage.mimeTypes.value(for: UnsafeBufferPointer(rebasing: bytes[essence]))
    }

    // MARK: Any tag class

    /// Every declared type that has `tag` in `tagClass`, preferred first.
    public func types(tag: String, tagClass: TagClass, conformingTo supertype: UniformType? = nil) -> [UniformType] {
        switch tagClass {
        case .filenameExtension: return types(filenameExtension: tag, conformingTo: supertype)
        case .mimeType: return types(mimeType: tag, conformingTo: supertype)
        default:
            guard let list = storage.otherTags[tagClass]?.value(for: tag) else { return [] }
            return storage.candidates(list).map { UniformType(storage, index: $0.type) }
                .filter { supertype == nil || $0.conforms(to: supertype!) }
        }
    }

    /// The preferred type for a tag of any class; a dynamic type when none claims it, `nil` for
    /// an empty tag.
    public func type(tag: String, tagClass: TagClass, conformingTo supertype: UniformType? = nil) -> UniformType? {
        switch tagClass {
        case .filenameExtension: return type(filenameExtension: tag, conformingTo: supertype)
        case .mimeType: return type(mimeType: tag, conformingTo: supertype)
        default:
            if let first = types(tag: tag, tagClass: tagClass, conformingTo: supertype).first { return first }
            guard !tag.isEmpty else { return nil }
            let dynamic = dynamicType(for: DynamicTypeIdentifier(tagClass: tagClass, tag: tag))
            return supertype == nil || dynamic.conforms(to: supertype!) ? dynamic : nil
        }
    }

    // MARK: Dynamic types

    /// The dynamic type for a tag, whether or not a declaration claims the tag.
    ///
    /// Parents: a filename extension or another tag class → `public.data`; a MIME type →
    /// `public.data` plus the functional parent of its media type
    /// (``TypeIdentifier/functionalParent(ofMediaType:)``: `image/*` → `public.image`, `video/*` →
    /// `public.movie` …); `inode/*` → `public.item`.
    public func dynamicType(for dynamic: DynamicTypeIdentifier) -> UniformType {
        let known = storage.wellKnown
        // At most two parents, the first kept unless missing, the second unless the first
        // already conforms to it.
        var first: Int32 = -1
        var second: Int32 = -1
        if dynamic.tagClass == .mimeType {
            var tag = dynamic.tag
            let media = tag.withUTF8 { bytes in
                // A short media type is a small string: no allocation.
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex)]), as: UTF8.self)
            }
            // Looked up here, not when the image is mapped: mapping stays free of this table.
            if let functional = TypeIdentifier.functionalParent(ofMediaType: media), let index = storage.identifierTable.value(for: functional.rawValue) {
                first = index
            }
            second = media == "inode" ? known.item : known.data
        } else {
            first = known.data
        }
        if first >= 0, second >= 0, second == first || storage.conforms(first, to: second) { second = -1 }
        return UniformType(storage, undeclared: .init(identifier: dynamic.identifier, dynamic: dynamic, firstParent: first, secondParent: second))
    }
}

// MARK: Ordinals, for the package's own indexes

extension TypeGraph {
    /// The ordinal of the declared type whose identifier is `utf8` (any case), or `nil`: the
    /// same type as ``subscript(identifier:)``, found without making a string or a type.
    package func ordinal(identifierUTF8 utf8: UnsafeRawBufferPointer) -> Int? {
        storage.identifierTable.value(for: utf8.assumingMemoryBound(to: UInt8.self)).map(Int.init)
    }

    /// ``ordinal(identifierUTF8:)``, trying `hint` first: when the type at ordinal `hint` has
    /// exactly that identifier (in the lower case the graph keeps identifiers in), `hint` is the
    /// answer and no table is probed; otherwise, or for a hint outside the graph, the identifier
    /// is looked up. The answer is the same either way; a right hint (an ordinal recorded
    /// against a graph that declares the same types first, such as the system catalog's) only
    /// makes it cheaper.
    package func ordinal(identifierUTF8 utf8: UnsafeRawBufferPointer, hint: Int) -> Int? {
        let key = utf8.assumingMemoryBound(to: UInt8.self)
        if hint >= 0, hint < storage.count, storage.identifierTable.entry(hint, isExactly: key) { return hint }
        return storage.identifierTable.value(for: key).map(Int.init)
    }

    /// The ordinals of the proper supertypes of the declared type `ordinal`, nearest first (the
    /// ordinals of ``UniformType/supertypes``).
    package func supertypeOrdinals(of ordinal: Int) -> UnsafeBufferPointer<Int32> {
        storage.ancestorList(ordinal)
    }
}

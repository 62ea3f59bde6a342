import Synchronization

/// The compiled conformance graph of a set of type declarations, with indexes from tags to
/// types: the answer to "which type is this extension, this MIME type, this filename?" and
/// "does this type conform to that one?".
///
/// A graph is immutable and `Sendable`: compile it once and share it between threads. Every
/// type gets a dense integer id; the transitive closure of conformance is a precomputed bit
/// matrix, so ``UniformType/conforms(to:)`` is a single bit test; tags are in hash tables
/// keyed by case-folded bytes, so tag lookups do not allocate.
///
/// A compiled graph is one flat *image*: the same bytes whether it was just compiled or read
/// back with ``init(imageAt:sourceDigest:)`` from a file ``writeImage(to:)`` wrote, so a
/// process can start answering without compiling (see `TypeGraph+Image.swift`).
///
/// Compilation policy:
/// - An identifier declared more than once keeps one declaration: a system declaration of a
///   `public.` identifier always; otherwise the highest ``DeclarationTier`` (exported beats
///   imported beats system), the first one among equals.
/// - A parent that no declaration names is kept in the declaration but adds nothing to
///   conformance; ``unresolvedParents`` lists such edges.
/// - A conformance cycle is an error naming the identifiers on it.
/// - Every type conforms to itself.
///
/// ```swift
/// let graph = SystemTypeCatalog.graph
/// let jpeg = graph.type(filenameExtension: "JPG")!
/// jpeg.identifier                          // public.jpeg
/// jpeg.conforms(to: graph["public.image"]!) // true
/// ```
public struct TypeGraph: Sendable {
    let storage: Storage

    /// Compiles declarations into a graph.
    ///
    /// - Throws: ``UniformTypeError`` with code `.malformedDeclaration` for a conformance cycle or
    ///   a malformed identifier or tag.
    public init(declarations: [TypeDeclaration]) throws(UniformTypeError) {
        try self.init(declarations: declarations, sourceDigest: nil)
    }

    /// Compiles declarations, recording `sourceDigest` (or, when `nil`, their own digest).
    init(declarations: [TypeDeclaration], sourceDigest: UInt64?) throws(UniformTypeError) {
        let output = try GraphCompiler.compile(declarations, sourceDigest: sourceDigest)
        let image = GraphImage(copying: output.image)
        guard let storage = Storage(image: image, knownDeclarations: output.chosen) else {
            preconditionFailure("a freshly compiled graph image does not read back")
        }
        self.storage = storage
    }

    init(storage: Storage) { self.storage = storage }

    /// The number of declared types.
    public var count: Int { storage.count }

    /// How many of the graph's first ordinals name the embedded system table's types
    /// (``SystemTypeCatalog``), each at the ordinal ``SystemTypeCatalog/graph`` gives it: the
    /// table's whole count when the graph was compiled from the system declarations first (as
    /// every catalog graph is), else 0. A type whose ordinal in the system graph is below this
    /// count has the same identifier at the same ordinal here, so an ordinal recorded against
    /// the system graph can be used without looking the type up.
    public var leadingSystemTypeCount: Int { storage.leadingSystemTypeCount }

    /// Whether the leading system types (``leadingSystemTypeCount``, when not 0) have exactly
    /// the supertypes they have in ``SystemTypeCatalog/graph``: no declaration after them gave
    /// one of them other parents or declared a parent the system table names but lacks. Every
    /// conformance between two of them, and every supertype of one, is then as in the system
    /// graph, so facts worked out on the system graph ahead of time hold here.
    public var leadingSystemTypesKeepTheirSupertypes: Bool { storage.leadingSystemTypesKeepTheirSupertypes }

    /// Every declared type, in declaration order.
    public var declaredTypes: [UniformType] {
        (0..<Int32(storage.count)).map { UniformType(storage, index: $0) }
    }

    /// The declarations the graph was compiled from, after duplicates were resolved.
    public var declarations: [TypeDeclaration] { (0..<storage.count).map { storage.declaration(at: Int32($0)) } }

    /// Parent edges that name an identifier no declaration declares: (child, missing parent).
    public var unresolvedParents: [(child: TypeIdentifier, parent: TypeIdentifier)] {
        var result: [(child: TypeIdentifier, parent: TypeIdentifier)] = []
        for declaration in declarations {
            for parent in declaration.conformsTo where storage.identifierTable.value(for: parent.rawValue) == nil {
                result.append((declaration.identifier, parent))
            }
        }
        return result
    }

    /// Declarations dropped because another declaration of the same identifier won.
    public var replacedDeclarations: [TypeDeclaration] { storage.replacedDeclarations() }

    /// An estimate of the memory the compiled graph holds, in bytes.
    public var approximateByteSize: Int { storage.approximateByteSize }

    /// Builds a new graph with more declarations added (for example the types apps declare),
    /// applying the same duplicate policy.
    public func adding(_ more: [TypeDeclaration]) throws(UniformTypeError) -> TypeGraph {
        // The kept declarations first, then the replaced ones: the same ones win again.
        try TypeGraph(declarations: declarations + replacedDeclarations + more)
    }
}

extension TypeGraph {
    /// One entry of a tag index: which type, with what weight, from how long a pattern.
    struct Candidate: Sendable {
        var type: Int32
        var weight: Int16
        var patternLength: Int16

        init(type: Int32, weight: Int16, patternLength: Int16) {
            self.type = type
            self.weight = weight
            self.patternLength = patternLength
        }

        /// The candidate as one image word: type, weight and length from the low bits up.
        @inline(__always)
        init(packed: UInt64) {
            type = Int32(truncatingIfNeeded: packed)
            weight = Int16(truncatingIfNeeded: packed >> 32)
            patternLength = Int16(truncatingIfNeeded: packed >> 48)
        }

        var packed: UInt64 {
            UInt64(UInt32(bitPattern: type)) | UInt64(UInt16(bitPattern: weight)) << 32
                | UInt64(UInt16(bitPattern: patternLength)) << 48
        }
    }

    /// Lists of small integers stored as offsets into one array (parents, ancestors).
    struct IntegerLists: @unchecked Sendable {
        let offsets: UnsafeBufferPointer<Int32>
        let values: UnsafeBufferPointer<Int32>
        /// Every value of a list is below this.
        let limit: Int

        /// Reads lists written by ``GraphCompiler/writeLists(_:to:)``: `count` lists whose
        /// values are all below `limit`. The section sizes are checked here, each list when it is
        /// read (see ``subscript(list:)``), so opening an image reads none of them.
        init?(reading reader: inout GraphImageReader, count: Int, limit: Int) {
            guard let offsets = reader.readArray(of: Int32.self), let values = reader.readArray(of: Int32.self),
                offsets.count == count + 1, values.count < Int(Int32.max)
            else { return nil }
            self.offsets = offsets
            self.values = values
            self.limit = limit
        }

        /// List `list`; empty when the image places it outside the values or one of its values
        /// is not below the limit (a damaged image answers less, never out of bounds).
        @inline(__always)
        subscript(list: Int) -> UnsafeBufferPointer<Int32> {
            let slice = self.list(valuesUnchecked: list)
            for value in slice where value < 0 || Int(value) >= limit { return UnsafeBufferPointer(rebasing: values[0..<0]) }
            return slice
        }

        /// List `list` with its place checked but not its values: for a caller that knows
        /// every value is below the limit (``valuesAreBelowLimit``).
        @inline(__always)
        func list(valuesUnchecked list: Int) -> UnsafeBufferPointer<Int32> {
            let start = Int(offsets[list]), end = Int(offsets[list + 1])
            guard start >= 0, start <= end, end <= values.count else { return UnsafeBufferPointer(rebasing: values[0..<0]) }
            return UnsafeBufferPointer(rebasing: values[start..<end])
        }

        /// Whether every value of every list is at least 0 and below the limit: one pass over
        /// all of them, in place of a pass over each list every time it is read.
        var valuesAreBelowLimit: Bool {
            let limit = UInt32(truncatingIfNeeded: self.limit)
            var outside: UInt32 = 0
            // Negative values become large unsigned ones; no branch, so the loop vectorizes.
            for value in values { outside |= UInt32(bitPattern: value) >= limit ? 1 : 0 }
            return outside == 0
        }
    }

    @usableFromInline final class Storage: @unchecked Sendable {
        let image: GraphImage
        let count: Int
        let sourceDigest: UInt64
        /// See ``TypeGraph/leadingSystemTypeCount``.
        let leadingSystemTypeCount: Int
        /// See ``TypeGraph/leadingSystemTypesKeepTheirSupertypes``.
        let leadingSystemTypesKeepTheirSupertypes: Bool
        /// Transitive closure: bit `b` of row `a` is set when `a` conforms to `b`.
        @usableFromInline let closure: UnsafePointer<UInt64>
        @usableFromInline let wordsPerRow: Int
        /// Direct parents by dense id (resolved edges only).
        let parents: IntegerLists
        /// Proper ancestors in breadth-first order (nearest first), by dense id.
        let ancestors: IntegerLists
        /// Candidate lists (packed ``Candidate`` words); tag tables map keys to a list number.
        let candidateOffsets: UnsafeBufferPointer<Int32>
        let candidateWords: UnsafeBufferPointer<UInt64>
        let identifierTable: TagTable
        let extensionsFolded: TagTable
        let extensionsExact: TagTable
        let literalNamesFolded: TagTable
        let literalNamesExact: TagTable
        let mimeTypes: TagTable
        /// The extension patterns and literal names of the four tables above, as one trie over
        /// names read from the end (see ``NameSuffixTrie``).
        let nameTrie: NameSuffixTrie
        let otherTags: [TagClass: TagTable]
        /// General globs, heaviest first: their patterns, candidates and prefilters.
        let globPatterns: [GlobPattern]
        let globCandidates: [Candidate]
        let globPrefilters: [GlobPrefilter]
        /// Globs to try for a name (lists of glob numbers, heaviest first): by each folded byte
        /// a matching name can start with (lists 0–255); globs whose names can start with any
        /// byte by each folded byte they can end with (256–511); the rest always (512).
        let globBuckets: FlatLists
        static let unanchoredBucket = 512
        /// The encoded declarations, kept and replaced.
        let encodedDeclarations: ByteStrings
        let encodedReplaced: ByteStrings
        /// Declarations decoded so far, by dense id.
        private let decoded: Mutex<DecodedDeclarations>
        /// Whether every ancestor list holds only ordinals of the graph: 0 not known yet, 1 yes,
        /// 2 no (a damaged image, whose lists are then checked one by one as they are read).
        private let ancestorValuesState = Atomic<UInt8>(0)
        /// Dense ids of well-known roots used by dynamic types.
        let wellKnown: WellKnown

        struct WellKnown: Sendable {
            var item: Int32 = -1
            var data: Int32 = -1
            var content: Int32 = -1
        }

        /// The proper ancestors of the type at `index`, nearest first (see ``ancestors``). The
        /// values of all lists are checked once, when the first is read, rather than each list
        /// every time: the magic rules read hundreds of lists in a process.
        @inline(__always)
        func ancestorList(_ index: Int) -> UnsafeBufferPointer<Int32> {
            var state = ancestorValuesState.load(ordering: .relaxed)
            if state == 0 {
                state = ancestors.valuesAreBelowLimit ? 1 : 2
                ancestorValuesState.store(state, ordering: .relaxed)
            }
            return state == 1 ? ancestors.list(valuesUnchecked: index) : ancestors[index]
        }

        /// Reads a graph image, checking the bounds of every section and the candidate lists
        /// (the rest is checked on use); `nil` when the image is malformed.
        /// `knownDeclarations` (when the image was just compiled from them) fills the
        /// declaration cache so nothing needs decoding.
        init?(image: GraphImage, knownDeclarations: [TypeDeclaration]?) {
            var reader = GraphImageReader(image.bytes)
            guard let magic = reader.readWord(), magic == GraphImageLayout.magic,
                let version = reader.readWord(), version == GraphImageLayout.formatVersion,
                let digest = reader.readWord(), let length = reader.readWord(), length == UInt64(image.bytes.count),
                let countWord = reader.readWord(), countWord < UInt64(Int32.max),
                let wordsWord = reader.readWord(), wordsWord == UInt64(max((Int(countWord) + 63) / 64, 1))
            else { return nil }
            let count = Int(countWord)
            let words = Int(wordsWord)
            // The positions of public.item, public.data and public.content, in that order.
            var roots: [Int32] = [-1, -1, -1]
            for root in 0..<3 {
                guard let position = reader.readWord(), position == GraphImageLayout.absent || position < countWord else { return nil }
                roots[root] = position == GraphImageLayout.absent ? -1 : Int32(position)
            }
            let known = WellKnown(item: roots[0], data: roots[1], content: roots[2])
            guard let leadWord = reader.readWord(), leadWord <= countWord, let keepsWord = reader.readWord(), keepsWord <= 1,
                let leadDigest = reader.readWord()
            else { return nil }
            guard let candidateOffsets = reader.readArray(of: Int32.self), let candidateWords = reader.readArray(of: UInt64.self),
                !candidateOffsets.isEmpty,
                GraphImageChecks.offsetsAreValid(candidateOffsets, lists: candidateOffsets.count - 1, total: candidateWords.count),
                GraphImageChecks.candidatesAreValid(candidateWords, typeCount: count),
                let globCount = reader.readWord(), globCount < 1 << 20
            else { return nil }
            let lists = candidateOffsets.count - 1
            var globPatterns: [GlobPattern] = []
            var globCandidates: [Candidate] = []
            globPatterns.reserveCapacity(Int(globCount))
            globCandidates.reserveCapacity(Int(globCount))
            for _ in 0..<globCount {
                guard let pattern = reader.readArray(of: UInt8.self), let caseSensitive = reader.readWord(), caseSensitive <= 1,
                    let packed = reader.readWord(), GraphImageChecks.candidateIsValid(packed, typeCount: count)
                else { return nil }
                globPatterns.append(GlobPattern(String(decoding: pattern, as: UTF8.self), caseSensitive: caseSensitive == 1))
                globCandidates.append(Candidate(packed: packed))
            }
            guard let identifierTable = TagTable(reading: &reader, valueLimit: count), identifierTable.count == count,
                let extensionsFolded = TagTable(reading: &reader, valueLimit: lists),
                let extensionsExact = TagTable(reading: &reader, valueLimit: lists),
                let literalNamesFolded = TagTable(reading: &reader, valueLimit: lists),
                let literalNamesExact = TagTable(reading: &reader, valueLimit: lists),
                let mimeTypes = TagTable(reading: &reader, valueLimit: lists),
                let nameTrie = NameSuffixTrie(reading: &reader, valueLimit: lists),
                let otherCount = reader.readWord(), otherCount < 1024
            else { return nil }
            var otherTags: [TagClass: TagTable] = [:]
            for _ in 0..<otherCount {
                guard let name = reader.readArray(of: UInt8.self), let table = TagTable(reading: &reader, valueLimit: lists) else {
                    return nil
                }
                otherTags[TagClass(String(decoding: name, as: UTF8.self))] = table
            }
            guard let closure = reader.readArray(of: UInt64.self), closure.count == count * words,
                let parents = IntegerLists(reading: &reader, count: count, limit: count),
                let ancestors = IntegerLists(reading: &reader, count: count, limit: count),
                let encodedDeclarations = reader.readStrings(), encodedDeclarations.count == count,
                let encodedReplaced = reader.readStrings(), reader.isAtEnd
            else { return nil }
            if let knownDeclarations, knownDeclarations.count != count { return nil }

            self.image = image
            self.count = count
            self.sourceDigest = digest
            leadingSystemTypeCount = leadDigest == SystemTypeCatalog.tableDigest ? Int(leadWord) : 0
            leadingSystemTypesKeepTheirSupertypes = leadingSystemTypeCount > 0 && keepsWord == 1
            self.closure = closure.baseAddress ?? UnsafePointer(bitPattern: 8)!
            self.wordsPerRow = words
            self.parents = parents
            self.ancestors = ancestors
            self.candidateOffsets = candidateOffsets
            self.candidateWords = candidateWords
            self.identifierTable = identifierTable
            self.extensionsFolded = extensionsFolded
            self.extensionsExact = extensionsExact
            self.literalNamesFolded = literalNamesFolded
            self.literalNamesExact = literalNamesExact
            self.mimeTypes = mimeTypes
            self.nameTrie = nameTrie
            self.otherTags = otherTags
            self.globPatterns = globPatterns
            self.globCandidates = globCandidates
            globPrefilters = globPatterns.map(\.prefilter)
            globBuckets = FlatLists(listCount: Storage.unanchoredBucket + 1, listsOf: globPatterns.map { pattern in
                if let first = pattern.firstBytes { return first.map { Int($0) } }
                if let last = pattern.lastBytes { return last.map { 256 + Int($0) } }
                return [Storage.unanchoredBucket]
            })
            self.encodedDeclarations = encodedDeclarations
            self.encodedReplaced = encodedReplaced
            decoded = Mutex(DecodedDeclarations(count: count, filledWith: knownDeclarations))
            wellKnown = known
        }

        @inlinable @inline(__always)
        func conforms(_ type: Int32, to ancestor: Int32) -> Bool {
            let word = closure[Int(type) &* wordsPerRow &+ Int(ancestor) >> 6]
            return word & (1 << UInt64(ancestor & 63)) != 0
        }

        /// The candidates of list `list`, preferred first.
        @inline(__always)
        func candidates(_ list: Int32) -> CandidateList {
            CandidateList(words: UnsafeBufferPointer(
                rebasing: candidateWords[Int(candidateOffsets[Int(list)])..<Int(candidateOffsets[Int(list) + 1])]))
        }

        /// The declaration of type `index`, decoded from the image on first use.
        func declaration(at index: Int32) -> TypeDeclaration { box(at: index).declaration }

        /// One field of the declaration of type `index`: from the decoded declaration when it is
        /// cached, else read from its record alone (see ``DeclarationCoding/read(_:in:)``).
        func field(_ field: DeclarationCoding.Field, at index: Int32) -> String? {
            if let cached = decoded.withLock({ $0[index] }) { return self.field(field, in: cached.declaration) }
            if let read = DeclarationCoding.read(field, in: encodedDeclarations[Int(index)]) { return read }
            return self.field(field, in: box(at: index).declaration)
        }

        private func field(_ field: DeclarationCoding.Field, in declaration: TypeDeclaration) -> String? {
            switch field {
            case .identifier: declaration.identifier.rawValue
            case .description: declaration.description
            case .firstTag(let tagClass): declaration.tags[tagClass]?.first
            }
        }

        /// The decoded declaration of type `index`, shared: read single fields through it
        /// (`box(at:).declaration.identifier`) without copying the whole declaration.
        func box(at index: Int32) -> DeclarationBox {
            if let cached = decoded.withLock({ $0[index] }) { return cached }
            let box = DeclarationBox(
                DeclarationCoding.decode(encodedDeclarations[Int(index)])
                    ?? TypeDeclaration(identifier: TypeIdentifier(String(decoding: identifierTable.key(at: Int(index)), as: UTF8.self))))
            return decoded.withLock { $0.store(box, at: index) }
        }

        /// The declarations dropped as duplicates.
        func replacedDeclarations() -> [TypeDeclaration] {
            (0..<encodedReplaced.count).compactMap { DeclarationCoding.decode(encodedReplaced[$0]) }
        }

        /// Feeds the folded identifier of type `index` to `hasher`, as ``TypeIdentifier`` hashes.
        func hashIdentifier(_ index: Int32, into hasher: inout Hasher) {
            for byte in identifierTable.key(at: Int(index)) { hasher.combine(byte) }
        }

        var approximateByteSize: Int {
            var total = image.bytes.count + globPatterns.count * (96 + MemoryLayout<GlobPrefilter>.stride) + globBuckets.byteSize
            total += decoded.withLock { cache in
                var sum = cache.isAllocated ? count * 8 : 0
                for index in 0..<Int32(count) {
                    guard let declaration = cache[index]?.declaration else { continue }
                    var size = 200 + declaration.description.utf8.count + declaration.identifier.rawValue.utf8.count
                    for values in declaration.tags.values { size += values.reduce(0) { $0 + $1.utf8.count + 16 } }
                    sum += size + declaration.filenamePatterns.count * 40 + declaration.conformsTo.count * 24
                }
                return sum
            }
            return total
        }
    }

    /// Lists of integers in one flat array (built in memory, not read from an image).
    struct FlatLists: Sendable {
        private let offsets: [Int32]
        private let values: [Int32]

        /// `listCount` lists of positions: position `p` is in each list of `lists[p]` (each
        /// below `listCount`), and each list keeps its positions in order.
        init(listCount: Int, listsOf lists: [[Int]]) {
            var offsets = [Int32](repeating: 0, count: listCount + 1)
            for memberships in lists { for list in memberships { offsets[list + 1] += 1 } }
            for list in 0..<listCount { offsets[list + 1] += offsets[list] }
            var next = offsets
            var values = [Int32](repeating: 0, count: Int(offsets[listCount]))
            for (position, memberships) in lists.enumerated() {
                for list in memberships {
                    values[Int(next[list])] = Int32(position)
                    next[list] += 1
                }
            }
            self.offsets = offsets
            self.values = values
        }

        /// The values of list `list`.
        @inline(__always)
        func range(_ list: Int) -> Range<Int> { Int(offsets[list])..<Int(offsets[list + 1]) }

        @inline(__always)
        subscript(position: Int) -> Int32 { values[position] }

        var byteSize: Int { (offsets.count + values.count) * 4 }
    }

    /// A decoded declaration, shared by reference.
    final class DeclarationBox: Sendable {
        let declaration: TypeDeclaration
        init(_ declaration: TypeDeclaration) { self.declaration = declaration }
    }

    /// A candidate list read from the image.
    struct CandidateList: Sequence {
        let words: UnsafeBufferPointer<UInt64>

        func makeIterator() -> Iterator { Iterator(words: words, position: 0) }

        struct Iterator: IteratorProtocol {
            let words: UnsafeBufferPointer<UInt64>
            var position: Int
            @inline(__always)
            mutating func next() -> Candidate? {
                guard position < words.count else { return nil }
                defer { position += 1 }
                return Candidate(packed: words[position])
            }
        }
    }
}

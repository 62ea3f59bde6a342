/// A type in a ``TypeGraph``: declared (it has a ``TypeDeclaration``), dynamic (made for a tag
/// no declaration claims) or undeclared (a known identifier with no declaration).
///
/// A value is cheap to copy and compare. Conformance is reflexive and transitive; a dynamic
/// type conforms to the parents its tag suggests (`public.data`, plus `public.image` for an
/// `image/*` MIME type and so on).
///
/// ```swift
/// let png = graph["public.png"]!
/// png.conforms(to: graph["public.image"]!)   // true
/// png.preferredMIMEType                      // "image/png"
/// ```
public struct UniformType: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline let storage: TypeGraph.Storage
    /// Dense id in the graph, or -1 for a type that has no declaration there.
    @usableFromInline let index: Int32
    /// Identity and parents of a type without a declaration.
    let undeclared: Undeclared?

    final class Undeclared: Sendable {
        let identifier: TypeIdentifier
        let dynamic: DynamicTypeIdentifier?
        /// The declared parents (a dynamic type has at most two), -1 for none: held inline, so
        /// making a dynamic type allocates no array.
        let firstParent: Int32
        let secondParent: Int32

        init(identifier: TypeIdentifier, dynamic: DynamicTypeIdentifier?, firstParent: Int32 = -1, secondParent: Int32 = -1) {
            self.identifier = identifier
            self.dynamic = dynamic
            self.firstParent = firstParent < 0 ? secondParent : firstParent
            self.secondParent = firstParent < 0 ? -1 : secondParent
        }

        /// The declared parents, in order.
        var parents: [Int32] {
            firstParent < 0 ? [] : secondParent < 0 ? [firstParent] : [firstParent, secondParent]
        }
    }

    init(_ storage: TypeGraph.Storage, index: Int32) {
        self.storage = storage
        self.index = index
        self.undeclared = nil
    }

    init(_ storage: TypeGraph.Storage, undeclared: Undeclared) {
        self.storage = storage
        self.index = -1
        self.undeclared = undeclared
    }

    /// The type's identifier.
    public var identifier: TypeIdentifier {
        index >= 0 ? TypeIdentifier(storage.field(.identifier, at: index) ?? "") : undeclared!.identifier
    }

    /// The declaration, for a declared type.
    public var declaration: TypeDeclaration? { index >= 0 ? storage.declaration(at: index) : nil }

    /// The type's position in its graph (0 ..< ``TypeGraph/count``) for a declared type, `nil`
    /// otherwise: a dense key for tables indexed by type. Stable only within one graph.
    @inline(__always)
    public var ordinal: Int? { index >= 0 ? Int(index) : nil }

    /// Whether a declaration in the graph declares this type.
    public var isDeclared: Bool { index >= 0 }

    /// Whether this is a dynamic type, made for a tag that no declaration claims.
    public var isDynamic: Bool { undeclared?.dynamic != nil }

    /// Whether the identifier is in the `public.` domain.
    public var isPublic: Bool { identifier.isPublic }

    /// The tag class and tag a dynamic type was made for.
    public var dynamicTag: DynamicTypeIdentifier? { undeclared?.dynamic }

    /// A human description: the declared one, else one built from a tag — the dynamic type's
    /// own, or a declaration's preferred extension, then its preferred MIME type (`SL file`,
    /// `application/atomcat+xml data`: about half of the registries' types describe nothing),
    /// else the identifier.
    public var localizedDescription: String {
        if index >= 0, let description = storage.field(.description, at: index), !description.isEmpty { return description }
        // Both name a dynamic type's own tag as well as a declaration's first.
        if let fileExtension = preferredFilenameExtension { return "\(fileExtension.uppercased()) file" }
        if let mimeType = preferredMIMEType { return "\(mimeType) data" }
        if let dynamic = undeclared?.dynamic { return "\(dynamic.tag) item" }
        return identifier.rawValue
    }

    /// The preferred filename extension: the first extension tag, or the tag of a dynamic type.
    public var preferredFilenameExtension: String? {
        if index >= 0 { return storage.field(.firstTag(.filenameExtension), at: index) }
        if let dynamic = undeclared?.dynamic, dynamic.tagClass == .filenameExtension { return dynamic.tag }
        return nil
    }

    /// The preferred MIME type: the first MIME tag, or the tag of a dynamic type.
    public var preferredMIMEType: String? {
        if index >= 0 { return storage.field(.firstTag(.mimeType), at: index) }
        if let dynamic = undeclared?.dynamic, dynamic.tagClass == .mimeType { return dynamic.tag }
        return nil
    }

    /// All tags by class (for a dynamic type, its one tag).
    public var tags: [TagClass: [String]] {
        if index >= 0 { return storage.box(at: index).declaration.tags }
        if let dynamic = undeclared?.dynamic { return [dynamic.tagClass: [dynamic.tag]] }
        return [:]
    }

    /// Whether this type is `type` or a descendant of it.
    ///
    /// Conformance is reflexive (every type conforms to itself) and transitive.
    @inlinable @inline(__always)
    public func conforms(to type: UniformType) -> Bool {
        if storage === type.storage, index >= 0, type.index >= 0 {
            return storage.conforms(index, to: type.index)
        }
        return slowConforms(to: type)
    }

    @usableFromInline func slowConforms(to type: UniformType) -> Bool {
        if identifier == type.identifier { return true }
        guard let target = storage.identifierTable.value(for: type.identifier.rawValue) else { return false }
        if index >= 0 { return storage.conforms(index, to: target) }
        let undeclared = undeclared!
        return (undeclared.firstParent >= 0 && storage.conforms(undeclared.firstParent, to: target))
            || (undeclared.secondParent >= 0 && storage.conforms(undeclared.secondParent, to: target))
    }

    /// Whether this type conforms to `type` and is not `type` itself.
    public func isSubtype(of type: UniformType) -> Bool { self != type && conforms(to: type) }

    /// Whether `type` conforms to this type and is not this type itself.
    public func isSupertype(of type: UniformType) -> Bool { type.isSubtype(of: self) }

    /// The direct parents, as declared.
    public var parents: [UniformType] {
        if index >= 0 { return storage.parents[Int(index)].map { UniformType(storage, index: $0) } }
        return undeclared!.parents.map { UniformType(storage, index: $0) }
    }

    /// Every proper supertype, nearest first (breadth-first over the conformance graph).
    public var supertypes: [UniformType] {
        if index >= 0 { return storage.ancestorList(Int(index)).map { UniformType(storage, index: $0) } }
        var result: [Int32] = []
        for parent in undeclared!.parents where !result.contains(parent) {
            result.append(parent)
        }
        for parent in undeclared!.parents {
            for ancestor in storage.ancestorList(Int(parent)) where !result.contains(ancestor) { result.append(ancestor) }
        }
        return result.map { UniformType(storage, index: $0) }
    }

    /// The ordinals of a declared type's proper supertypes, nearest first (the types of
    /// ``supertypes``, without making them); `nil` for a type its graph does not declare.
    package var supertypeOrdinals: UnsafeBufferPointer<Int32>? { index >= 0 ? storage.ancestorList(Int(index)) : nil }

    /// The declared type `ordinal` of this type's graph (an ordinal from ``supertypeOrdinals``).
    package func declaredType(ordinal: Int32) -> UniformType { UniformType(storage, index: ordinal) }

    public var description: String { identifier.rawValue }

    public static func == (lhs: UniformType, rhs: UniformType) -> Bool {
        if lhs.storage === rhs.storage && lhs.index >= 0 && rhs.index >= 0 { return lhs.index == rhs.index }
        return lhs.identifier == rhs.identifier
    }

    public func hash(into hasher: inout Hasher) {
        if index >= 0 { storage.hashIdentifier(index, into: &hasher) } else { hasher.combine(identifier) }
    }
}

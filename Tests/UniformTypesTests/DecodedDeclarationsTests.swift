import Testing

@testable import UniformTypes

/// The cache of declarations a mapped graph decodes: empty until the first store, the first box
/// stored for a type kept, every box it holds released with it and none before. (The cache
/// cannot be copied, so what is checked is read into a local first.)
@Suite("Decoded declarations: stored once, released with the cache")
struct DecodedDeclarationsTests {
    @Test("an empty cache answers nothing and allocates nothing until a store")
    func empty() {
        var cache = TypeGraph.DecodedDeclarations(count: 4, filledWith: nil)
        let allocatedAtFirst = cache.isAllocated
        let answers = [cache[0], cache[3], cache[-1], cache[4]]
        #expect(!allocatedAtFirst)
        #expect(answers.allSatisfy { $0 == nil })
        let box = TypeGraph.DeclarationBox(TypeDeclaration(identifier: "com.example.a"))
        let returned = cache.store(box, at: 2)
        let (allocated, atTwo, atOne) = (cache.isAllocated, cache[2], cache[1])
        #expect(returned === box)
        #expect(allocated)
        #expect(atTwo === box)
        #expect(atOne == nil)
    }

    @Test("the first box stored for a type stays; stores outside the cache keep nothing")
    func firstStoreWins() {
        var cache = TypeGraph.DecodedDeclarations(count: 2, filledWith: nil)
        let first = TypeGraph.DeclarationBox(TypeDeclaration(identifier: "com.example.first"))
        let second = TypeGraph.DeclarationBox(TypeDeclaration(identifier: "com.example.second"))
        let returned = [cache.store(first, at: 1), cache.store(second, at: 1), cache.store(second, at: 2), cache.store(second, at: -1)]
        let (atOne, atZero) = (cache[1], cache[0])
        #expect(returned[0] === first)
        #expect(returned[1] === first)
        #expect(returned[2] === second && returned[3] === second)  // handed back, not kept
        #expect(atOne?.declaration.identifier == "com.example.first")
        #expect(atZero == nil)
    }

    @Test("a filled cache holds every declaration in order")
    func filled() {
        let declarations = (0..<5).map { TypeDeclaration(identifier: TypeIdentifier("com.example.t\($0)")) }
        let cache = TypeGraph.DecodedDeclarations(count: 5, filledWith: declarations)
        let (allocated, held) = (cache.isAllocated, (0..<5).map { cache[Int32($0)]?.declaration })
        #expect(allocated)
        #expect(held == declarations)
        // A list that does not match the count fills nothing.
        let mismatched = TypeGraph.DecodedDeclarations(count: 3, filledWith: declarations)
        let mismatchedAllocated = mismatched.isAllocated
        #expect(!mismatchedAllocated)
    }

    @Test("the boxes live as long as the cache, and no longer")
    func release() {
        weak var stored: TypeGraph.DeclarationBox?
        weak var filled: TypeGraph.DeclarationBox?
        var heldByCache = false
        var filledWhileHeld = false
        var filledAfterRelease = true
        do {
            var cache = TypeGraph.DecodedDeclarations(count: 3, filledWith: nil)
            do {
                let box = TypeGraph.DeclarationBox(TypeDeclaration(identifier: "com.example.kept"))
                stored = box
                _ = cache.store(box, at: 0)
            }
            heldByCache = stored != nil  // the cache holds the only reference
            let full = TypeGraph.DecodedDeclarations(count: 1, filledWith: [TypeDeclaration(identifier: "com.example.filled")])
            filled = full[0]
            filledWhileHeld = filled != nil
            _ = consume full
            filledAfterRelease = filled != nil
            _ = consume cache
        }
        #expect(heldByCache)
        #expect(filledWhileHeld)
        #expect(!filledAfterRelease)
        #expect(stored == nil)
    }
}

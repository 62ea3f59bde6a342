extension TypeGraph {
    /// The declarations of a graph decoded so far, by dense id. A graph mapped from an image
    /// decodes few of its thousands of declarations, so nothing is allocated until the first
    /// one is stored, and releasing the cache releases only those stored.
    struct DecodedDeclarations: ~Copyable {
        private let count: Int
        /// `count` slots, each a retained box or `nil`; `nil` until the first store.
        private var slots: UnsafeMutablePointer<UnsafeRawPointer?>?

        /// An empty cache for `count` declarations, or one holding all of `declarations` (when a
        /// graph was just compiled from them).
        init(count: Int, filledWith declarations: [TypeDeclaration]?) {
            self.count = count
            slots = nil
            guard let declarations, declarations.count == count, count > 0 else { return }
            let filled = Self.allocate(count)
            for (index, declaration) in declarations.enumerated() {
                filled[index] = UnsafeRawPointer(Unmanaged.passRetained(DeclarationBox(declaration)).toOpaque())
            }
            slots = filled
        }

        deinit {
            guard let slots else { return }
            for index in 0..<count {
                if let box = slots[index] { Unmanaged<DeclarationBox>.fromOpaque(box).release() }
            }
            slots.deallocate()
        }

        /// Whether any declaration was stored (the slots take memory from then on).
        var isAllocated: Bool { slots != nil }

        /// The decoded declaration of type `index`, if stored.
        subscript(index: Int32) -> DeclarationBox? {
            guard let slots, index >= 0, Int(index) < count, let box = slots[Int(index)] else { return nil }
            return Unmanaged<DeclarationBox>.fromOpaque(box).takeUnretainedValue()
        }

        /// Stores `box` as the declaration of type `index` and returns the stored one (the box
        /// stored first, when two callers decoded the same declaration).
        mutating func store(_ box: DeclarationBox, at index: Int32) -> DeclarationBox {
            guard index >= 0, Int(index) < count else { return box }
            if let stored = self[index] { return stored }
            let slots = self.slots ?? Self.allocate(count)
            self.slots = slots
            slots[Int(index)] = UnsafeRawPointer(Unmanaged.passRetained(box).toOpaque())
            return box
        }

        /// `count` empty slots.
        private static func allocate(_ count: Int) -> UnsafeMutablePointer<UnsafeRawPointer?> {
            let slots = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: count)
            slots.initialize(repeating: nil, count: count)
            return slots
        }
    }
}

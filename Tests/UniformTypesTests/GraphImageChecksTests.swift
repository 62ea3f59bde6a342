import Testing

@testable import UniformTypes

@Suite("Graph image checks: candidate offsets and candidate types")
struct GraphImageChecksTests {
    /// Checks `offsets` as the candidate offsets of an image whose candidate words number `total`.
    private func offsetsAreValid(_ offsets: [Int32], total: Int) -> Bool {
        offsets.withUnsafeBufferPointer { GraphImageChecks.offsetsAreValid($0, lists: offsets.count - 1, total: total) }
    }

    private func candidatesAreValid(_ types: [Int32], typeCount: Int) -> Bool {
        let words = types.map { TypeGraph.Candidate(type: $0, weight: 50, patternLength: 3).packed }
        return words.withUnsafeBufferPointer { GraphImageChecks.candidatesAreValid($0, typeCount: typeCount) }
    }

    @Test("Non-decreasing offsets from 0 to the total pass, of every length")
    func validOffsets() {
        for count in 1...40 {
            let offsets = (0..<count).map { Int32($0 / 3) }
            #expect(offsetsAreValid(offsets, total: (count - 1) / 3), "\(count) offsets")
        }
    }

    @Test("An offset that falls, is negative or is out of range fails, wherever it is")
    func damagedOffsets() {
        for count in 3...40 {
            let offsets = (0..<count).map { Int32($0) }
            let total = count - 1
            for position in 1..<(count - 1) {
                var falling = offsets
                falling[position] = falling[position - 1] - 1
                #expect(!offsetsAreValid(falling, total: total), "offset \(position) of \(count) falls")
                var negative = offsets
                negative[position] = Int32.min
                #expect(!offsetsAreValid(negative, total: total), "offset \(position) of \(count) is negative")
                // A huge offset followed by a smaller one: the fall shows in the difference.
                var huge = offsets
                huge[position] = Int32.max
                #expect(!offsetsAreValid(huge, total: total), "offset \(position) of \(count) is Int32.max")
            }
        }
        #expect(!offsetsAreValid([1, 2], total: 2))
        #expect(!offsetsAreValid([0, 2], total: 3))
        #expect(!offsetsAreValid([], total: 0))
    }

    @Test("Candidate types pass only from 0 to one below the type count, wherever a bad one is")
    func candidateTypes() {
        for count in 1...40 {
            let types = (0..<count).map { Int32($0) }
            #expect(candidatesAreValid(types, typeCount: count), "\(count) candidates")
            for position in 0..<count {
                for bad in [Int32(count), Int32(count) + 1, -1, Int32.min, Int32.max] {
                    var damaged = types
                    damaged[position] = bad
                    #expect(!candidatesAreValid(damaged, typeCount: count), "candidate \(position) of \(count) names type \(bad)")
                }
            }
        }
        #expect(candidatesAreValid([], typeCount: 0))
        #expect(!candidatesAreValid([0], typeCount: 0))
        #expect(GraphImageChecks.candidateIsValid(TypeGraph.Candidate(type: 4, weight: 1, patternLength: 1).packed, typeCount: 5))
        #expect(!GraphImageChecks.candidateIsValid(TypeGraph.Candidate(type: 5, weight: 1, patternLength: 1).packed, typeCount: 5))
        #expect(!GraphImageChecks.candidateIsValid(TypeGraph.Candidate(type: -1, weight: 1, patternLength: 1).packed, typeCount: 5))
    }
}

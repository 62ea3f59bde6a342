import FileSystemCalls
import Testing

@Suite("Unique temporary names")
struct UniqueTemporaryNameTests {
    @Test("Random parts have the asked length and use letters and digits only")
    func randomParts() {
        for length in [0, 6, 8, 32] {
            let part = UniqueTemporaryName.random(length: length)
            #expect(part.count == length)
            #expect(part.allSatisfy { UniqueTemporaryName.alphabet.contains($0) })
        }
    }

    @Test("Taken names are skipped until one is created")
    func takenNamesAreSkipped() throws {
        var tried: [String] = []
        let created = UniqueTemporaryName.create(length: 6, naming: { "x-" + $0 }) { candidate -> Int? in
            tried.append(candidate)
            return tried.count == 3 ? 42 : nil
        }
        #expect(created?.name == tried.last)
        #expect(created?.created == 42)
        #expect(tried.count == 3)
        #expect(tried.allSatisfy { $0.hasPrefix("x-") && $0.count == 8 })
    }

    @Test("When every candidate is taken the answer is nil after the documented number of attempts")
    func everyNameTaken() {
        var attempts = 0
        let created = UniqueTemporaryName.create(naming: { $0 }) { _ -> Int? in
            attempts += 1
            return nil
        }
        #expect(created == nil)
        #expect(attempts == UniqueTemporaryName.attempts)
    }

    struct Refused: Error, Equatable {}

    @Test("A failure other than a taken name ends the loop with that failure")
    func failureEndsLoop() {
        var attempts = 0
        #expect(throws: Refused()) {
            _ = try UniqueTemporaryName.create(naming: { $0 }) { _ throws(Refused) -> Int? in
                attempts += 1
                throw Refused()
            }
        }
        #expect(attempts == 1)
    }
}

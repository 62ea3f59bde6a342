@testable import OpenInBroker
import Testing

@Suite("AppIndexSet: bits in the set for a desktop's apps; a short list, then one bit an app, for more")
struct AppIndexSetTests {
    @Test("Members are found before and after the set outgrows its list, and removed in both forms")
    func membership() {
        var set = AppIndexSet(capacity: 1_000)
        // Members in an order unrelated to their values, past the list's limit.
        let members = (0..<(AppIndexSet.listLimit * 3)).map { Int32(($0 * 389) % 1_000) }
        for (count, member) in members.enumerated() {
            set.insert(member)
            #expect(set.contains(member))
            // Everything inserted so far is still there, nothing else is.
            #expect(members[...count].allSatisfy { set.contains($0) })
            #expect(!set.contains(Int32((count * 389 + 1) % 1_000)) || members[...count].contains(Int32((count * 389 + 1) % 1_000)))
        }
        set.insert(members[0])  // a second insert changes nothing
        set.remove(members[5])
        #expect(!set.contains(members[5]))
        #expect(set.contains(members[6]))
        #expect(!set.contains(-1))
        #expect(!set.contains(5_000))
    }

    @Test("Removing from the short list keeps the others")
    func removeFromList() {
        var set = AppIndexSet(capacity: 10)
        for member: Int32 in [3, 7, 1] { set.insert(member) }
        set.remove(7)
        #expect(set.contains(3) && set.contains(1) && !set.contains(7))
        set.remove(9)  // not a member
        #expect(set.contains(3) && set.contains(1))
    }

    @Test("Indices outside the capacity are never members")
    func outsideCapacity() {
        var set = AppIndexSet(capacity: 40)
        set.insert(40)
        set.insert(-3)
        #expect(!set.contains(40) && !set.contains(-3))
        for member: Int32 in 0..<40 { set.insert(member) }
        #expect((0..<40).allSatisfy { set.contains(Int32($0)) })
        #expect(!set.contains(40))
    }

    @Test("A set for at most inlineCapacity apps keeps every index in its own bit, in each of its words",
          arguments: [1, 63, 64, 100, 200, AppIndexSet.inlineCapacity])
    func inlineBits(capacity: Int) {
        var set = AppIndexSet(capacity: capacity)
        let members = (0..<capacity).filter { $0 % 3 == 0 || $0 == capacity - 1 }.map { Int32($0) }
        for member in members { set.insert(member) }
        #expect((0..<capacity).allSatisfy { set.contains(Int32($0)) == members.contains(Int32($0)) })
        set.remove(members[0])
        set.remove(Int32(capacity - 1))
        #expect(!set.contains(members[0]) && !set.contains(Int32(capacity - 1)))
        #expect(members.dropFirst().filter { $0 != Int32(capacity - 1) }.allSatisfy { set.contains($0) })
        set.insert(Int32(capacity))
        set.insert(-1)
        #expect(!set.contains(Int32(capacity)) && !set.contains(-1))
    }
}

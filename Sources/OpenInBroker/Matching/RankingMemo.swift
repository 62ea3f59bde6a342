import DocumentCatalog
import Synchronization

/// The answers a ``HandlerRanking`` has given, by type, role and options. Safe to share between
/// threads; bounded, so a ranking asked about every type keeps at most a few thousand answers.
final class RankingMemo: Sendable {
    struct Key: Hashable, Sendable {
        var type: Int32
        /// The folded identifier of the name's dynamic type, if any.
        var nameType: String?
        var role: RequestedRole
        var includeAll: Bool
        var firstOnly: Bool

        /// Hashes the role by its case, not by its raw string as a raw-valued enum would.
        func hash(into hasher: inout Hasher) {
            hasher.combine(type)
            hasher.combine(nameType)
            let roleCase: UInt8 = switch role {
            case .any: 0
            case .viewer: 1
            case .editor: 2
            case .shell: 3
            }
            hasher.combine(roleCase << 2 | (includeAll ? 2 : 0) | (firstOnly ? 1 : 0))
        }
    }

    private static let capacity = 4096
    private static let initialCapacity = 16
    private let lists = Mutex<[Key: HandlerList]>([:])

    func list(for key: Key) -> HandlerList? {
        lists.withLock { $0[key] }
    }

    func store(_ list: HandlerList, for key: Key) {
        lists.withLock { lists in
            if lists.count >= RankingMemo.capacity { lists.removeAll(keepingCapacity: true) }
            // Room for a few answers at once rather than growing one by one.
            if lists.capacity < RankingMemo.initialCapacity { lists.reserveCapacity(RankingMemo.initialCapacity) }
            lists[key] = list
        }
    }
}

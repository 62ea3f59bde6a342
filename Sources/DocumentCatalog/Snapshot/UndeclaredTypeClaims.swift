/// The claims on types outside a snapshot's graph (dynamic types: an extension or MIME type no
/// declared type owns, claimed by `CFBundleTypeExtensions` or a desktop `MimeType=`), by the
/// type's folded identifier.
///
/// Two arrays, the identifiers sorted and each one's claims beside it, looked up by binary
/// search: a short-lived process that loads a snapshot pays for no dictionary type of its own.
struct UndeclaredTypeClaims: Sendable {
    /// The folded identifiers, sorted, each once.
    private(set) var keys: [String] = []
    /// The indices in the snapshot's claims of the claims on each identifier of ``keys``, in
    /// claim order.
    private(set) var claims: [[Int32]] = []

    /// No claims.
    init() {}

    /// The claims on `keys[i]` are `claims[i]`; an identifier given more than once (two spellings
    /// of one extension) has its claims merged, in claim order.
    init(keys unsorted: [String], claims unsortedClaims: [[Int32]]) {
        let order = unsorted.indices.sorted { unsorted[$0] < unsorted[$1] }
        keys.reserveCapacity(order.count)
        claims.reserveCapacity(order.count)
        for index in order {
            if let last = keys.last, last == unsorted[index] {
                claims[claims.count - 1] = (claims[claims.count - 1] + unsortedClaims[index]).sorted()
            } else {
                keys.append(unsorted[index])
                claims.append(unsortedClaims[index])
            }
        }
    }

    /// The claims on the type whose folded identifier is `key`; empty when none.
    func claims(on key: String) -> [Int32] {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? claims[low] : []
    }
}

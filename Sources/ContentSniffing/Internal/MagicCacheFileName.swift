/// How one kind of cache file made from libmagic's databases is named: a prefix, the
/// databases' digest (``MagicTextDatabase/databaseDigest(searchPath:)``) and a suffix, so that a
/// changed database gets a file of its own, and the files of databases since replaced can be
/// told by their prefix and suffix and removed.
struct MagicCacheFileName: Sendable {
    let prefix: String
    let suffix: String

    /// The file's name for the databases of `searchPath`; `nil` when a component cannot be looked at.
    func name(searchPath: String) -> String? {
        MagicTextDatabase.databaseDigest(searchPath: searchPath).map { prefix + $0 + suffix }
    }

    /// Whether `entry` (a name in the cache folder) is a file of this kind, of any databases.
    func names(_ entry: String) -> Bool {
        entry.hasPrefix(prefix) && entry.hasSuffix(suffix)
    }
}

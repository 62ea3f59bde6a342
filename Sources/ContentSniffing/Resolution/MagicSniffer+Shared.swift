extension MagicSniffer {
    /// A process-wide libmagic sniffer, made on first use (loading the database costs a few
    /// milliseconds, so a resolver touches it only when the name and the signatures leave the
    /// answer open), with its ``binaryPrefilter`` kept in `$XDG_CACHE_HOME/openwith` (else
    /// `~/.cache/openwith`): with the prefilter at hand, the database is loaded only for bytes
    /// one of its rules may name. `nil` when libmagic's database cannot be loaded.
    public static let shared: MagicSniffer? =
        MagicTextDatabase.defaultCacheFolder().flatMap { try? MagicSniffer(cachingPrefilterIn: $0) } ?? (try? MagicSniffer())
}

extension MagicSniffer {
    /// A process-wide libmagic sniffer for bytes already known to be text, loaded on first use:
    /// the default database cut down to the rules that can name text
    /// (``init(textRulesOf:cacheFolder:readLimit:)``), the cut kept in `$XDG_CACHE_HOME/openwith`
    /// (else `~/.cache/openwith`) between processes; ``shared`` when the database cannot be cut.
    public static let sharedForText: MagicSniffer? =
        (try? MagicSniffer(textRulesOf: nil, cacheFolder: MagicTextDatabase.defaultCacheFolder())) ?? shared
}

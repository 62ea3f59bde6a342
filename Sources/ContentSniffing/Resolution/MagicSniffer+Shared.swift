extension MagicSniffer {
    /// A process-wide libmagic sniffer, loaded on first use (loading the database costs a few
    /// milliseconds, so a resolver touches it only when the name and the signatures leave the
    /// answer open). `nil` when libmagic's database cannot be loaded.
    public static let shared: MagicSniffer? = try? MagicSniffer()
}

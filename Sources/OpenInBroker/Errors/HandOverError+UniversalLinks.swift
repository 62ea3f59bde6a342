extension HandOverError.Code {
    /// A domain's association file was refused (malformed, over 128 KiB, served with the wrong
    /// type, by a redirect, or not found); the domain keeps no association.
    public static let associationRefused = HandOverError.Code(rawValue: "associationRefused")
    /// A domain's association file could not be fetched (name, connection, time limit); what the
    /// catalog held for it is kept.
    public static let associationUnreachable = HandOverError.Code(rawValue: "associationUnreachable")
    /// A name given as an associated domain is not a usable DNS name.
    public static let invalidDomain = HandOverError.Code(rawValue: "invalidDomain")
}

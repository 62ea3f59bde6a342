extension RequestSignature {
    /// A new 256-bit HMAC key from the system's cryptographic generator (`getrandom`), as a
    /// handler that requires signed requests stores it and its senders receive it.
    ///
    /// ```swift
    /// try catalog.configureURLHandler(appID: id, scheme: "notes", key: RequestSignature.newKey(), allowedSources: [])
    /// ```
    public static func newKey() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}

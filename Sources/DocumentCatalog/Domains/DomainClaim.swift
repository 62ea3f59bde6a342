public import DeclarationFormats

/// An app's claim on a URL's host: the app and the declared domain that covers the host.
public struct DomainClaim: Sendable, Equatable {
    /// The app's catalog id.
    public var appID: String
    /// The declared domain (`example.com` or `*.example.com`).
    public var domain: AssociatedDomain

    /// Creates a claim.
    public init(appID: String, domain: AssociatedDomain) {
        self.appID = appID
        self.domain = domain
    }
}

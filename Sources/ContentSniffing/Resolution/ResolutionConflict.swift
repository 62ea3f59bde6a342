public import UniformTypes

/// A disagreement between what a file claims to be (its name or a declared type) and what its
/// content is: a PNG named `.jpg`, an ELF executable named `.pdf`.
public struct ResolutionConflict: Sendable, Equatable, Codable, CustomStringConvertible {
    /// What the claim was: the name's type or the declared type.
    public var claimed: TypeIdentifier
    /// Where the claim came from.
    public var claimedBy: ResolutionEvidence.Source
    /// What the content says.
    public var content: TypeIdentifier
    /// Which side the resolver took.
    public var winner: ResolutionEvidence.Source
    /// Why, in words.
    public var reason: String

    /// Creates a conflict record.
    public init(claimed: TypeIdentifier, claimedBy: ResolutionEvidence.Source, content: TypeIdentifier, winner: ResolutionEvidence.Source, reason: String) {
        self.claimed = claimed
        self.claimedBy = claimedBy
        self.content = content
        self.winner = winner
        self.reason = reason
    }

    public var description: String { "\(claimedBy.rawValue) says \(claimed), content says \(content): \(reason)" }
}

extension HandOverError.Code {
    /// An app asked for the shared container of a group it does not declare.
    public static let notAGroupMember = HandOverError.Code(rawValue: "notAGroupMember")
    /// A group's container was to be removed while member apps remain.
    public static let groupHasMembers = HandOverError.Code(rawValue: "groupHasMembers")
    /// Removing a group's container was asked for without the confirmation it needs.
    public static let confirmationRequired = HandOverError.Code(rawValue: "confirmationRequired")
}

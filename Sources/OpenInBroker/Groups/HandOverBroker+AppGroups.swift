import DeclarationFormats
import DocumentCatalog

extension HandOverBroker {
    /// The shared container of an app group, for one of its member apps: made on the first
    /// request (mode 0700) and recorded in the catalog (audited as `group-container-create`).
    ///
    /// Policy: only a present app that declares the group gets the folder. Everyone else is
    /// refused with the reason, before anything is made: an id that cannot be a group id, an
    /// unknown app, a group no app declares, an app that does not declare it.
    ///
    /// ```swift
    /// let container = try broker.groupContainer(groupID: "group.org.example.suite", appID: "org.example.mail")
    /// print(container.root) // …/openwith/group-containers/group.org.example.suite
    /// ```
    ///
    /// - Throws: ``HandOverError`` `.invalidName` (a bad id), `.unknownApp`, `.notAGroupMember`, or
    ///   the folder's errors (`.notADirectory`, `.systemCallFailed`).
    public func groupContainer(groupID: String, appID: String) throws(HandOverError) -> GroupContainer {
        if let problem = AppGroupIdentifier.problem(in: groupID) {
            throw HandOverError(.invalidName, reason: problem, key: "group", value: AppGroupIdentifier.visible(groupID))
        }
        let app: AppRegistration
        do {
            app = try catalog.registration(appID: appID)
        } catch where error.code == .notFound {
            throw HandOverError(.unknownApp, reason: error.reason, key: "app", value: appID)
        } catch {
            throw HandOverError(error)
        }
        let group: AppGroup?
        do { group = try catalog.appGroups().first { $0.id.lowercased() == groupID.lowercased() } } catch { throw HandOverError(error) }
        guard let group, group.hasMember(app.id) else {
            throw HandOverError(.notAGroupMember, reason: refusal(of: app, groupID: groupID, group: group), key: groupID, value: app.id)
        }
        let container = try GroupContainer(groupID: group.id, location: catalog.location, recordedFolder: group.container?.folder)
        try container.create()
        if group.container == nil {
            do { try catalog.recordGroupContainer(groupID: group.id, folder: container.root) } catch { throw HandOverError(error) }
        }
        return container
    }

    /// Removes an app group's shared container and everything in it, then its record (audited as
    /// `group-container-remove`).
    ///
    /// Policy: a container survives the removal of its members one by one; it is removed only
    /// when no member remains, and only when `confirmed` (the caller has asked the user).
    ///
    /// - Returns: the folder that was removed.
    /// - Throws: ``HandOverError`` `.invalidName`, `.notFound` (no container), `.groupHasMembers`
    ///   naming them, `.confirmationRequired`, or the removal's errors.
    @discardableResult
    public func removeGroupContainer(groupID: String, confirmed: Bool) throws(HandOverError) -> String {
        if let problem = AppGroupIdentifier.problem(in: groupID) {
            throw HandOverError(.invalidName, reason: problem, key: "group", value: AppGroupIdentifier.visible(groupID))
        }
        let group: AppGroup?
        do { group = try catalog.appGroups().first { $0.id.lowercased() == groupID.lowercased() } } catch { throw HandOverError(error) }
        guard let group, let record = group.container else {
            throw HandOverError(.notFound, reason: "the group has no shared container", key: groupID)
        }
        guard group.members.isEmpty else {
            let members = group.members.map(\.appID).joined(separator: ", ")
            throw HandOverError(.groupHasMembers, reason: "the shared container is kept while a member remains (\(members))", path: record.folder, key: group.id)
        }
        guard confirmed else {
            throw HandOverError(
                .confirmationRequired, reason: "removing the shared container deletes it and everything in it; confirmation is required",
                path: record.folder, key: group.id)
        }
        let container = try GroupContainer(groupID: group.id, location: catalog.location, recordedFolder: record.folder)
        try container.remove()
        do { try catalog.forgetGroupContainer(groupID: group.id) } catch { throw HandOverError(error) }
        return record.folder
    }

    /// Why `app` may not use the container of `groupID`.
    private func refusal(of app: AppRegistration, groupID: String, group: AppGroup?) -> String {
        let declaring = "an app joins a group by declaring it (\(AppGroupDeclarations.entitlementKey) in its Info.plist, \(AppGroupDeclarations.desktopEntryKey)= in its desktop entry)"
        guard let group, !group.members.isEmpty else {
            return "\(app.id) is not a member of \(groupID): no app declares this group; \(declaring)"
        }
        let members = group.members.map(\.appID).joined(separator: ", ")
        return "\(app.id) is not a member of \(group.id) (members: \(members)); \(declaring)"
    }
}

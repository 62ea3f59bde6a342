/// An app group as the catalog knows it: the apps that declare it and its shared container.
///
/// Policy: a group exists while an app declares it or while its shared container is kept. Only
/// present apps are members (an app whose file disappeared but is kept for the user's state is
/// not). A container outlives its members: ``isOrphaned`` says it is kept without any, until it is
/// removed on purpose.
public struct AppGroup: Sendable, Equatable {
    /// The group id, spelled as when its container was made, else as the member that joined first
    /// spells it (ids are compared ignoring case).
    public var id: String
    /// The member apps, sorted by id.
    public var members: [AppGroupMember]
    /// The shared container, when it has been made.
    public var container: AppGroupContainer?

    /// Creates a group.
    public init(id: String, members: [AppGroupMember], container: AppGroupContainer?) {
        self.id = id
        self.members = members
        self.container = container
    }

    /// Whether the group's container is kept without any member app.
    public var isOrphaned: Bool { members.isEmpty && container != nil }

    /// Whether `appID` (ignoring case) is a member.
    public func hasMember(_ appID: String) -> Bool {
        members.contains { $0.appID.lowercased() == appID.lowercased() }
    }
}

/// One app of a group.
public struct AppGroupMember: Sendable, Equatable {
    /// The app's id.
    public var appID: String
    /// The app's name.
    public var name: String
    /// The file that declares the membership (the app's `Info.plist` or desktop entry).
    public var sourcePath: String
    /// When the app joined, in seconds since 1970.
    public var joinedAt: Double

    /// Creates a member.
    public init(appID: String, name: String, sourcePath: String, joinedAt: Double) {
        self.appID = appID
        self.name = name
        self.sourcePath = sourcePath
        self.joinedAt = joinedAt
    }
}

/// A group's shared container, as recorded when it was made.
public struct AppGroupContainer: Sendable, Equatable {
    /// The folder (`group-containers/<group id>` in the catalog's data folder).
    public var folder: String
    /// When it was made, in seconds since 1970.
    public var createdAt: Double

    /// Creates a container record.
    public init(folder: String, createdAt: Double) {
        self.folder = folder
        self.createdAt = createdAt
    }
}

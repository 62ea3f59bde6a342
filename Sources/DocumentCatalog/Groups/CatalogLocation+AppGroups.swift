extension CatalogLocation {
    /// The shared container folder of an app group: `group-containers/<group id>` in the data
    /// folder, beside the apps' own `containers/`. The id must pass `AppGroupIdentifier`.
    public func groupContainerFolder(groupID: String) -> String { dataFolder + "/group-containers/" + groupID }
}

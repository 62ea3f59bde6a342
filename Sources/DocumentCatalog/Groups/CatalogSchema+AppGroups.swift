
extension CatalogSchema {
    /// `v12-app-groups`: app group membership and the groups' shared containers.
    ///
    /// - `app_group_members`: one row per app and group it declares, removed with the app
    ///   (`ON DELETE CASCADE`);
    /// - `app_group_containers`: the shared container of a group, once made, with its folder; it
    ///   has no foreign key, since a container outlives its last member until it is removed on
    ///   purpose;
    /// - two triggers write every membership change to `audit_log` (`group-join`, `group-leave`,
    ///   subject the group, detail the app), whatever path made it: a registration, an import, an
    ///   unregistration or an app that disappeared.
    static func registerAppGroups(in migrator: inout SQLiteMigrator) {
        migrator.registerMigration("v12-app-groups") { db in
            try db.execute(sql: """
                CREATE TABLE app_group_members (
                    group_id TEXT NOT NULL COLLATE NOCASE,
                    app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE COLLATE NOCASE,
                    joined_at REAL NOT NULL,
                    PRIMARY KEY (group_id, app_id)
                );
                CREATE INDEX app_group_members_app ON app_group_members(app_id);
                CREATE TABLE app_group_containers (
                    group_id TEXT PRIMARY KEY NOT NULL COLLATE NOCASE,
                    folder TEXT NOT NULL,
                    created_at REAL NOT NULL
                );
                CREATE TRIGGER app_group_members_joined AFTER INSERT ON app_group_members BEGIN
                    INSERT INTO audit_log(at, action, subject, detail)
                    VALUES ((julianday('now') - 2440587.5) * 86400.0, 'group-join', NEW.group_id, NEW.app_id);
                END;
                CREATE TRIGGER app_group_members_left AFTER DELETE ON app_group_members BEGIN
                    INSERT INTO audit_log(at, action, subject, detail)
                    VALUES ((julianday('now') - 2440587.5) * 86400.0, 'group-leave', OLD.group_id, OLD.app_id);
                END;
                """)
        }
    }
}

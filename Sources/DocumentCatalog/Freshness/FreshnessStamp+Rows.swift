
extension FreshnessStamp {
    /// The stored stamps, in check order.
    static func fetchAll(_ db: SQLiteConnection) throws -> [FreshnessStamp] {
        try SQLiteRow.fetchAll(db, sql: "SELECT path, kind, is_root, device, inode, size, modified FROM freshness_stamps ORDER BY position").compactMap { row in
            guard let kind = WatchedLocation.Kind(rawValue: row[1]) else { return nil }
            return FreshnessStamp(path: row[0], kind: kind, isRoot: row[2], device: row[3], inode: row[4], size: row[5], modified: row[6])
        }
    }

    /// Replaces the stored stamps with `stamps`.
    static func store(_ stamps: [FreshnessStamp], in db: SQLiteConnection) throws {
        try db.execute(sql: "DELETE FROM freshness_stamps")
        let statement = try db.makeStatement(sql: """
            INSERT INTO freshness_stamps(position, path, kind, is_root, device, inode, size, modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, stamp) in stamps.enumerated() {
            try statement.execute(arguments: [
                position, stamp.path, stamp.kind.rawValue, stamp.isRoot, stamp.device, stamp.inode, stamp.size, stamp.modified,
            ])
        }
    }
}

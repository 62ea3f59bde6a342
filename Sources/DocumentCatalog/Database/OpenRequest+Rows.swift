
extension OpenRequest {
    /// Stores the request as a new row of `open_requests` and returns it with its id.
    func inserted(into db: SQLiteConnection) throws -> OpenRequest {
        try db.execute(
            sql: """
                INSERT INTO open_requests(app_id, url, source_app, annotation, options, grant_id, type_identifier, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                appID, url, sourceApp, annotation, options.joined(separator: ","), grantID, typeIdentifier, createdAt,
            ])
        var stored = self
        stored.id = db.lastInsertedRowID
        return stored
    }

    /// Reads a stored request, checking what every column holds: a row that breaks the schema's
    /// promise (a time stored as text, an empty app or URL, a grant id that is not an integer) is
    /// a damaged queue, reported with the row's id and column, never decoded by force.
    init(checkedRow row: SQLiteRow, catalogPath: String) throws(CatalogError) {
        let rowID = Int64.fromSQLiteValue((row["id"] as SQLiteValue?) ?? .null)
        func damaged(_ column: String, _ reason: String) -> CatalogError {
            CatalogError(
                .damaged, path: catalogPath, key: "open_requests.\(column)",
                reason: "open request \(rowID.map(String.init) ?? "?"), column \(column): \(reason)")
        }
        func value<Value: SQLiteValueConvertible>(_ column: String, as type: Value.Type, required: Bool) throws(CatalogError) -> Value? {
            let stored = (row[column] as SQLiteValue?) ?? .null
            if stored.isNull {
                if required { throw damaged(column, "the value is missing") }
                return nil
            }
            guard let decoded = Value.fromSQLiteValue(stored) else { throw damaged(column, "the stored value is not a \(Value.self)") }
            return decoded
        }
        guard let id = rowID else { throw damaged("id", "the id is not an integer") }
        guard let appID = try value("app_id", as: String.self, required: true), !appID.isEmpty else { throw damaged("app_id", "the app is empty") }
        guard let url = try value("url", as: String.self, required: true), !url.isEmpty else { throw damaged("url", "the URL is empty") }
        guard let createdAt = try value("created_at", as: Double.self, required: true), createdAt.isFinite else {
            throw damaged("created_at", "the time is not a finite number")
        }
        let options = try value("options", as: String.self, required: false) ?? ""
        self.init(
            appID: appID, url: url, sourceApp: try value("source_app", as: String.self, required: false),
            annotation: try value("annotation", as: [UInt8].self, required: false),
            options: options.split(separator: ",").map(String.init), grantID: try value("grant_id", as: Int64.self, required: false),
            typeIdentifier: try value("type_identifier", as: String.self, required: false), createdAt: createdAt)
        self.id = id
    }
}

import UniformTypes

/// How an ``AppRecord`` is stored: in the `apps` table, and in the compact records of a stored
/// snapshot. The column order is stated here once; lists of desktops are stored joined by `;`.
extension AppRecord {
    /// The `apps` columns of a record, in the order ``init(row:)`` reads and
    /// ``databaseArguments`` writes them.
    static let columns = "id, kind, name, version, source_path, origin, exec, try_exec, terminal, hidden, no_display, only_show_in, not_show_in, icon"

    /// A record from a row that selected ``columns`` first, in their order.
    init(row: SQLiteRow) {
        self.init(
            id: row[0], kind: Kind(rawValue: row[1]) ?? .desktop, name: row[2], version: row[3], sourcePath: row[4], origin: row[5],
            exec: row[6], tryExec: row[7], terminal: row[8], hidden: row[9], noDisplay: row[10],
            onlyShowIn: Self.list(row[11]), notShowIn: Self.list(row[12]), icon: row[13])
    }

    /// The values of ``columns``, in their order.
    var databaseArguments: [(any SQLiteValueConvertible)?] {
        [
            id, kind.rawValue, name, version, sourcePath, origin, exec, tryExec, terminal, hidden, noDisplay,
            onlyShowIn.joined(separator: ";"), notShowIn.joined(separator: ";"), icon,
        ]
    }

    /// Writes the record to a stored snapshot.
    func write(to out: inout CompactRecordWriter) {
        for text in [id, kind.rawValue, name] { out.write(text) }
        out.write(version)
        out.write(sourcePath)
        out.write(origin)
        out.write(exec)
        out.write(tryExec)
        for flag in [terminal, hidden, noDisplay] { out.write(flag) }
        out.write(onlyShowIn.joined(separator: ";"))
        out.write(notShowIn.joined(separator: ";"))
        out.write(icon)
    }

    /// Reads a record written by ``write(to:)``; `nil` when it is malformed.
    init?(reading input: inout CompactRecordReader) {
        guard let id = input.readString(), let kind = input.readString(), let name = input.readString(),
            let version = input.readOptionalString(), let sourcePath = input.readString(),
            let origin = input.readString(), let exec = input.readOptionalString(), let tryExec = input.readOptionalString(),
            let terminal = input.readBool(), let hidden = input.readBool(), let noDisplay = input.readBool(),
            let onlyShowIn = input.readString(), let notShowIn = input.readString(), let icon = input.readOptionalString()
        else { return nil }
        self.init(
            id: id, kind: Kind(rawValue: kind) ?? .desktop, name: name, version: version, sourcePath: sourcePath, origin: origin,
            exec: exec, tryExec: tryExec, terminal: terminal, hidden: hidden, noDisplay: noDisplay,
            onlyShowIn: Self.list(onlyShowIn), notShowIn: Self.list(notShowIn), icon: icon)
    }

    private static func list(_ joined: String) -> [String] {
        joined.isEmpty ? [] : joined.split(separator: ";").map(String.init)
    }
}

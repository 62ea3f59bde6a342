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

    /// Writes the record to a stored snapshot; the fields many apps share (kind, version,
    /// origin, desktops, icon) go through `table`.
    func write(to out: inout CompactRecordWriter, table: inout SnapshotStringTable) {
        out.write(id)
        table.write(kind.rawValue, to: &out)
        out.write(name)
        table.write(version, to: &out)
        out.write(sourcePath)
        table.write(origin, to: &out)
        out.write(exec)
        table.write(tryExec, to: &out)
        for flag in [terminal, hidden, noDisplay] { out.write(flag) }
        table.write(onlyShowIn.joined(separator: ";"), to: &out)
        table.write(notShowIn.joined(separator: ";"), to: &out)
        table.write(icon, to: &out)
    }

    /// Reads a record written by ``write(to:table:)``, with the table read so far; `nil` when it is malformed.
    init?(reading input: inout CompactRecordReader, table: inout SnapshotStringTable) {
        guard let id = input.readString(), let kind = table.read(from: &input), let name = input.readString(),
            let version = table.readOptional(from: &input), let sourcePath = input.readString(),
            let origin = table.read(from: &input), let exec = input.readOptionalString(), let tryExec = table.readOptional(from: &input),
            let terminal = input.readBool(), let hidden = input.readBool(), let noDisplay = input.readBool(),
            let onlyShowIn = table.read(from: &input), let notShowIn = table.read(from: &input), let icon = table.readOptional(from: &input)
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

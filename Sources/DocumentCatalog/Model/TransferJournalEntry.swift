
/// One entry of the transfer journal: a copy or move into a container or a provider's storage,
/// written before it starts and closed after it ends.
///
/// The states, in order: `started` (nothing is promised yet), `copied` (a complete staged file
/// with a recorded identity exists), `committed` (the file is in place and its grant stored) or
/// `rolled-back`. A move whose source lies on another file system keeps its source until the
/// entry is committed; its ``sourceDisposal`` is then `pending` until the source is removed.
public struct TransferJournalEntry: Sendable, Equatable {
    /// What a move still has to do with its source after the file is in place.
    public enum SourceDisposal: String, Sendable, Equatable {
        /// The source is to be removed once it is verified to hold the transferred bytes.
        case pending
        /// The source was removed, or kept because it changed after it was copied.
        case done
    }

    /// The entry's id.
    public var id: Int64
    /// What the transfer does.
    public var operation: Operation
    /// The receiving app.
    public var appID: String
    /// The file handed over.
    public var sourcePath: String
    /// The folder the file goes to.
    public var folder: String
    /// Where the transfer stands.
    public var state: State
    /// The staging folder, when it is not the receiving container's own (a provider's storage
    /// on another file system stages beside the destination).
    public var stagingFolder: String?
    /// For a move staged by copying: whether the source still has to be removed; `nil` when the
    /// source was renamed into staging (or the operation is a copy).
    public var sourceDisposal: SourceDisposal?
    /// The staged file's name, once copied.
    public var stagedName: String?
    /// The staged file's identity, once copied; the final file keeps it (it is renamed into place).
    public var stagedIdentity: StagedFileIdentity?
    /// For a committed entry, the final path.
    public var finalName: String?
    /// The grant: the one stored by a committed transfer, or the one a move out of an inbox
    /// carries along.
    public var grantID: Int64?

    init(row: SQLiteRow) {
        id = row["id"]
        // An operation this version does not name is recovered as an export always was: a
        // copy, mode 0600, a provider grant. The schema's CHECK admits only the four states.
        operation = Operation(rawValue: row["operation"]) ?? .export
        appID = row["app_id"]
        sourcePath = row["source_path"]
        folder = row["folder"]
        state = State(rawValue: row["state"]) ?? .started
        stagingFolder = row["staging"]
        sourceDisposal = (row["source_disposal"] as String?).flatMap(SourceDisposal.init(rawValue:))
        stagedName = row["temporary_name"]
        grantID = row["grant_id"]
        finalName = row["final_name"]
        if let device = row["staged_device"] as Int64?, let inode = row["staged_inode"] as Int64?,
            let size = row["staged_size"] as Int64?, let sha256 = row["staged_sha256"] as String?
        {
            stagedIdentity = StagedFileIdentity(device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode), size: size, sha256: sha256)
        } else {
            stagedIdentity = nil
        }
    }
}

/// Who a staged file is: the device and inode it keeps when renamed into place, and its size
/// and SHA-256 (hex), which identify its bytes wherever they are copied.
public struct StagedFileIdentity: Sendable, Equatable {
    /// The file system's device number.
    public var device: UInt64
    /// The inode number.
    public var inode: UInt64
    /// The size in bytes.
    public var size: Int64
    /// The SHA-256 of the bytes, lowercase hex.
    public var sha256: String

    /// Creates an identity.
    public init(device: UInt64, inode: UInt64, size: Int64, sha256: String) {
        self.device = device
        self.inode = inode
        self.size = size
        self.sha256 = sha256
    }

    /// Reads the `device:inode:size:sha256` text that journals of the first schema kept in
    /// `final_name` (the `v7-journal-staged-identity` migration moves it to its own columns).
    init?(journalText text: String?) {
        guard let parts = text?.split(separator: ":"), parts.count == 4, let device = UInt64(parts[0]),
            let inode = UInt64(parts[1]), let size = Int64(parts[2])
        else { return nil }
        self.init(device: device, inode: inode, size: size, sha256: String(parts[3]))
    }
}

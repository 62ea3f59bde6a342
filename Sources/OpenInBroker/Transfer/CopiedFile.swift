/// What ``AtomicFileCopy`` delivered: where the file now is, what it holds, and its identity.
///
/// Policy: every field is measured from the file that was written (size and digest are
/// computed while copying, the identity comes from `fstat` of the written file), so a grant or
/// journal row built from it describes exactly the bytes the receiver sees.
public struct CopiedFile: Sendable, Hashable, Codable {
    /// How the file reached its destination.
    public enum Transfer: String, Sendable, Hashable, Codable {
        /// The bytes were copied into a new file (the source is untouched, unless this was a
        /// ``AtomicFileCopy/move(from:toFolder:as:checkpoint:)`` across file systems, which
        /// then removed the source).
        case copied
        /// The source's directory entry was renamed into the folder (same file system).
        case renamed
    }

    /// The absolute path of the delivered file: the folder path, `/`, then ``name``.
    public var path: String
    /// The final name chosen inside the folder (after collision handling).
    public var name: String
    /// The number of bytes delivered.
    public var size: Int64
    /// The SHA-256 digest of the delivered bytes, 64 lowercase hexadecimal digits.
    public var sha256: String
    /// The device number of the delivered file (`st_dev`).
    public var device: UInt64
    /// The inode number of the delivered file (`st_ino`).
    public var inode: UInt64
    /// The permission bits the file was given (e.g. `0o444`).
    public var mode: UInt32
    /// Whether the file was copied or renamed into place.
    public var transfer: Transfer

    /// Creates a description of a delivered file.
    public init(
        path: String, name: String, size: Int64, sha256: String, device: UInt64, inode: UInt64,
        mode: UInt32, transfer: Transfer
    ) {
        self.path = path
        self.name = name
        self.size = size
        self.sha256 = sha256
        self.device = device
        self.inode = inode
        self.mode = mode
        self.transfer = transfer
    }
}

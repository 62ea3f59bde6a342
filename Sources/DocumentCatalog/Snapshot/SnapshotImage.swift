import FileSystemCalls
import Glibc
import UniformTypes

/// A catalog's snapshot rows kept in a file beside it (`catalog.sqlite.snapshot`), so a
/// short-lived process — `openwith FILE` — builds its snapshot without opening SQLite.
///
/// Policy: the file is a cache of the catalog as of one change, never the truth.
/// - It names the catalog file it was written for (device and inode); for any other file it is
///   ignored.
/// - Every change made through ``DocumentCatalog`` removes it before its transaction and again
///   after the transaction ends, and creating a catalog removes it.
/// - A snapshot load writes it anew, then removes it again when the catalog changed meanwhile,
///   so a file written from rows older than a change never outlives that change's writer.
/// - A truncated, damaged or foreign file is ignored (and replaced by the next load).
/// Changes made to the SQLite file by other programs bypass this; run any catalog command
/// that writes (or delete the file) after editing the catalog by hand.
enum SnapshotImage {
    static let magic = "openwith catalog snapshot"
    static let formatVersion = 4
    /// Larger files are not read (a catalog of 100,000 apps stays well below this).
    static let maximumSize = 512 << 20

    static func path(for location: CatalogLocation) -> String { location.path + ".snapshot" }

    /// The rows stored for the catalog at `location`, or `nil` when there is no usable file;
    /// with `typesOnly`, only the freshness stamps and the declarations (see
    /// ``SnapshotRows/init(reading:typesOnly:)``).
    static func read(location: CatalogLocation, typesOnly: Bool = false) -> SnapshotRows? {
        var catalogInfo = stat()
        guard stat(location.path, &catalogInfo) == 0 else { return nil }
        guard let bytes = try? FileReading.read(path(for: location), limit: maximumSize) else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> SnapshotRows? in
            var input = CompactRecordReader(buffer)
            guard input.readString() == magic, input.readInt() == formatVersion,
                input.readInt() == Int(truncatingIfNeeded: catalogInfo.st_dev),
                input.readInt() == Int(truncatingIfNeeded: catalogInfo.st_ino),
                let rows = SnapshotRows(reading: &input, typesOnly: typesOnly), typesOnly || input.isAtEnd
            else { return nil }
            return rows
        }
    }

    /// Stores `rows` and the name order of their apps (see ``SnapshotRows/nameOrder``) for the
    /// catalog at `location`, atomically; failures are ignored (the file is only a cache).
    static func write(_ rows: SnapshotRows, nameOrder: [Int32], location: CatalogLocation) {
        var catalogInfo = stat()
        guard stat(location.path, &catalogInfo) == 0 else { return }
        var out = CompactRecordWriter()
        out.write(magic)
        out.write(formatVersion)
        out.write(Int(truncatingIfNeeded: catalogInfo.st_dev))
        out.write(Int(truncatingIfNeeded: catalogInfo.st_ino))
        rows.write(to: &out, nameOrder: nameOrder)
        let target = path(for: location)
        _ = out.bytes.withUnsafeBytes { try? AtomicFileWrite.write($0, to: target) }
    }

    /// Removes the stored rows of the catalog at `location`.
    static func remove(location: CatalogLocation) {
        unlink(path(for: location))
    }
}

import Foundation

/// The input files `run.sh` writes, read the same way by the driver and the C peers: one item
/// per line, empty lines skipped, no trimming beyond the line break.
enum Inputs {
    /// The lines of a text file.
    static func lines(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Tab-separated pairs (`child<TAB>parent`).
    static func pairs(_ path: String) throws -> [(String, String)] {
        try lines(path).compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count == 2 ? (String(fields[0]), String(fields[1])) : nil
        }
    }

    /// The first `length` bytes of each listed file, back to back in one buffer, with each
    /// file's range. Files that cannot be read or are empty are left out.
    static func prefixes(listedIn path: String, length: Int = 4096) throws -> (bytes: [UInt8], ranges: [Range<Int>], paths: [String]) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        var paths: [String] = []
        for file in try lines(path) {
            guard let handle = FileHandle(forReadingAtPath: file) else { continue }
            defer { try? handle.close() }
            guard let data = try? handle.read(upToCount: length), !data.isEmpty else { continue }
            ranges.append(bytes.count..<bytes.count + data.count)
            bytes += data
            paths.append(file)
        }
        return (bytes, ranges, paths)
    }
}

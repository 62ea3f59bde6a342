import OpenWithTestSupport

/// Builds minimal Compound File (OLE2) files: 512-byte sectors, one FAT sector (sector 0),
/// the directory from sector 1 on, entries linked as a right-leaning sibling chain under the
/// root, and no stream data (the sniffer only reads the directory).
struct CompoundFileFixture {
    /// Stream names under the root (the names can be any UTF-16 text).
    var streams: [String]
    /// The root entry's class id (16 bytes).
    var rootClassID: [UInt8] = ByteFixtures.zeros(16)
    /// Where the FAT says the directory chain goes after its first sector; `nil` for the
    /// natural chain. Pointing it at sector 1 makes a cycle.
    var directoryNext: UInt32?
    /// Filler sectors placed before the directory, to push it past a 4 KiB prefix.
    var paddingSectors = 0
    /// Link the streams as a balanced tree (as Office writes its red-black trees) instead of a
    /// sibling chain, so that walking it pops many empty links.
    var balanced = false

    init(streams: [String]) { self.streams = streams }

    func build() -> [UInt8] {
        let entries = 1 + streams.count
        let directorySectors = (entries + 3) / 4
        let firstDirectory = 1 + paddingSectors
        var header = ByteFixtures.be64(0xD0CF_11E0_A1B1_1AE1) + ByteFixtures.zeros(16)
        header += ByteFixtures.le16(0x3E) + ByteFixtures.le16(3) + ByteFixtures.le16(0xFFFE) + ByteFixtures.le16(9)
        header += ByteFixtures.le16(6) + ByteFixtures.zeros(6) + ByteFixtures.le32(0) + ByteFixtures.le32(1)
        header += ByteFixtures.le32(firstDirectory) + ByteFixtures.le32(0) + ByteFixtures.le32(4096)
        header += ByteFixtures.le32(0xFFFF_FFFE) + ByteFixtures.le32(0) + ByteFixtures.le32(0xFFFF_FFFE) + ByteFixtures.le32(0)
        header += ByteFixtures.le32(0)  // DIFAT[0]: the FAT is sector 0
        for _ in 1..<109 { header += ByteFixtures.le32(0xFFFF_FFFF) }
        precondition(header.count == 512)

        var fat = [UInt32](repeating: 0xFFFF_FFFF, count: 128)
        fat[0] = 0xFFFF_FFFD
        for index in 0..<directorySectors {
            let sector = firstDirectory + index
            fat[sector] = index == directorySectors - 1 ? 0xFFFF_FFFE : UInt32(sector + 1)
        }
        if let directoryNext { fat[firstDirectory] = directoryNext }
        var out = header + fat.flatMap { ByteFixtures.le32(Int($0)) }
        out += ByteFixtures.zeros(512 * paddingSectors)

        var links = [(left: Int?, right: Int?)](repeating: (nil, nil), count: streams.count + 1)
        var rootChild: Int? = streams.isEmpty ? nil : 1
        if balanced {
            func subtree(_ range: ClosedRange<Int>) -> Int? {
                guard !range.isEmpty else { return nil }
                let middle = (range.lowerBound + range.upperBound) / 2
                links[middle] = (
                    middle > range.lowerBound ? subtree(range.lowerBound...(middle - 1)) : nil,
                    middle < range.upperBound ? subtree((middle + 1)...range.upperBound) : nil)
                return middle
            }
            rootChild = streams.isEmpty ? nil : subtree(1...streams.count)
        } else {
            for id in 1..<max(streams.count, 1) { links[id].right = id + 1 }
        }
        var directory = entry(name: "Root Entry", type: 5, left: nil, right: nil, child: rootChild, classID: rootClassID)
        for (index, name) in streams.enumerated() {
            let id = index + 1
            directory += entry(name: name, type: 2, left: links[id].left, right: links[id].right, child: nil,
                               classID: ByteFixtures.zeros(16))
        }
        while directory.count % 512 != 0 {
            directory += entry(name: "", type: 0, left: nil, right: nil, child: nil, classID: ByteFixtures.zeros(16))
        }
        return out + directory
    }

    private func entry(name: String, type: UInt8, left: Int?, right: Int?, child: Int?, classID: [UInt8]) -> [UInt8] {
        var units = Array(name.utf16.prefix(31))
        let length = name.isEmpty ? 0 : (units.count + 1) * 2
        units += [UInt16](repeating: 0, count: 32 - units.count)
        var out = units.flatMap { ByteFixtures.le16(Int($0)) }
        out += ByteFixtures.le16(length) + [type, 1]
        out += ByteFixtures.le32(left ?? 0xFFFF_FFFF) + ByteFixtures.le32(right ?? 0xFFFF_FFFF) + ByteFixtures.le32(child ?? 0xFFFF_FFFF)
        out += classID + ByteFixtures.zeros(4 + 8 + 8) + ByteFixtures.le32(0) + ByteFixtures.le64(0)
        precondition(out.count == 128)
        return out
    }
}

/// Some of a compiled database's rules, in a compiled database of their own, as libmagic loads
/// it for one call: the rules the bytes may match and the named rules they use.
///
/// Policy: libmagic runs the rules of a compiled database in the order they are stored and
/// stops at the first that matches, so a database of the rules that may match, in their order,
/// with the named rules they use (the first of each name, as libmagic finds it), answers as the
/// whole database does. A rule that runs every rule again (`indirect`) is never put in one: the
/// caller loads the whole database for it. Loading a few dozen rules instead of hundreds or
/// thousands saves what libmagic spends on them: the text cut's regular expressions compiled
/// (most of a call's time and memory), the whole database's 8 MB read.
enum MagicRuleSubset {
    typealias Layout = CompiledMagicFile.Layout

    /// A database of the entries `main` picks among the rules libmagic runs (set 0) of `image`
    /// (a whole compiled database in memory, with its header) and those `named` picks among its
    /// named rules (set 1; `nil`: all of them); `nil` when `image` does not hold `mainCount` and
    /// `namedCount` entries or a range reaches past its set. The caller deallocates it, after
    /// libmagic is done with it.
    static func image(
        main: [Range<Int>], named: [Range<Int>]?, of image: UnsafeRawBufferPointer, mainCount: Int, namedCount: Int
    ) -> UnsafeMutableRawBufferPointer? {
        let size = Layout.entrySize
        guard image.count == (1 + mainCount + namedCount) * size,
            image.loadUnaligned(fromByteOffset: 8, as: UInt32.self) == UInt32(mainCount),
            image.loadUnaligned(fromByteOffset: 12, as: UInt32.self) == UInt32(namedCount)
        else { return nil }
        return assemble(main: main, named: named, mainCount: mainCount, namedCount: namedCount) { entries, target in
            var at = 0
            for range in entries {
                let length = range.count * size
                UnsafeMutableRawBufferPointer(rebasing: target[at..<(at + length)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: image[((1 + range.lowerBound) * size)..<((1 + range.upperBound) * size)]))
                at += length
            }
            return true
        }
    }

    /// The same database, read from the compiled file at `path` (only the entries taken are
    /// read); `nil` also when the file cannot be read or is not a database of those counts.
    static func image(main: [Range<Int>], named: [Range<Int>]?, ofFileAt path: String, mainCount: Int, namedCount: Int) -> UnsafeMutableRawBufferPointer? {
        guard let file = try? CompiledMagicFile(path: path), file.mainCount == mainCount, file.namedCount == namedCount else { return nil }
        return assemble(main: main, named: named, mainCount: mainCount, namedCount: namedCount) { entries, target in
            (try? file.copyEntries(entries, into: target)) != nil
        }
    }

    /// The header and the entries `copy` puts in place (numbered over both sets, as a compiled
    /// file stores them): those of `main`, then those of `named`.
    private static func assemble(
        main: [Range<Int>], named: [Range<Int>]?, mainCount: Int, namedCount: Int,
        copy: (_ entries: [Range<Int>], _ target: UnsafeMutableRawBufferPointer) -> Bool
    ) -> UnsafeMutableRawBufferPointer? {
        let named = named ?? [0..<namedCount]
        guard main.allSatisfy({ $0.lowerBound >= 0 && $0.upperBound <= mainCount }),
            named.allSatisfy({ $0.lowerBound >= 0 && $0.upperBound <= namedCount })
        else { return nil }
        let buffer = allocate(mainEntries: main.reduce(0) { $0 + $1.count }, namedEntries: named.reduce(0) { $0 + $1.count })
        let entries = (main + named.map { ($0.lowerBound + mainCount)..<($0.upperBound + mainCount) }).filter { !$0.isEmpty }
        guard copy(entries, UnsafeMutableRawBufferPointer(rebasing: buffer[Layout.entrySize...])) else {
            buffer.deallocate()
            return nil
        }
        return buffer
    }

    /// A compiled database of `mainEntries` and `namedEntries` entries: its header written, its
    /// entries for the caller to fill (after the header, in order, every byte) and deallocate.
    static func allocate(mainEntries: Int, namedEntries: Int) -> UnsafeMutableRawBufferPointer {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: (1 + mainEntries + namedEntries) * Layout.entrySize, alignment: 8)
        UnsafeMutableRawBufferPointer(rebasing: buffer[..<Layout.entrySize]).initializeMemory(as: UInt8.self, repeating: 0)
        buffer.storeBytes(of: Layout.magicNumber, toByteOffset: 0, as: UInt32.self)
        buffer.storeBytes(of: Layout.version, toByteOffset: 4, as: UInt32.self)
        buffer.storeBytes(of: UInt32(mainEntries), toByteOffset: 8, as: UInt32.self)
        buffer.storeBytes(of: UInt32(namedEntries), toByteOffset: 12, as: UInt32.self)
        return buffer
    }

    /// Ranges in order, adjacent ones joined.
    static func joined(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges {
            if let last = result.last, last.upperBound == range.lowerBound {
                result[result.count - 1] = last.lowerBound..<range.upperBound
            } else {
                result.append(range)
            }
        }
        return result
    }
}

import Glibc
import Testing
@testable import UniformTypes

@Suite("General globs: prefilters, anchor bytes, and matching through them")
struct GlobPatternTests {
    /// Names with `bytes` as their UTF-8.
    func withName<Result>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var name = name
        return name.withUTF8(body)
    }

    /// Whether `prefilter` admits `name`.
    func admits(_ prefilter: GlobPrefilter, _ name: String) -> Bool {
        withName(name) { prefilter.admits($0, byteSet: GlobPrefilter.ByteSet.of($0)) }
    }

    @Test("A prefilter admits exactly the names long enough that hold the literal run, in any case when the glob folds case")
    func prefilter() {
        let shared = GlobPattern("*.so.[0-9]*", caseSensitive: false)
        #expect(shared.prefilter.minimumLength == 5)
        for name in ["libc.so.6", "LIBC.SO.6", ".so.1", "x.so.", "a.so.b.so.1"] {
            #expect(admits(shared.prefilter, name), "\(name)")
        }
        for name in ["main.swift", "photo.png", "so.1", ".so", "", "x.s.o.1"] {
            #expect(!admits(shared.prefilter, name), "\(name)")
        }
        // A run longer than eight bytes: its first eight are required.
        let long = GlobPattern("*.longerthaneight.*", caseSensitive: true)
        #expect(admits(long.prefilter, "a.longerthaneight.b"))
        #expect(!admits(long.prefilter, "a.LONGERTHANEIGHT.b"))
        #expect(!admits(long.prefilter, "a.longerth.b"))
        // No literal run: only the length counts.
        let anyThree = GlobPattern("???", caseSensitive: false)
        #expect(admits(anyThree.prefilter, "abc"))
        #expect(!admits(anyThree.prefilter, "ab"))
        #expect(!admits(anyThree.prefilter, "abcd"))
        // The run found in a whole word, across words, in the last bytes, and not past them.
        let deep = GlobPattern("*Rq*", caseSensitive: false)
        for name in ["0123456rq", "rQ", "01234567rq", "0123456789abcdRQ", "0123456789abcdefrq-"] {
            #expect(admits(deep.prefilter, name), "\(name)")
        }
        for name in ["0123456r", "01234567r", "0123456789abcdr", "r-q", "rrrrrrrrrrrrrrrrrrrr"] {
            #expect(!admits(deep.prefilter, name), "\(name)")
        }
        // The run at every place of names of every length up to 24, in both cases, and names
        // holding only its first byte everywhere.
        for length in 2...24 {
            for place in 0...(length - 2) {
                for run in ["rq", "RQ", "Rq"] {
                    let name = String(repeating: "-", count: place) + run + String(repeating: "r", count: length - place - 2)
                    #expect(admits(deep.prefilter, name), "\(name)")
                }
            }
            let without = String(repeating: "r", count: length)
            #expect(!admits(deep.prefilter, without), "\(without)")
        }
    }

    @Test("Anchor bytes: a glob's first and last steps name the folded bytes a matching name starts and ends with")
    func anchors() {
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        #expect(GlobPattern("README*", caseSensitive: false).firstBytes == bytes("r"))
        #expect(GlobPattern("README*", caseSensitive: false).lastBytes == nil)
        #expect(GlobPattern("*.[1-9]", caseSensitive: false).firstBytes == nil)
        #expect(GlobPattern("*.[1-9]", caseSensitive: false).lastBytes == bytes("123456789"))
        #expect(GlobPattern("*.anim[1-9j]", caseSensitive: false).lastBytes == bytes("123456789j"))
        #expect(GlobPattern("[0-9][0-9][0-9].vdr", caseSensitive: false).firstBytes == bytes("0123456789"))
        // A case-sensitive glob's upper-case bytes are looked up by their folded form.
        #expect(GlobPattern("[A-C]*.Q", caseSensitive: true).firstBytes == bytes("abc"))
        #expect(GlobPattern("[A-C]*.Q", caseSensitive: true).lastBytes == bytes("q"))
        // A negated bracket, `?` and `*` can be any byte; an unclosed `[` is a byte.
        #expect(GlobPattern("[!a]*.x", caseSensitive: false).firstBytes == nil)
        #expect(GlobPattern("?x", caseSensitive: false).firstBytes == nil)
        #expect(GlobPattern("*x[", caseSensitive: false).lastBytes == bytes("["))
        #expect(GlobPattern("[]x]*", caseSensitive: false).firstBytes == bytes("]x"))
        // A bracket with no byte in it (a range backwards) can end no name.
        #expect(GlobPattern("*.[z-a]", caseSensitive: false).lastBytes == [])
    }

    /// Globs of every shape the buckets and prefilters treat differently.
    let shapes: [(String, Bool)] = [
        ("*.so.[0-9]*", false), ("*.[1-9]", false), ("*.anim[1-9j]", false), ("[0-9][0-9][0-9].vdr", false),
        ("README*", false), ("Makefile.*", false), ("*~", false), ("*,v", false), ("[!a]*.x", false),
        ("[A-C]*.Q", true), ("*x[", false), ("[]x]*", false), ("*.[z-a]", false), ("Q?*", false),
        ("*.longerthaneight.*", false), ("*[", false), ("a_*.txt", false), ("[^0-9]?", false),
        ("a[*]b*", false), ("*.so.*.[0-9]", false), ("[a-c]x?", true),
    ]

    /// Names that match, nearly match and do not match the globs of `shapes`, in both cases.
    var names: [String] {
        let base = [
            "libc.so.6", "libc.so.x", "x.so", "ls.1", "ls.0", "ls.x", "x.anim3", "x.animj", "x.animk", "001.vdr",
            "01.vdr", "abc.vdr", "README", "README.md", "readme", "Makefile.am", "Makefile", "notes~", "file,v",
            "b1.x", "a1.x", "Bfile.Q", "Bfile.q", "Dfile.Q", "zx[", "zx", "]abc", "xabc", "x.z", "x.a", "Qab", "Q",
            "a.longerthaneight.b", "a.longerthaneigh.b", "[", "a[", "a_data.txt", "b_data.txt", "ab", "1b", "a",
            "", ".", "photo.png", "a*b", "a*bcd", "ab", "x.so.y.1", "x.so.1", "axz", "Axz", "axzz", "libexample.so.1.2.3",
        ]
        return base + base.map { $0.uppercased() } + base.map { $0.lowercased() }
    }

    @Test("Matching through buckets and prefilters agrees with trying every glob on every name")
    func bucketsAgreeWithEveryGlob() throws {
        var declarations = [TypeDeclaration(identifier: "public.data")]
        for (index, (pattern, caseSensitive)) in shapes.enumerated() {
            declarations.append(TypeDeclaration(
                identifier: TypeIdentifier("test.glob\(index)"), conformsTo: ["public.data"],
                filenamePatterns: [FilenamePattern(pattern, weight: 50 + index % 3, caseSensitive: caseSensitive)]))
        }
        let graph = try TypeGraph(declarations: declarations)
        var matched = 0
        for name in names {
            // `candidates(filename:)` tries every glob, without buckets or prefilters.
            let every = graph.candidates(filename: name).filter { $0.kind == .glob }
            let match = graph.match(filename: name)
            if let best = every.first {
                // Globs of one weight tie, whichever comes first.
                let tied = Set(every.filter { $0.weight == best.weight }.map(\.type))
                let type = try #require(match.type, "\(name): no match, every glob: \(best.type) by \(best.pattern)")
                #expect(tied.contains(type), "\(name): \(type) by \(match.pattern), every glob: \(best.type) by \(best.pattern)")
                #expect(Set([type] + match.tiedTypes) == tied, "\(name)")
                #expect(graph.type(filename: name) == type, "\(name)")
                matched += 1
            } else {
                #expect(match.type == nil, "\(name): \(String(describing: match.type)) by \(match.pattern), no glob matches")
            }
            // Each glob on its own, as the C library's fnmatch(3) matches it.
            for (index, (pattern, caseSensitive)) in shapes.enumerated() {
                let glob = GlobPattern(pattern, caseSensitive: caseSensitive)
                let matches = withName(name) { glob.matches($0) }
                let reference = caseSensitive
                    ? fnmatch(pattern, name, 0) == 0
                    : fnmatch(ASCIICaseFolding.folded(pattern), ASCIICaseFolding.folded(name), 0) == 0
                #expect(matches == reference, "\(name) against \(pattern): \(matches), fnmatch \(reference)")
                let listed = every.contains { $0.type.identifier == TypeIdentifier("test.glob\(index)") }
                #expect(matches == listed, "\(name) against \(pattern)")
                if matches { #expect(admits(glob.prefilter, name), "\(name) refused by the prefilter of \(pattern)") }
            }
        }
        #expect(matched > 40)
    }

    @Test("More types tied on one extension than fit in place are all kept, and the first is the type alone")
    func manyTies() throws {
        var declarations = [TypeDeclaration(identifier: "public.data")]
        for index in 0..<7 {
            declarations.append(TypeDeclaration(
                identifier: TypeIdentifier("test.tie\(index)"), conformsTo: ["public.data"],
                filenamePatterns: [FilenamePattern("*.tie")]))
        }
        declarations.append(TypeDeclaration(
            identifier: "test.heavier", conformsTo: ["public.data"], filenamePatterns: [FilenamePattern("*.other.tie", weight: 40)]))
        let graph = try TypeGraph(declarations: declarations)
        let match = graph.match(filename: "x.tie")
        #expect(match.isAmbiguous)
        let tied = Set([try #require(match.type)] + match.tiedTypes).map(\.identifier.rawValue)
        #expect(Set(tied) == Set((0..<7).map { "test.tie\($0)" }))
        #expect(graph.type(filename: "x.tie") == match.type)
        // A heavier candidate after an overflow starts over: a lighter compound extension
        // loses to the seven, whose overflow is settled by the second walk.
        #expect(graph.type(filename: "x.other.tie") == graph.match(filename: "x.other.tie").type)
        // The system table's own: `.ogg` and `.sf3` name more than four types at one weight.
        for name in ["song.ogg", "bank.sf3"] {
            let system = SystemTypeCatalog.graph.match(filename: name)
            #expect(system.type != nil)
            #expect(SystemTypeCatalog.graph.type(filename: name) == system.type)
        }
    }

    @Test("What a glob is read into (its literal ends, prefilter, anchor bytes) agrees with a plain step-by-step reading, for 20,000 random globs")
    func readingAgreesWithSteps() {
        var random = UInt64(0x6C0B)
        func next() -> UInt64 {
            random &+= 0x9E37_79B9_7F4A_7C15
            var z = random
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabet = Array("*?[]!^-aZq.9".utf8)
        for round in 0..<20_000 {
            let length = Int(next() % 12)
            let text = String(decoding: (0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }, as: UTF8.self)
            let caseSensitive = round % 2 == 0
            let glob = GlobPattern(text, caseSensitive: caseSensitive)
            let expected = ReferenceReading(text, caseSensitive: caseSensitive)
            #expect(glob.literalPrefix == expected.prefix, "\(text)")
            #expect(glob.literalSuffix == expected.suffix, "\(text)")
            #expect(glob.prefilter.minimumLength == expected.minimumLength, "\(text)")
            #expect(glob.prefilter.maximumLength == expected.maximumLength, "\(text)")
            #expect(glob.prefilter.requiredBytes == expected.requiredBytes, "\(text)")
            #expect(glob.prefilter.runLength == min(expected.longestRun.count, 8), "\(text)")
            #expect(glob.prefilter.run == expected.longestRun.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }, "\(text)")
            #expect(glob.firstBytes == expected.firstBytes, "\(text)")
            #expect(glob.lastBytes == expected.lastBytes, "\(text)")
        }
    }

    /// A glob read step by step into a list, as the shell reads it (an unclosed `[` is a byte;
    /// `!` or `^` after `[` negates; a `]` first is a member; `a-z` is a range), and what every
    /// name it matches must have, worked out from the list.
    struct ReferenceReading {
        enum Step: Equatable {
            case byte(UInt8), any, star
            case set(Set<UInt8>, negated: Bool)
        }

        var prefix: [UInt8] = []
        var suffix: [UInt8] = []
        var longestRun: [UInt8] = []
        var minimumLength = 0
        var maximumLength = 0
        var requiredBytes: UInt32 = 0
        var firstBytes: [UInt8]?
        var lastBytes: [UInt8]?

        init(_ text: String, caseSensitive: Bool) {
            let fold = { (byte: UInt8) -> UInt8 in (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
            let bytes = caseSensitive ? Array(text.utf8) : text.utf8.map(fold)
            var steps: [Step] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "*") {
                    steps.append(.star)
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "?") {
                    steps.append(.any)
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "["), let (members, negated, end) = Self.bracket(bytes, from: index) {
                    steps.append(.set(members, negated: negated))
                    index = end
                    continue
                }
                steps.append(.byte(byte))
                index += 1
            }
            var runs: [[UInt8]] = [[]]
            for step in steps {
                if case .byte(let byte) = step {
                    runs[runs.count - 1].append(byte)
                    requiredBytes |= 1 << UInt32(byte & 31)
                } else {
                    runs.append([])
                }
            }
            prefix = runs.first!
            suffix = runs.last!
            for run in runs where run.count > longestRun.count { longestRun = run }
            minimumLength = steps.filter { $0 != .star }.count
            maximumLength = steps.contains(.star) ? Int.max : minimumLength
            func anchors(_ step: Step?) -> [UInt8]? {
                let members: Set<UInt8>
                switch step {
                case nil, .star?, .any?: return nil
                case .set(_, negated: true)?: return nil
                case .byte(let byte)?: members = [byte]
                case .set(let set, negated: false)?: members = set
                }
                return Set(caseSensitive ? members.map(fold) : members.filter { fold($0) == $0 }).sorted()
            }
            firstBytes = anchors(steps.first)
            lastBytes = anchors(steps.last)
        }

        /// The bracket expression opening at `start`: its members, whether it is negated, and
        /// where it ends; `nil` when no `]` closes it.
        static func bracket(_ bytes: [UInt8], from start: Int) -> (Set<UInt8>, Bool, Int)? {
            var index = start + 1
            var negated = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "^") {
                negated = true
                index += 1
            }
            var members = Set<UInt8>()
            var first = true
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "]"), !first { return (members, negated, index + 1) }
                first = false
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] != UInt8(ascii: "]") {
                    if bytes[index] <= bytes[index + 2] { members.formUnion(bytes[index]...bytes[index + 2]) }
                    index += 3
                } else {
                    members.insert(bytes[index])
                    index += 1
                }
            }
            return nil
        }
    }
}

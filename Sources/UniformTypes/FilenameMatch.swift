/// What a filename alone says about a file's type, by the shared-mime-info rules.
///
/// Resolution order:
/// 1. literal names (`Makefile`), case-sensitive entries before case-insensitive ones; when a
///    literal name matches, globs are not consulted;
/// 2. otherwise every extension pattern that matches a suffix of the name (`*.tar.gz` and
///    `*.gz` both match `a.tar.gz`) and every general glob (`README*`) compete: the highest
///    weight wins, then the longest extension; an extension beats a general glob of the same
///    weight (`a.so.6-gdb.py` is Python, not a shared library by `*.so.[0-9]*`);
/// 3. when several types tie, a type that refines another tied type is dropped — `*.json`
///    names JSON, not the JSON Schema that also claims it; the refinement needs content
///    evidence — and if unrelated types remain, the match is *ambiguous*: ``type`` holds the
///    first in catalog order and ``isAmbiguous`` is `true`, so that content can decide.
public struct FilenameMatch: Sendable, Equatable {
    /// How the winning pattern matched.
    public enum Kind: String, Sendable, Codable {
        /// The whole name equals a literal pattern.
        case literal
        /// The name ends with `.` and the pattern's extension.
        case `extension`
        /// A general glob matched.
        case glob
    }

    /// The best type, or `nil` when no pattern matches.
    public var type: UniformType?
    /// How the winning pattern matched.
    public var kind: Kind
    /// The weight of the winning pattern.
    public var weight: Int
    /// The winning pattern, e.g. `*.tar.gz`, `Makefile`, `README*`: an extension pattern in the
    /// name's own spelling (`*.JPG` for `photo.JPG`).
    public var pattern: String {
        switch patternText {
        case .name(let name, let offset): String(decoding: name.utf8.dropFirst(offset), as: UTF8.self)
        case .suffix(let name, let offset): "*." + String(decoding: name.utf8.dropFirst(offset), as: UTF8.self)
        case .glob(let glob): String(decoding: glob.bytes, as: UTF8.self)
        }
    }
    /// The pattern as the match found it, spelled out by ``pattern`` on demand (a match costs no
    /// string building).
    var patternText: PatternText

    enum PatternText: Sendable {
        /// The pattern is the name from this UTF-8 offset on (a literal name; the offset skips
        /// the folders of a path).
        case name(String, utf8Offset: Int)
        /// `*.` and the name from this UTF-8 offset on.
        case suffix(String, utf8Offset: Int)
        /// A general glob.
        case glob(GlobPattern)
    }
    /// Whether unrelated types tie for the best match.
    public var isAmbiguous: Bool
    /// The other types tied with ``type`` (empty unless ambiguous).
    public var tiedTypes: [UniformType]

    /// No match.
    public static let none = FilenameMatch(type: nil, kind: .extension, weight: 0, patternText: .name("", utf8Offset: 0), isAmbiguous: false, tiedTypes: [])

    public static func == (lhs: FilenameMatch, rhs: FilenameMatch) -> Bool {
        lhs.type == rhs.type && lhs.kind == rhs.kind && lhs.weight == rhs.weight && lhs.pattern == rhs.pattern
            && lhs.isAmbiguous == rhs.isAmbiguous && lhs.tiedTypes == rhs.tiedTypes
    }
}

/// One pattern that matched a filename: every candidate, for explanations.
public struct FilenameCandidate: Sendable, Equatable {
    /// The type the pattern belongs to.
    public var type: UniformType
    /// How the pattern matched.
    public var kind: FilenameMatch.Kind
    /// The pattern.
    public var pattern: String
    /// Its weight.
    public var weight: Int
}

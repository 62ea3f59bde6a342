/// A file name that is safe to create inside a folder, and the names tried after it when the
/// folder already holds an item with that name.
///
/// Policy (a name is **refused**, never silently repaired, so the caller can say exactly which
/// value was wrong):
/// - empty, `.` and `..` are refused;
/// - `/` and NUL are refused (a name is one path component, and C strings end at NUL);
/// - more than 255 bytes of UTF-8 (`NAME_MAX`) is refused;
/// - control characters (U+0000–U+001F, U+007F, U+0080–U+009F) and the bidirectional
///   override and isolate characters (U+202A–U+202E, U+2066–U+2069) are refused: they break
///   listings and logs, and can disguise an extension (`txt.exe` shown as `exe.txt`);
/// - names shaped like an in-flight temporary file (`.<name>.openwith-XXXXXX`) are refused, so
///   crash recovery can tell a leftover temporary from a delivered file.
///
/// Collision rule (``candidate(_:)``): `name.ext`, `name-1.ext`, `name-2.ext`, …. The extension
/// is the part after the last dot, except that a `.tar.<x>` pair stays together
/// (`archive.tar.gz` → `archive-1.tar.gz`) so the compound type still resolves from the name.
/// Leading dots belong to the stem (`.profile` → `.profile-1`, `.notes.txt` → `.notes-1.txt`);
/// a trailing dot is not an extension (`name.` → `name.-1`). When a suffix would push the name
/// past 255 bytes, the stem is shortened by whole characters.
///
/// ```swift
/// let name = try SafeFileName(validating: "report.pdf")
/// name.candidate(2)   // "report-2.pdf"
/// ```
public struct SafeFileName: Sendable, Hashable, CustomStringConvertible {
    /// The longest name, in bytes of UTF-8, that Linux file systems accept (`NAME_MAX`).
    public static let maximumByteCount = 255

    /// The validated name.
    public let rawValue: String
    /// The name without its extension (leading dots included): `archive` for `archive.tar.gz`.
    public let stem: String
    /// The extension with its leading dot, or `""`: `.tar.gz` for `archive.tar.gz`.
    public let pathExtension: String

    /// Validates `name` against the policy above.
    ///
    /// - Throws: ``HandOverError`` with code `invalidName` or `nameTooLong`, whose `value`
    ///   is the refused name.
    public init(validating name: String) throws(HandOverError) {
        func refuse(_ reason: String, _ code: HandOverError.Code = .invalidName) -> HandOverError {
            HandOverError(code, reason: reason, key: "name", value: name)
        }
        if name.isEmpty { throw refuse("a file name must not be empty") }
        if name == "." || name == ".." { throw refuse("`.` and `..` are not file names") }
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0: throw refuse("a file name must not contain NUL")
            case 0x2F: throw refuse("a file name must not contain `/`")
            case 0x01...0x1F, 0x7F...0x9F:
                throw refuse(
                    "a file name must not contain control characters (found U+\(Self.hex(scalar)))")
            case 0x202A...0x202E, 0x2066...0x2069:
                throw refuse(
                    "a file name must not contain bidirectional controls (found U+\(Self.hex(scalar)))")
            default: continue
            }
        }
        if name.utf8.count > Self.maximumByteCount {
            throw refuse(
                "a file name must be at most \(Self.maximumByteCount) bytes of UTF-8, this one has \(name.utf8.count)",
                .nameTooLong)
        }
        if Self.looksTemporary(name) {
            throw refuse("the name has the shape of an OpenWith temporary file")
        }
        rawValue = name
        (stem, pathExtension) = Self.split(name)
    }

    /// The name.
    public var description: String { rawValue }

    /// The name to try after `index` collisions: the name itself for 0, else `stem-index.ext`,
    /// with the stem shortened (by whole characters) if needed to stay within 255 bytes.
    public func candidate(_ index: Int) -> String {
        guard index > 0 else { return rawValue }
        let suffix = "-\(index)" + pathExtension
        var base = stem
        while !base.isEmpty && base.utf8.count + suffix.utf8.count > Self.maximumByteCount {
            base.removeLast()
        }
        return base + suffix
    }

    /// The temporary name used while a file with this name is being written:
    /// `.<name>.openwith-<random>`, the name shortened to fit in 255 bytes.
    func temporaryName(random: String) -> String {
        let suffix = ".openwith-" + random
        var base = rawValue
        while base.utf8.count + 1 + suffix.utf8.count > Self.maximumByteCount {
            base.removeLast()
        }
        return "." + base + suffix
    }

    /// The length of the random part of a temporary name.
    static let temporaryRandomLength = 6

    /// Whether `name` is `.<anything>.openwith-` followed by six ASCII letters or digits.
    static func looksTemporary(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let marker = Array(".openwith-".utf8)
        let tail = marker.count + temporaryRandomLength
        guard bytes.first == UInt8(ascii: "."), bytes.count > tail + 1 else { return false }
        let start = bytes.count - tail
        guard Array(bytes[start..<(start + marker.count)]) == marker else { return false }
        return bytes[(start + marker.count)...].allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
    }

    /// Splits a name into stem and extension following the collision rule.
    static func split(_ name: String) -> (stem: String, pathExtension: String) {
        let leadingDots = name.prefix { $0 == "." }
        let rest = name.dropFirst(leadingDots.count)
        guard let lastDot = rest.lastIndex(of: "."), lastDot != rest.startIndex,
            rest.index(after: lastDot) != rest.endIndex
        else { return (name, "") }
        var extensionStart = lastDot
        let beforeLast = rest[..<lastDot]
        if beforeLast.lowercased().hasSuffix(".tar") {
            let tarDot = beforeLast.index(beforeLast.endIndex, offsetBy: -4)
            if tarDot != rest.startIndex { extensionStart = tarDot }
        }
        return (String(leadingDots) + String(rest[..<extensionStart]), String(rest[extensionStart...]))
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

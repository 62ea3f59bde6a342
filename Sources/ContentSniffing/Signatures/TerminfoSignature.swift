/// A compiled terminfo entry (`/usr/share/terminfo/x/xterm`, written by `tic`), as ncurses
/// documents in term(5): a header of six little-endian 16-bit numbers, then the entry's
/// names, its boolean, numeric and string capabilities, and the string table.
///
/// The first number is the magic: octal 0432 for the legacy format, octal 01036 for the
/// extended-number format, whose numbers are 32 bits wide (`application/x-terminfo2`). The
/// other five are sizes and counts, none negative. The check asks for more than the magic's two
/// bytes: the names section must be whole in the prefix, printable ASCII ended by its NUL (the
/// terminal's names, separated by `|`), and, when the file's size is known, the sections the
/// header announces must fit in it.
enum TerminfoSignature {
    /// The longest names section ncurses reads (`MAX_NAME_SIZE`).
    static let maximumNamesLength = 512

    static func check(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard let magic = b.u16le(at: 0), magic == 0o432 || magic == 0o1036 else { return nil }
        guard let namesLength = count(b, 1), let booleans = count(b, 2), let numbers = count(b, 3), let strings = count(b, 4),
            let table = count(b, 5), (2...maximumNamesLength).contains(namesLength), b.byte(at: 12 + namesLength - 1) == 0,
            (12..<(12 + namesLength - 1)).allSatisfy({ ASCII.isPrintable(b[$0]) })
        else { return nil }
        // Numbers start on an even offset: a pad byte follows the booleans when needed.
        let numbersStart = (12 + namesLength + booleans + 1) & ~1
        let wide = magic == 0o1036
        let end = numbersStart + numbers * (wide ? 4 : 2) + strings * 2 + table
        if let size = probe.knownSize, end > size { return nil }
        return wide
            ? SignatureMatch(KnownType.terminfoWide, .strong, "compiled terminfo entry, extended-number format (magic 01036)")
            : SignatureMatch(KnownType.terminfo, .strong, "compiled terminfo entry (magic 0432)")
    }

    /// The header's `index`th number (a size or a count): `nil` when it is negative.
    private static func count(_ b: UnsafeRawBufferPointer, _ index: Int) -> Int? {
        guard let value = b.u16le(at: 2 * index), value < 0x8000 else { return nil }
        return Int(value)
    }
}

/// Signatures of executables, libraries and compiled code: ELF, Mach-O (thin and universal),
/// PE and DOS executables, WebAssembly, LLVM bitcode, Java classes and Pack200 archives, Python
/// bytecode.
enum ExecutableSignatures {
    /// The most ELF program headers looked at for `PT_INTERP` and `PT_DYNAMIC`.
    static let maxProgramHeaders = 512

    /// The most bytes of an ELF dynamic section read for `DT_FLAGS_1`.
    static let maxDynamicSectionBytes = 16 * 1024

    /// ELF: `7F 'ELF'`, a valid class, byte order and version. `e_type` tells relocatable
    /// objects, executables and core dumps apart. A shared object (`ET_DYN`) is, by its dynamic
    /// section first: an executable (PIE) when `DT_FLAGS_1` has `DF_1_PIE`, which linkers set
    /// for every PIE, static ones included (`ldconfig`); a shared library when it has a
    /// `DT_SONAME` (libc, which has a `PT_INTERP` so that it can also be run, is a library); else
    /// an executable when it has a `PT_INTERP` program header (a PIE from an older linker), and a
    /// shared library when it has none.
    static func elf(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        let b = probe.bytes
        guard b.u32be(at: 0) == 0x7F45_4C46, let elfClass = b.byte(at: 4), elfClass == 1 || elfClass == 2,
            let order = b.byte(at: 5), order == 1 || order == 2, b.byte(at: 6) == 1,
            let type = b.u16(at: 16, littleEndian: order == 1)
        else { return nil }
        let little = order == 1
        switch type {
        case 1: return SignatureMatch(KnownType.elfObject, .strong, "ELF relocatable object (ET_REL)")
        case 2: return SignatureMatch(KnownType.elfExecutable, .strong, "ELF executable (ET_EXEC)")
        case 4: return SignatureMatch(KnownType.elfCore, .strong, "ELF core dump (ET_CORE)")
        case 3: break
        default: return SignatureMatch(KnownType.elf, .strong, "ELF header with an unusual e_type")
        }
        let is64 = elfClass == 2
        let offsetField = word(b, at: 32, or: 28, is64: is64, little: little)
        guard let tableOffset = offsetField.flatMap({ Int64(exactly: $0) }),
            let entrySize = b.u16(at: is64 ? 54 : 42, littleEndian: little).map(Int.init),
            let entryCount = b.u16(at: is64 ? 56 : 44, littleEndian: little).map(Int.init),
            entrySize >= (is64 ? 56 : 32), entryCount > 0
        else {
            return SignatureMatch(KnownType.elfSharedLibrary, .strong, "ELF shared object (ET_DYN) without program headers")
        }
        let count = Swift.min(entryCount, maxProgramHeaders)
        let (length, overflow) = count.multipliedReportingOverflow(by: entrySize)
        guard !overflow else { return nil }
        let headers: ProgramHeaders? = try probe.withBytes(at: tableOffset, count: length) { table in
            let found = ProgramHeaders(table, count: table.count / entrySize, entrySize: entrySize, little: little, is64: is64)
            return found.hasInterpreter || table.count == length ? found : nil  // nil: not all program headers could be read
        }
        let hasInterpreter = headers?.hasInterpreter
        if let dynamic = headers?.dynamic {
            let entries = try probe.withBytes(at: dynamic.offset, count: Swift.min(dynamic.size, maxDynamicSectionBytes)) { section in
                DynamicEntries(section, is64: is64, little: little)
            }
            if entries.flagsPIE {
                return SignatureMatch(KnownType.elfExecutable, .strong, "ELF position-independent executable (ET_DYN with DF_1_PIE)")
            }
            if entries.hasSoname {
                return SignatureMatch(KnownType.elfSharedLibrary, .strong, "ELF shared library (ET_DYN with DT_SONAME)")
            }
        }
        switch hasInterpreter {
        case true?:
            return SignatureMatch(KnownType.elfExecutable, .strong, "ELF position-independent executable (ET_DYN with PT_INTERP)")
        case false?:
            return SignatureMatch(KnownType.elfSharedLibrary, .strong, "ELF shared library (ET_DYN without PT_INTERP)")
        case nil:
            return SignatureMatch(KnownType.elfSharedLibrary, .strong, "ELF shared object (ET_DYN; program headers not read)")
        }
    }

    /// An ELF field as wide as the file's class: 64 bits at `offset64` in an `ELFCLASS64` file,
    /// 32 bits at `offset32` in an `ELFCLASS32` one.
    @inline(__always)
    private static func word(_ b: UnsafeRawBufferPointer, at offset64: Int, or offset32: Int, is64: Bool, little: Bool) -> UInt64? {
        is64 ? b.u64(at: offset64, littleEndian: little) : b.u32(at: offset32, littleEndian: little).map(UInt64.init)
    }

    /// What one pass over the program headers found: a `PT_INTERP`, and the file offset and
    /// size of the first `PT_DYNAMIC` segment.
    private struct ProgramHeaders {
        var hasInterpreter = false
        var dynamic: (offset: Int64, size: Int)?

        init(_ table: UnsafeRawBufferPointer, count: Int, entrySize: Int, little: Bool, is64: Bool) {
            var sawDynamic = false
            for index in 0..<count {
                let base = index * entrySize
                switch table.u32(at: base, littleEndian: little) {
                case 3:  // PT_INTERP
                    hasInterpreter = true
                case 2 where !sawDynamic:  // PT_DYNAMIC
                    sawDynamic = true
                    let offset = word(table, at: base + 8, or: base + 4, is64: is64, little: little)
                    let size = word(table, at: base + 32, or: base + 16, is64: is64, little: little)
                    if let offset = offset.flatMap({ Int64(exactly: $0) }), let size = size.flatMap({ Int(exactly: $0) }), size > 0 {
                        dynamic = (offset, size)
                    }
                default:
                    break
                }
            }
        }
    }

    /// What a dynamic section's entries before its `DT_NULL` say about the kind of object.
    private struct DynamicEntries {
        /// `DT_FLAGS_1` has `DF_1_PIE`.
        var flagsPIE = false
        /// A `DT_SONAME` entry names the object as a library.
        var hasSoname = false

        init(_ section: UnsafeRawBufferPointer, is64: Bool, little: Bool) {
            let entrySize = is64 ? 16 : 8
            var offset = 0
            while offset + entrySize <= section.count {
                let tag = word(section, at: offset, or: offset, is64: is64, little: little)
                let value = word(section, at: offset + 8, or: offset + 4, is64: is64, little: little)
                guard let tag, let value, tag != 0 else { return }  // DT_NULL ends the section
                if tag == 0x6FFF_FFFB, value & 0x0800_0000 != 0 { flagsPIE = true }  // DT_FLAGS_1, DF_1_PIE
                if tag == 14 { hasSoname = true }  // DT_SONAME
                offset += entrySize
            }
        }
    }

    /// Thin Mach-O: `FEEDFACE`/`FEEDFACF` in either byte order; `filetype` names the kind.
    static func machO(_ probe: Probe) -> SignatureMatch? {
        guard let magic = probe.bytes.u32be(at: 0) else { return nil }
        switch magic {
        case 0xFEED_FACE, 0xFEED_FACF, 0xCEFA_EDFE, 0xCFFA_EDFE:
            return machOKind(probe.bytes, universal: false)
        default:
            return nil
        }
    }

    /// The identifier for a thin Mach-O header at the start of `b`.
    private static func machOKind(_ b: UnsafeRawBufferPointer, universal: Bool) -> SignatureMatch? {
        guard let magic = b.u32be(at: 0) else { return nil }
        let little: Bool
        switch magic {
        case 0xFEED_FACE, 0xFEED_FACF: little = false
        case 0xCEFA_EDFE, 0xCFFA_EDFE: little = true
        default: return nil
        }
        let fileType = b.u32(at: 12, littleEndian: little)
        switch (fileType, universal) {
        case (1?, false): return SignatureMatch(KnownType.machOObject, .strong, "Mach-O object (MH_OBJECT)")
        case (2?, false): return SignatureMatch(KnownType.machOExecutable, .strong, "Mach-O executable (MH_EXECUTE)")
        case (4?, false): return SignatureMatch(KnownType.machOCore, .strong, "Mach-O core dump (MH_CORE)")
        case (6?, false): return SignatureMatch(KnownType.machODylib, .strong, "Mach-O dynamic library (MH_DYLIB)")
        case (8?, false): return SignatureMatch(KnownType.machOBundle, .strong, "Mach-O bundle (MH_BUNDLE)")
        case (_, false): return SignatureMatch(KnownType.machO, .strong, "Mach-O header")
        case (1?, true): return SignatureMatch(KnownType.machOObject, .strong, "universal Mach-O, first slice MH_OBJECT")
        case (2?, true): return SignatureMatch(KnownType.machOExecutable, .strong, "universal Mach-O, first slice MH_EXECUTE")
        case (4?, true): return SignatureMatch(KnownType.machOCore, .strong, "universal Mach-O, first slice MH_CORE")
        case (6?, true): return SignatureMatch(KnownType.machODylib, .strong, "universal Mach-O, first slice MH_DYLIB")
        case (8?, true): return SignatureMatch(KnownType.machOBundle, .strong, "universal Mach-O, first slice MH_BUNDLE")
        case (_, true): return SignatureMatch(KnownType.machO, .strong, "universal Mach-O")
        }
    }

    /// `CA FE BA BE` starts both a universal (fat) Mach-O and a Java class file. The next word
    /// decides: a fat header's architecture count is small (1–30), while a class file's minor
    /// and major versions make it 45 or more. A universal binary is classified by the header of
    /// its first slice when that can be read.
    static func cafeBabe(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        let b = probe.bytes
        guard let magic = b.u32be(at: 0), magic == 0xCAFE_BABE || magic == 0xCAFE_BABF,
            let second = b.u32be(at: 4)
        else { return nil }
        if magic == 0xCAFE_BABE, second >= 45, let major = b.u16be(at: 6), major >= 45 {
            return SignatureMatch(KnownType.javaClass, .strong, "Java class file magic and version")
        }
        guard (1...30).contains(second) else { return nil }
        let sliceOffsetField = magic == 0xCAFE_BABE ? b.u32be(at: 16).map(UInt64.init) : b.u64be(at: 16)
        guard let sliceOffset = sliceOffsetField.flatMap({ Int64(exactly: $0) }), sliceOffset >= 8 else {
            return SignatureMatch(KnownType.machO, .strong, "universal Mach-O header")
        }
        let match = try probe.withBytes(at: sliceOffset, count: 16) { machOKind($0, universal: true) }
        return match ?? SignatureMatch(KnownType.machO, .strong, "universal Mach-O header")
    }

    /// Pack200 Java archives: the archive magic `CA FE D0 0D` (JSR 200), which every segment
    /// of an archive opens with. Git's pack files, also named `.pack`, open with `PACK`.
    static func pack200(_ probe: Probe) -> SignatureMatch? {
        guard probe.bytes.u32be(at: 0) == 0xCAFE_D00D else { return nil }
        return SignatureMatch(KnownType.pack200, .strong, "Pack200 archive magic")
    }

    /// PE and DOS executables: `MZ`, then `PE\0\0` at `e_lfanew` (read from the source when it
    /// lies past the prefix) is a PE image (`application/vnd.microsoft.portable-executable`);
    /// an EFI subsystem (10–13) tells an EFI image, the COFF `IMAGE_FILE_DLL` characteristic a
    /// DLL (a kind of PE image), and a CLR runtime header (data directory 14) a .NET assembly (no
    /// declared type of its own: the detail names it). A NE, LE or LX header is an older Windows
    /// or OS/2 program, the generic Windows executable. An `MZ`
    /// header without a PE (or NE/LE/LX) header is a DOS executable, and only weakly so, since
    /// `MZ` is two letters.
    static func portableExecutable(_ probe: Probe) throws(SniffingError) -> SignatureMatch? {
        let b = probe.bytes
        guard b.has("MZ"), let lastPage = b.u16le(at: 2), let pages = b.u16le(at: 4),
            let headerParagraphs = b.u16le(at: 8)
        else { return nil }
        if let newHeader = b.u32le(at: 0x3C), newHeader >= 0x40, newHeader < 0x1000_0000 {
            let match: SignatureMatch? = try probe.withBytes(at: Int64(newHeader), count: peHeaderLength) { h in
                if h.u32be(at: 0) == 0x5045_0000 { return portableExecutableKind(h) }
                if h.has("NE") || h.has("LE") || h.has("LX") {
                    return SignatureMatch(KnownType.windowsExecutable, .strong, "MZ with a NE/LE/LX header at e_lfanew")
                }
                return nil
            }
            if let match { return match }
        }
        // A plausible DOS header: at most 511 bytes on the last page, some pages, a header
        // that fits inside them, and binary bytes (a text file may start with "MZ" too).
        guard lastPage < 512, pages > 0, headerParagraphs > 0, Int(headerParagraphs) * 16 <= Int(pages) * 512,
            b.firstOffset(of: 0, from: 2, to: 64) != nil
        else { return nil }
        return SignatureMatch(KnownType.windowsExecutable, .weak, "DOS MZ header without a PE header")
    }

    /// The bytes of a PE header read: signature, COFF header, and an optional header up to the
    /// end of data directory 14 (PE32+ has the longer one).
    static let peHeaderLength = 24 + 112 + 15 * 8

    /// The kind of a PE image whose header (from `PE\0\0`) is `h`.
    private static func portableExecutableKind(_ h: UnsafeRawBufferPointer) -> SignatureMatch {
        guard let characteristics = h.u16le(at: 22) else {
            return SignatureMatch(KnownType.portableExecutable, .strong, "PE signature at e_lfanew")
        }
        let isDLL = characteristics & 0x2000 != 0
        let type = isDLL ? KnownType.windowsDLL : KnownType.portableExecutable
        let optional = 24
        let optionalSize = Int(h.u16le(at: 20) ?? 0)
        let magic = h.u16le(at: optional)
        let directories = magic == 0x20B ? optional + 112 : optional + 96
        let directoryCount = h.u32le(at: magic == 0x20B ? optional + 108 : optional + 92) ?? 0
        if magic == 0x10B || magic == 0x20B, let subsystem = h.u16le(at: optional + 68), (10...13).contains(subsystem) {
            return SignatureMatch(KnownType.efiImage, .strong, "PE image with an EFI subsystem (an EFI application or driver)")
        }
        if magic == 0x10B || magic == 0x20B, directoryCount > 14, directories + 15 * 8 <= optional + optionalSize,
            let clrAddress = h.u32le(at: directories + 14 * 8), let clrSize = h.u32le(at: directories + 14 * 8 + 4),
            clrAddress != 0, clrSize != 0
        {
            return SignatureMatch(type, .strong, isDLL ? "PE image with a CLR header and IMAGE_FILE_DLL (a .NET library)"
                : "PE image with a CLR header (a .NET assembly)")
        }
        return SignatureMatch(type, .strong, isDLL ? "PE image with IMAGE_FILE_DLL" : "PE image without IMAGE_FILE_DLL")
    }

    /// WebAssembly: `\0asm` and binary format version 1.
    static func webAssembly(_ probe: Probe) -> SignatureMatch? {
        guard probe.bytes.u32be(at: 0) == 0x0061_736D, probe.bytes.u32le(at: 4) == 1 else { return nil }
        return SignatureMatch(KnownType.wasm, .strong, "WebAssembly binary module, version 1")
    }

    /// LLVM bitcode: the bitstream's `BC` and `C0DE` magic, or the wrapper header that
    /// Darwin's toolchains put before it (magic `0x0B17C0DE`, version 0, then the bitcode's
    /// offset and size).
    static func llvmBitcode(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        if b.u32be(at: 0) == 0x4243_C0DE {
            return SignatureMatch(KnownType.llvmBitcode, .strong, "LLVM bitcode magic")
        }
        guard b.u32le(at: 0) == 0x0B17_C0DE, b.u32le(at: 4) == 0, let offset = b.u32le(at: 8), offset >= 20 else { return nil }
        return SignatureMatch(KnownType.llvmBitcode, .strong, "LLVM bitcode wrapper header")
    }

    /// Python bytecode (`.pyc`): a known interpreter magic number followed by `\r\n`; from
    /// Python 3.7 on (magic 3394) the next word holds flags, 0 to 3.
    static func pythonBytecode(_ probe: Probe) -> SignatureMatch? {
        let b = probe.bytes
        guard b.u16be(at: 2) == 0x0D0A, let magic = b.u16le(at: 0) else { return nil }
        switch magic {
        case 20121, 50428, 50823, 60202, 60717, 62011...62211, 3000..<3394:
            return SignatureMatch(KnownType.pythonBytecode, .strong, "Python bytecode magic number")
        case 3394...3999:
            guard let flags = b.u32le(at: 4), flags <= 3 else { return nil }
            return SignatureMatch(KnownType.pythonBytecode, .strong, "Python bytecode magic number and flags")
        default:
            return nil
        }
    }
}

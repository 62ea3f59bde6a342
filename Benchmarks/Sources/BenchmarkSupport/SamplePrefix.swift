/// The first 4 KiB of a file of one format family, built in memory so that the sniffing
/// benchmarks measure the same bytes on every machine.
///
/// Each prefix is a plausible file start (headers, chunk and entry layouts as the formats write
/// them) followed by deterministic noise standing in for compressed payload.
///
/// ```swift
/// let png = SamplePrefix.png.bytes          // 4096 bytes
/// png.withUnsafeBytes { SignatureSniffer().sniff(prefix: $0) }   // public.png
/// ```
public enum SamplePrefix: String, CaseIterable, Sendable {
    case png
    case jpeg
    case gif
    case pdf
    case ooxmlDocument = "ooxml-docx"
    case zip
    case elfExecutable = "elf"
    case plainText = "text"
    case mp3
    case gzip
    case sqlite
    case svg
    case html
    case shellScript = "shell-script"
    /// Bytes no signature claims: every check of the table runs and none matches.
    case unknownBinary = "unknown-binary"

    /// The length of every prefix: the sniffer's default prefix length.
    public static let length = 4096

    /// A name a file with this content would usually have (used by the resolver benchmarks).
    public var sampleFilename: String {
        switch self {
        case .png: "photo.png"
        case .jpeg: "holiday.JPG"
        case .gif: "spinner.gif"
        case .pdf: "report.pdf"
        case .ooxmlDocument: "minutes.docx"
        case .zip: "bundle.zip"
        case .elfExecutable: "tool"
        case .plainText: "notes.txt"
        case .mp3: "tone.mp3"
        case .gzip: "notes.txt.gz"
        case .sqlite: "places.sqlite"
        case .svg: "icon.svg"
        case .html: "index.html"
        case .shellScript: "install.sh"
        case .unknownBinary: "blob.bin"
        }
    }

    /// The identifier the built-in sniffer is expected to answer for the prefix alone, or
    /// `nil` when no signature should match.
    public var expectedIdentifier: String? {
        switch self {
        case .png: "public.png"
        case .jpeg: "public.jpeg"
        case .gif: "com.compuserve.gif"
        case .pdf: "com.adobe.pdf"
        case .ooxmlDocument: "org.openxmlformats.wordprocessingml.document"
        case .zip: "public.zip-archive"
        case .elfExecutable: nil  // the exact ELF flavour is the sniffer's call
        case .plainText: "public.plain-text"
        case .mp3: "public.mp3"
        case .gzip: "org.gnu.gnu-zip-archive"
        case .sqlite: nil
        case .svg: "public.svg-image"
        case .html: "public.html"
        case .shellScript: nil
        case .unknownBinary: nil
        }
    }

    /// The 4 KiB prefix.
    public var bytes: [UInt8] {
        var b = ByteBuilder()
        let seed = UInt32(truncatingIfNeeded: rawValue.utf8.reduce(7) { $0 &* 31 &+ Int($1) })
        switch self {
        case .png:
            b.append([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            b.append(u32be: 13)
            b.append("IHDR")
            b.append(u32be: 640)
            b.append(u32be: 480)
            b.append([8, 6, 0, 0, 0])
            b.appendNoise(count: 4, seed: seed)  // CRC
            b.append(u32be: 8192)
            b.append("IDAT")
        case .jpeg:
            b.append([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
            b.append("JFIF")
            b.append([0x00, 0x01, 0x01, 0x00, 0x00, 0x48, 0x00, 0x48, 0x00, 0x00])
            b.append([0xFF, 0xDB, 0x00, 0x43, 0x00])
            b.appendNoise(count: 64, seed: seed)
            b.append([0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01])
            b.append([0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3F, 0x00])
        case .gif:
            b.append("GIF89a")
            b.append(u16le: 320)
            b.append(u16le: 200)
            b.append([0xF7, 0x00, 0x00])
        case .pdf:
            b.append("%PDF-1.7\n")
            b.append([0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A])
            b.append("1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
            b.append("2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n")
            b.append("3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>\nendobj\n")
            b.append("4 0 obj\n<< /Length 3800 /Filter /FlateDecode >>\nstream\n")
        case .ooxmlDocument:
            for (name, size) in [("[Content_Types].xml", 380), ("_rels/.rels", 240), ("word/document.xml", 1900), ("word/styles.xml", 2400)] {
                Self.appendZipEntry(&b, name: name, compressedSize: size, seed: seed &+ UInt32(size))
            }
        case .zip:
            for (name, size) in [("notes/", 0), ("notes/readme.txt", 610), ("notes/figures.csv", 1400), ("notes/summary.txt", 3000)] {
                Self.appendZipEntry(&b, name: name, compressedSize: size, seed: seed &+ UInt32(size))
            }
        case .elfExecutable:
            b.append([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00])
            b.append([UInt8](repeating: 0, count: 8))
            b.append(u16le: 3)  // ET_DYN (a position-independent executable)
            b.append(u16le: 0x3E)  // x86-64
            b.append(u32le: 1)
            b.append(u64le: 0x1040)  // entry
            b.append(u64le: 64)  // program headers
            b.append(u64le: 0x3000)  // section headers
            b.append(u32le: 0)
            b.append(u16le: 64)
            b.append(u16le: 56)
            b.append(u16le: 2)
            b.append(u16le: 64)
            b.append(u16le: 0)
            b.append(u16le: 0)
            // PT_PHDR, then PT_INTERP naming the dynamic loader.
            for (type, offset, size, align) in [(UInt32(6), UInt64(64), UInt64(112), UInt64(8)), (3, 176, 28, 1)] {
                b.append(u32le: type)
                b.append(u32le: 4)
                b.append(u64le: offset)
                b.append(u64le: offset)
                b.append(u64le: offset)
                b.append(u64le: size)
                b.append(u64le: size)
                b.append(u64le: align)
            }
            b.append("/lib64/ld-linux-x86-64.so.2")
            b.append(byte: 0)
        case .plainText:
            b.fill(
                repeating: """
                    The quarterly notes start here. Each team wrote a few lines about what went well,
                    what took longer than planned, and what they would change next time. Café opening
                    hours moved to eight o'clock; the printer on the third floor works again.

                    """, to: Self.length)
        case .mp3:
            b.append("ID3")
            b.append([0x04, 0x00, 0x00])
            b.append([0x00, 0x00, 0x00, 0x40])  // tag size 64, syncsafe
            b.append("TIT2")
            b.append(u32be: 15)
            b.append([0x00, 0x00, 0x03])
            b.append("Benchmark tone")
            while b.bytes.count < 10 + 64 { b.append(byte: 0) }
            for frame in 0..<9 {
                b.append([0xFF, 0xFB, 0x90, 0x64])  // MPEG-1 layer III, 128 kbit/s, 44.1 kHz
                b.appendNoise(count: 413, seed: seed &+ UInt32(frame))
            }
        case .gzip:
            b.append([0x1F, 0x8B, 0x08, 0x08])
            b.append(u32le: 1_700_000_000)
            b.append([0x00, 0x03])
            b.append("notes.txt")
            b.append(byte: 0)
        case .sqlite:
            b.append("SQLite format 3")
            b.append(byte: 0)
            b.append([0x10, 0x00, 0x01, 0x01, 0x00, 0x40, 0x20, 0x20])
            b.append(u32be: 2)  // change counter
            b.append(u32be: 12)  // pages
            while b.bytes.count < 100 { b.append(byte: 0) }
            b.append([0x0D, 0x00, 0x00, 0x00, 0x03, 0x0F, 0x00])
            while b.bytes.count < Self.length { b.append(byte: 0) }
        case .svg:
            b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
            b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\" viewBox=\"0 0 64 64\">\n")
            b.fill(repeating: "  <rect x=\"4\" y=\"4\" width=\"56\" height=\"56\" rx=\"6\" fill=\"#3465a4\" stroke=\"#204a87\"/>\n", to: Self.length)
        case .html:
            b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Release notes</title>\n</head>\n<body>\n")
            b.fill(repeating: "<p>This release speeds up start-up and fixes the settings dialog.</p>\n", to: Self.length)
        case .shellScript:
            b.append("#!/bin/sh\n# Installs the sample files into the user's data folder.\nset -eu\n")
            b.fill(repeating: "mkdir -p \"$HOME/.local/share/sample\" && cp -r ./data \"$HOME/.local/share/sample/\"\n", to: Self.length)
        case .unknownBinary:
            b.append([0x00, 0x13, 0x37, 0xC0])
        }
        return b.padded(to: Self.length, seed: seed)
    }

    /// One ZIP local file header (deflated, sizes known) and `compressedSize` bytes of noise.
    private static func appendZipEntry(_ b: inout ByteBuilder, name: String, compressedSize: Int, seed: UInt32) {
        b.append(u32le: 0x0403_4B50)
        b.append(u16le: 20)  // version needed
        b.append(u16le: 0)  // flags
        b.append(u16le: compressedSize == 0 ? 0 : 8)  // stored for folders, deflate otherwise
        b.append(u16le: 0x6A52)  // time
        b.append(u16le: 0x5A21)  // date
        b.appendNoise(count: 4, seed: seed)  // CRC-32
        b.append(u32le: UInt32(compressedSize))
        b.append(u32le: UInt32(compressedSize * 3))
        b.append(u16le: UInt16(name.utf8.count))
        b.append(u16le: 0)
        b.append(name)
        b.appendNoise(count: compressedSize, seed: seed &+ 1)
    }
}

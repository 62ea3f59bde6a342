import DeclarationFormats
public import DocumentCatalog

/// Deterministic synthetic apps for the handler and catalog benchmarks.
///
/// Each app claims four MIME types drawn from a pool: the ``commonMIMETypes`` that real
/// desktops see, plus vendor types (`application/x-openwith-bench-N`) added so that the pool
/// grows with the app count and one type keeps a few tens of claimants (about 30 from 1,000
/// apps up; about 7 with 100 apps) rather than all of them. A fixed handful of apps (at most 31
/// and 3, whatever the count) also claim `text/plain` or `application/octet-stream`, so the
/// ranking walks fallback and catch-all levels too, as on a real desktop.
/// Roles and ranks are mixed: a third are editors; 5 % owners, 20 % alternates.
///
/// ```swift
/// let apps = SyntheticApps.registrations(count: 1_000)
/// try catalog.register(apps)
/// ```
public enum SyntheticApps {
    /// The MIME types the benchmarks ask about, and the common part of the claim pool.
    public static let commonMIMETypes: [String] = [
        "image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml", "image/tiff", "image/bmp",
        "image/heic", "image/avif", "application/pdf", "application/postscript", "text/plain", "text/html",
        "text/markdown", "text/csv", "text/x-python", "text/x-csrc", "text/x-c++src", "application/json",
        "application/xml", "application/zip", "application/x-tar", "application/gzip", "application/x-7z-compressed",
        "application/x-xz", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "application/vnd.oasis.opendocument.text", "application/vnd.oasis.opendocument.spreadsheet",
        "application/vnd.oasis.opendocument.presentation", "application/msword", "application/vnd.ms-excel",
        "application/epub+zip", "audio/mpeg", "audio/flac", "audio/ogg", "audio/x-wav", "audio/mp4", "video/mp4",
        "video/x-matroska", "video/webm", "video/quicktime", "video/x-msvideo", "font/ttf", "font/otf", "font/woff2",
        "application/vnd.sqlite3", "application/x-iso9660-image", "application/x-executable",
        "application/x-sharedlib", "application/x-shellscript", "text/x-java", "application/java-archive",
        "application/vnd.android.package-archive", "application/rtf", "text/calendar", "text/vcard",
        "message/rfc822", "inode/directory",
    ]

    /// The types the handler benchmarks query: exact claims, a subtype of `text/plain` (found
    /// through fallback), an OOXML document and media.
    public static let queriedMIMETypes: [String] = [
        "image/png", "application/pdf", "text/plain", "text/x-python",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "audio/mpeg", "video/mp4",
    ]

    /// The claim pool for `count` apps: the common types, then vendor types.
    public static func mimePool(appCount count: Int) -> [String] {
        let vendorCount = Swift.max(0, count * 4 / 30 - commonMIMETypes.count)
        return commonMIMETypes + (0..<vendorCount).map { "application/x-openwith-bench-\($0)" }
    }

    /// `count` registrations, the same on every run.
    public static func registrations(count: Int, sourceFolder: String = "/nonexistent/applications") -> [AppRegistration] {
        let pool = mimePool(appCount: count)
        var random = SplitMix(seed: 0x0DE5_4C0F_FEE0 &+ UInt64(count))
        return (0..<count).map { index in
            var claimed: [String] = []
            while claimed.count < 4 {
                let mime = pool[random.next(below: pool.count)]
                if !claimed.contains(mime) { claimed.append(mime) }
            }
            // A fixed handful of general-purpose apps, however many apps there are: text editors
            // (text/plain, which many text types fall back to) and hex viewers (catch-all).
            if index % 33 == 0 && index < 1_000 { claimed.append("text/plain") }
            if index % 100 == 50 && index < 300 { claimed.append("application/octet-stream") }
            let role: DocumentRole = random.next(below: 3) == 0 ? .editor : .viewer
            let rankDraw = random.next(below: 100)
            let rank: HandlerRank = rankDraw < 5 ? .owner : rankDraw < 25 ? .alternate : .default
            let number = String(index, radix: 10)
            let padded = String(repeating: "0", count: Swift.max(0, 6 - number.count)) + number
            let id = "org.openwith.bench.app\(padded).desktop"
            return AppRegistration(
                id: id, kind: .desktop, name: "Bench App \(padded)", sourcePath: sourceFolder + "/" + id,
                // A program every machine has, so the apps are available and the ranking
                // measured is the one users get (a missing program leaves an app out).
                exec: "true bench-app-\(index) %F",
                documentClaims: claimed.map { DocumentClaim(kind: .mime, value: $0, role: role, rank: rank) })
        }
    }

    /// The text of a desktop entry declaring the same app as a registration.
    public static func desktopEntry(for app: AppRegistration) -> String {
        let mimeTypes = app.documentClaims.map(\.value).joined(separator: ";")
        return """
            [Desktop Entry]
            Type=Application
            Name=\(app.name)
            Exec=\(app.exec ?? "true")
            Terminal=false
            MimeType=\(mimeTypes);

            """
    }
}

/// A small deterministic generator (SplitMix64), so fixtures are the same on every machine.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

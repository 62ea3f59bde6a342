/// Filenames, extensions, MIME types and supertypes that the type-graph benchmarks look up: a
/// mix of common formats, compound extensions, literal names, odd cases and unknown tags.
public enum SampleNames {
    /// Extensions, without the dot, in the cases people write them.
    public static let extensions: [String] = [
        "png", "JPG", "jpeg", "gif", "webp", "svg", "pdf", "docx", "xlsx", "pptx", "odt", "txt", "md", "html",
        "css", "js", "json", "xml", "csv", "mp3", "flac", "ogg", "wav", "mp4", "mkv", "webm", "mov", "zip", "gz",
        "xz", "tar", "7z", "iso", "deb", "py", "c", "h", "cpp", "swift", "rs", "go", "java", "sh", "ttf", "woff2",
        "epub", "sqlite", "ics", "vcf", "eml",
    ]

    /// Extensions no declaration claims: each lookup yields a dynamic type.
    public static let unknownExtensions: [String] = (0..<64).map { "qz\($0)x" }

    /// Filenames: plain and upper-case extensions, compound extensions, literal names, globs,
    /// hidden files, version suffixes and names with no extension.
    public static let filenames: [String] = [
        "photo.png", "HOLIDAY.JPEG", "report.final.pdf", "minutes.docx", "archive.tar.gz", "backup.tar.xz",
        "image.pkg.tar.zst", "sources.tar.bz2", "Makefile", "README", "CMakeLists.txt", "ChangeLog", "COPYING",
        "core", "main.swift", "Package.swift", "index.html", "style.css", "app.min.js", "data.json",
        "libexample.so.1.2.3", "org.example.App.desktop", "changelog.Debian.gz", ".bashrc", "notes", "song.mp3",
        "movie.mkv", "font.woff2", "calendar.ics", "disk.iso", "blob.qzq", "config.yaml", "script.py",
        "Dockerfile", "page.xhtml", "book.epub",
    ]

    /// The same filenames as whole paths, in folders of the depths and lengths a file manager
    /// passes: only the last component is matched, found past the folders first.
    public static let paths: [String] = {
        let folders = ["/home/user/Documents/", "/usr/share/doc/package/", "./", "/tmp/", "/srv/data/projects/2024/archive/"]
        return filenames.enumerated().map { folders[$0.offset % folders.count] + $0.element }
    }()

    /// MIME types as found in the wild: common ones, aliases, parameters, odd case, unknown.
    public static let mimeTypes: [String] = SyntheticApps.commonMIMETypes + [
        "image/jpg", "application/x-pdf", "text/plain; charset=utf-8", "IMAGE/PNG", "application/x-gzip",
        "audio/mp3", "text/xml", "application/x-openwith-unknown", "video/x-unknown-codec",
    ]

    /// Supertypes asked about in conformance checks.
    public static let supertypes: [String] = [
        "public.item", "public.data", "public.content", "public.image", "public.text", "public.audio", "public.movie",
        "public.archive", "public.plain-text", "public.composite-content", "public.executable", "public.xml",
    ]
}

import FileSystemCalls

/// A preview of a file that needs no handler app: the facts its own bytes state, read with a
/// hard bound on I/O.
///
/// Policy:
/// - The caller chooses the reader with a ``PreviewKind`` (from the type graph); the preview
///   never guesses a kind. When the chosen reader does not recognise the bytes, ``kind`` is
///   ``PreviewKind/other`` and ``notes`` says why; malformed content is never an error — only
///   I/O is.
/// - No more than ``Limits/maximumBytes`` (1 MiB by default) of any file is read, whatever its
///   size or declared lengths: every read goes through one budget, structures are walked by
///   offset (a ZIP central directory, MP4 boxes, JPEG markers, tar headers) with caps on the
///   number of steps, and hostile values (huge lengths, zero-sized or 64-bit boxes, offsets
///   pointing backwards) end the walk with a note instead of looping or trapping.
/// - Only regular files are previewed (a FIFO or device is refused, as it could block or never
///   end); a symbolic link to one is followed, since a preview only reads. Text taken from the file (lines, titles, entry names) has its control characters
///   other than tab replaced by U+FFFD.
/// - The value is `Codable` with stable field names (it is printed as JSON by the CLI); `nil`
///   fields are omitted.
///
/// ```swift
/// let preview = try DocumentPreview.read(path: "/tmp/photo.png", kind: .image)
/// preview.image?.width   // 640
/// ```
public struct DocumentPreview: Sendable, Hashable, Codable {
    /// Bounds on the work a preview does.
    public struct Limits: Sendable, Hashable {
        /// The most bytes read from a file, in total.
        public var maximumBytes: Int
        /// The most bytes read for a text preview (within ``maximumBytes``).
        public var maximumTextBytes: Int
        /// The most lines returned in a text preview.
        public var maximumLines: Int
        /// The most characters kept of one line.
        public var maximumLineLength: Int
        /// The most archive entries or media tracks listed.
        public var maximumEntries: Int
        /// The most structure steps (markers, boxes, chunks, headers) walked.
        public var maximumSteps: Int

        /// Creates limits; every value is clamped to at least 1 and ``maximumBytes`` to at most 1 MiB.
        public init(
            maximumBytes: Int = 1 << 20, maximumTextBytes: Int = 64 * 1024, maximumLines: Int = 40,
            maximumLineLength: Int = 512, maximumEntries: Int = 100, maximumSteps: Int = 4096
        ) {
            self.maximumBytes = min(max(1, maximumBytes), 1 << 20)
            self.maximumTextBytes = max(1, maximumTextBytes)
            self.maximumLines = max(1, maximumLines)
            self.maximumLineLength = max(1, maximumLineLength)
            self.maximumEntries = max(1, maximumEntries)
            self.maximumSteps = max(1, maximumSteps)
        }
    }

    /// What the preview describes: the requested kind, or ``PreviewKind/other`` when the reader
    /// did not recognise the content.
    public var kind: PreviewKind
    /// The kind the caller asked for.
    public var requestedKind: PreviewKind
    /// The file's size in bytes; for a kernel pseudo-file (`/proc/cpuinfo`), which reports 0,
    /// the bytes its reads gave, up to the read limit.
    public var fileSize: Int64
    /// How many bytes were read to build the preview (never more than the limit).
    public var bytesRead: Int
    /// The text preview, for ``PreviewKind/text``.
    public var text: Text?
    /// The image facts, for ``PreviewKind/image``.
    public var image: Image?
    /// The PDF facts, for ``PreviewKind/pdf``.
    public var pdf: PDF?
    /// The archive listing, for ``PreviewKind/archive``.
    public var archive: Archive?
    /// The audio/video facts, for ``PreviewKind/audiovisual``.
    public var media: Media?
    /// Remarks for people: why something is missing or approximate. Not stable.
    public var notes: [String]

    /// Creates a preview value (readers use ``read(path:kind:limits:)``).
    public init(
        kind: PreviewKind, requestedKind: PreviewKind, fileSize: Int64, bytesRead: Int, text: Text? = nil,
        image: Image? = nil, pdf: PDF? = nil, archive: Archive? = nil, media: Media? = nil, notes: [String] = []
    ) {
        self.kind = kind
        self.requestedKind = requestedKind
        self.fileSize = fileSize
        self.bytesRead = bytesRead
        self.text = text
        self.image = image
        self.pdf = pdf
        self.archive = archive
        self.media = media
        self.notes = notes
    }

    /// Previews the regular file at `path` with the reader for `kind`.
    ///
    /// - Throws: ``HandOverError`` only for I/O: `notFound`, `permissionDenied`,
    ///   `notRegularFile`, `readFailed` (and `invalidPath` for a path holding NUL).
    public static func read(path: String, kind: PreviewKind, limits: Limits = Limits()) throws(HandOverError)
        -> DocumentPreview
    {
        try AtomicFileCopy.checkPaths(path)
        let descriptor: Int32
        do throws(HandOverSystemCalls.Failure) {
            descriptor = try HandOverSystemCalls.open(path, flags: HandOverSystemCalls.readPlainFlags)
        } catch {
            throw HandOverError(error, "opening the file for a preview", path: path)
        }
        defer { HandOverSystemCalls.close(descriptor) }
        let status: HandOverSystemCalls.Status
        do throws(HandOverSystemCalls.Failure) {
            status = try HandOverSystemCalls.fstat(descriptor)
        } catch {
            throw HandOverError(error, "examining the file for a preview", path: path)
        }
        guard status.isRegularFile else {
            throw HandOverError(
                .notRegularFile, reason: "only regular files are previewed; this is a \(status.typeName)",
                path: path, value: status.typeName)
        }
        if status.size == 0, KernelPseudoFileSystem.of(descriptor: descriptor) != nil {
            // A kernel pseudo-file (`/proc/cpuinfo`) reports size 0 whatever it holds: what its
            // reads give, up to the budget, is previewed.
            let bytes = try BoundedFileRead.readPrefix(descriptor, path: path, count: limits.maximumBytes, what: "the file")
            return try read(PreviewSource(bytes: bytes, budget: limits.maximumBytes), kind: kind, limits: limits)
        }
        let source = PreviewSource(descriptor: descriptor, size: status.size, budget: limits.maximumBytes, path: path)
        return try read(source, kind: kind, limits: limits)
    }

    /// Previews bytes held in memory with the reader for `kind` (same bounds as a file).
    public static func read(bytes: [UInt8], kind: PreviewKind, limits: Limits = Limits()) -> DocumentPreview {
        let source = PreviewSource(bytes: bytes, budget: limits.maximumBytes)
        // A memory source has no I/O that can fail.
        return (try? read(source, kind: kind, limits: limits))
            ?? DocumentPreview(kind: .other, requestedKind: kind, fileSize: Int64(bytes.count), bytesRead: 0)
    }

    static func read(_ source: PreviewSource, kind: PreviewKind, limits: Limits) throws(HandOverError)
        -> DocumentPreview
    {
        var preview = DocumentPreview(kind: kind, requestedKind: kind, fileSize: source.size, bytesRead: 0)
        var notes: [String] = []
        var recognised = true
        switch kind {
        case .text:
            preview.text = try Text.read(from: source, limits: limits, notes: &notes)
            recognised = preview.text != nil
        case .image:
            preview.image = try Image.read(from: source, limits: limits, notes: &notes)
            recognised = preview.image != nil
        case .pdf:
            preview.pdf = try PDF.read(from: source, limits: limits, notes: &notes)
            recognised = preview.pdf != nil
        case .archive:
            preview.archive = try Archive.read(from: source, limits: limits, notes: &notes)
            recognised = preview.archive != nil
        case .audiovisual:
            preview.media = try Media.read(from: source, limits: limits, notes: &notes)
            recognised = preview.media != nil
        case .other:
            break
        }
        if !recognised {
            preview.kind = .other
            notes.append("the \(kind.rawValue) reader did not recognise the content")
        }
        if source.remainingBudget == 0 && source.size > Int64(source.budget) {
            notes.append("stopped at the read limit of \(source.budget) bytes")
        }
        preview.bytesRead = source.bytesRead
        preview.notes = notes
        return preview
    }
}

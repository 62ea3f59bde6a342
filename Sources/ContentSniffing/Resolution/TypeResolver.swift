import FileSystemCalls
public import UniformTypes

/// Resolves a file — its name, its bytes, its extended attribute, a declared MIME type — to one
/// type, with the evidence and any conflict.
///
/// Order (shared-mime-info's recommended order with GLib's refinements):
/// 1. **File-system kind**: directories, symbolic links (when not followed), FIFOs, sockets and
///    devices get their own types; an empty regular file is `application/x-zerosize`. FIFOs and
///    devices are never opened. A file that reports size 0 on a kernel pseudo-file system
///    (`/proc`, `/sys` …), whose files all do, is read to learn what it holds.
/// 2. **Explicit type**: a MIME type the caller declared, else the `user.mime_type` extended
///    attribute. It is the claim the content is checked against, as a name would be; one that
///    names no regular file with bytes (a folder, a link, a device, or the empty type for a
///    file with bytes) is ignored, with the reason as evidence.
/// 3. **Name**: literal names before globs, the longest compound extension, glob weights,
///    case-insensitive unless a pattern says otherwise (``TypeGraph/match(filename:)``). A
///    name's folder types (bundles, packages) do not claim a file. A configure template
///    (`init.tcl.in`) is claimed by its stem's name when `*.in` is all the registries say. An
///    extension no declared
///    type owns gives no claim, but its dynamic type is kept beside the answer
///    (``Resolution/nameType``) for apps that claim the extension.
/// 4. **Content**: the built-in ``SignatureSniffer`` on a bounded prefix (and, for containers,
///    a bounded directory read); text that the name does not tell, told by its content
///    (``TextClassifier``: certain structures first, then a statistical model — see
///    ``classifyText(_:claim:prefix:isWholeFile:evidence:)``); generic XML refined by its root
///    element; the magic rules of shared-mime-info and Tika (``MagicRuleSet``) when the
///    signatures found nothing or only a weak hint, to refine a strong answer to a subtype of
///    it, or to settle an ambiguous name — with a second bounded read (at most 64 KiB from the
///    start) for rules that look past the prefix, only when no signature answered strongly;
///    then libmagic, only for binary data nothing else placed and for text that no name tells
///    and the text classifier could not place.
/// 5. **Combination**:
///    - a claim equal to or a subtype of the content's answer is kept (`.dotx` over OOXML
///      word, `.svg` over XML), with both as evidence;
///    - content that refines the claim wins (a `.zip` that is a `.jar`), except that content
///      never promotes a file to an executable or script type that the claim did not name;
///    - two text readings (a `.pl` that looks like XHTML) keep the name; text content does not
///      contradict a text format that is not declared as text (AFM, XPM), but does contradict a
///      binary format the signatures know or whose magic rules the bytes fail (a text file
///      named `.png` or `notes.it` is text, flagged), and JSON, placed by its grammar,
///      contradicts every binary format (`block.ice` holding JSON is JSON, flagged);
///    - a name whose heaviest readings are binary formats the text content refutes means the
///      text format of its extension's lighter glob, when it has one the content agrees with
///      (`*.mts`: an MPEG transport stream at weight 50, TypeScript at 40);
///    - the text classifier's guess at a kind of the named text format does not replace it
///      (JavaScript is a kind of TypeScript; a `.ts` file is TypeScript);
///    - a compound extension explains its compression (`font.pcf.gz` is a PCF font, not gzip);
///    - a document known by its container's parts (OOXML, ODF, EPUB, APK, iWork, AppX, 3MF;
///      Word, Excel, PowerPoint, Visio, Publisher, Outlook and Installer files in OLE2) named
///      on a container whose directory was read whole and holds none of those parts is the
///      container, flagged (`photos.docx` that is a plain ZIP archive);
///    - a *strong* signature — or a magic rule or libmagic answer naming an unrelated binary
///      format for an unconfirmed binary name — that contradicts the claim wins and the result
///      carries a ``ResolutionConflict`` (a `.pdf` that is an ELF executable is an ELF executable);
///    - a *weak* content heuristic that contradicts the claim loses, and the conflict is
///      recorded with low confidence;
///    - an ambiguous name is settled by content that agrees with one of the tied types.
/// 6. **Fallbacks**: text → `public.plain-text`, anything else → `public.data` — also under a
///    name whose format every file of which starts with a mark the signatures know (PNG, JPEG,
///    ZIP- and OLE2-based documents, 7z …) when nothing placed the bytes, and under a text
///    format's name over bytes that are not text; both flagged.
///
/// A resolver is `Sendable`; use one from many threads.
public struct TypeResolver: Sendable {
    /// The graph answers are given in.
    public let graph: TypeGraph
    /// The built-in signature sniffer.
    public let sniffer: SignatureSniffer
    /// libmagic, when given, for all it is asked; otherwise the shared sniffers are loaded on
    /// demand if ``loadsLibmagicOnDemand``: ``MagicSniffer/sharedForText`` for text,
    /// ``MagicSniffer/shared`` for anything else.
    public let magic: MagicSniffer?
    /// Whether to load the shared libmagic sniffers the first time each is needed.
    public let loadsLibmagicOnDemand: Bool

    let known: KnownTypes
    /// Tells text apart by its content when the name does not (see ``classifyText``).
    let textClassifier: TextClassifier

    /// Creates a resolver.
    ///
    /// - Parameters:
    ///   - graph: the type graph (the system catalog, or one with app-declared types added).
    ///   - sniffer: the signature sniffer.
    ///   - magic: a libmagic sniffer to use; `nil` for the shared ones, loaded on demand.
    ///   - loadsLibmagicOnDemand: `false` to never load libmagic when `magic` is `nil`.
    public init(
        graph: TypeGraph = SystemTypeCatalog.graph, sniffer: SignatureSniffer = SignatureSniffer(), magic: MagicSniffer? = nil,
        loadsLibmagicOnDemand: Bool = true
    ) {
        self.graph = graph
        self.sniffer = sniffer
        self.magic = magic
        self.loadsLibmagicOnDemand = loadsLibmagicOnDemand
        self.known = KnownTypes(graph)
        self.textClassifier = TextClassifier(graph: graph)
    }

    /// Resolves the file at `path`.
    ///
    /// - Throws: ``SniffingError`` only when the path cannot be looked up at all (it does not
    ///   exist, a parent folder is not searchable, the name is too long). An unreadable file is
    ///   resolved by its name, with the read failure as evidence.
    public func resolve(path: String, options: ResolutionOptions = .default) throws(SniffingError) -> Resolution {
        var resolution = try resolveType(path: path, options: options)
        resolution.nameType = nameType(of: path, resolved: resolution.type, options: options)
        return resolution
    }

    /// The file's type and evidence, without the name's dynamic type beside it.
    private func resolveType(path: String, options: ResolutionOptions) throws(SniffingError) -> Resolution {
        let item = try FileSystemItem(path: path, followingSymlinks: options.followsSymlinks)
        var evidence: [ResolutionEvidence] = []
        if item.kind != .regular {
            let type = graph.type(mimeType: item.kind.inodeMIMEType!) ?? known.item
            evidence.append(.init(source: .fileSystem, identifier: type.identifier, detail: item.kind.rawValue))
            return Resolution(type: type, confidence: .certain, evidence: evidence, size: 0)
        }
        if item.isSymlink {
            evidence.append(.init(source: .fileSystem, identifier: known.symlink.identifier, detail: "symbolic link, followed", agrees: false))
        }

        let claim = self.claim(path: path, hasBytes: item.size > 0, options: options, evidence: &evidence)
        return resolveRegular(
            path: path, size: item.size, pseudoFileSystem: item.pseudoFileSystem, claim: claim, options: options, evidence: evidence
        ) { () throws(SniffingError) in
            try FileByteSource(path: path, followingSymlinks: options.followsSymlinks)
        }
    }

    /// Resolves a regular file that is already open (``FileByteSource/openRegular(_:in:path:)``,
    /// which never follows a link): the answer ``resolve(path:options:)`` gives for its path
    /// when links are not followed, without looking the path up again (the extended attribute
    /// is read from the descriptor).
    func resolve(opened source: FileByteSource, options: ResolutionOptions) -> Resolution {
        var evidence: [ResolutionEvidence] = []
        let claim = self.claim(path: source.path, hasBytes: source.size > 0, options: options, evidence: &evidence) {
            FileSystemItem.storedMIMEType(descriptor: source.descriptor)
        }
        var resolution = resolveRegular(
            path: source.path, size: source.size, pseudoFileSystem: source.pseudoFileSystem, claim: claim, options: options, evidence: evidence
        ) { source }
        resolution.nameType = nameType(of: source.path, resolved: resolution.type, options: options)
        return resolution
    }

    /// A regular file of `size` bytes under `claim`: empty, by name alone, or by content read
    /// from the source `open` gives (opened only when content is needed). A file of a kernel
    /// pseudo-file system (`pseudoFileSystem`) reports size 0 whatever it holds, and is read to
    /// learn it (``KernelPseudoFileSystem``).
    private func resolveRegular(
        path: String, size: Int64, pseudoFileSystem: KernelPseudoFileSystem?, claim: Claim?, options: ResolutionOptions,
        evidence: [ResolutionEvidence], open: () throws(SniffingError) -> FileByteSource
    ) -> Resolution {
        var claim = claim
        var evidence = evidence
        if size == 0 && pseudoFileSystem == nil {
            return empty(claim: claim, options: options, evidence: evidence, detail: "empty file")
        }
        if options.mode == .nameOnly {
            guard let claim else {
                evidence.append(.init(source: .fallback, identifier: known.data.identifier, detail: "no name pattern matched"))
                return Resolution(type: known.data, confidence: .low, evidence: evidence, size: size)
            }
            return Resolution(
                type: claim.type, confidence: claim.ambiguous ? .low : .medium, evidence: evidence,
                nameWasAmbiguous: claim.ambiguous, size: size)
        }

        // Content.
        var content: ContentAnswer?
        let source: PrefixCachedSource
        do {
            source = try PrefixCachedSource(open(), prefixLength: Self.prefixLength)
            if let pseudoFileSystem {
                if source.prefix.isEmpty {
                    return empty(claim: claim, options: options, evidence: evidence, detail: "empty file (a \(pseudoFileSystem) file that gave no bytes)")
                }
                evidence.append(.init(
                    source: .fileSystem, identifier: known.empty.identifier,
                    detail: "reports size 0, as every \(pseudoFileSystem) file does: read to learn what it holds", agrees: false))
            }
            if let match = try sniffer.sniff(source) {
                content = ContentAnswer(
                    type: graph.identity(match.identifier), strength: match.strength, listsEveryPart: match.listsEveryPart,
                    namesInterpreter: match.namesInterpreter)
                evidence.append(.init(source: .signature, identifier: match.identifier, detail: match.detail))
            }
        } catch {
            evidence.append(.init(source: .fallback, identifier: (claim?.type ?? known.data).identifier, detail: "content unreadable: \(error.reason)"))
            let type = claim?.type ?? known.data
            return Resolution(type: type, confidence: claim == nil ? .low : .medium, evidence: evidence, nameWasAmbiguous: claim?.ambiguous ?? false, size: size)
        }
        let measured = source.size
        source.prefix.withUnsafeBytes { prefix in
            noteMissingMark(&claim, content: content, prefix: prefix, evidence: &evidence)
            classifyText(&content, claim: claim, prefix: prefix, isWholeFile: measured <= prefix.count, evidence: &evidence)
            refineContent(&content, claim: claim, prefix: prefix, deepSource: source, options: options, evidence: &evidence) { magic in
                // Binary content: libmagic reads up to its own limit (64 KiB), as some of its
                // binary rules look past 4 KiB. Text is judged on the prefix alone, and so is a
                // pseudo-file, which libmagic would call empty by its size.
                pseudoFileSystem == nil ? try? magic.mimeType(atPath: path) : magic.mimeType(of: prefix)
            }
            noteMissingMagic(&claim, content: content, prefix: prefix)
        }
        return combine(claim: claim, content: content, evidence: evidence, size: measured)
    }

    /// An empty regular file: named like a type, it is still that (empty) type; without a name
    /// it is the empty type.
    private func empty(claim: Claim?, options: ResolutionOptions, evidence: [ResolutionEvidence], detail: String) -> Resolution {
        var evidence = evidence
        evidence.append(.init(source: .fileSystem, identifier: known.empty.identifier, detail: detail))
        if let claim, options.mode != .contentOnly {
            return Resolution(type: claim.type, confidence: .medium, evidence: evidence, nameWasAmbiguous: claim.ambiguous, size: 0)
        }
        return Resolution(type: known.empty, confidence: .certain, evidence: evidence, size: 0)
    }

    /// Resolves bytes held in memory, with an optional name: the same rules as for a file,
    /// without file-system kinds, extended attributes or libmagic's file reading.
    public func resolve(bytes: [UInt8], name: String?, options: ResolutionOptions = .default) -> Resolution {
        var resolution = resolveType(bytes: bytes, name: name, options: options)
        resolution.nameType = nameType(of: name, resolved: resolution.type, options: options)
        return resolution
    }

    /// The bytes' type and evidence, without the name's dynamic type beside it.
    private func resolveType(bytes: [UInt8], name: String?, options: ResolutionOptions) -> Resolution {
        var evidence: [ResolutionEvidence] = []
        var claim = self.claim(
            name: options.mode == .contentOnly ? nil : name, declared: options.declaredMIMEType, hasBytes: !bytes.isEmpty, evidence: &evidence)
        if bytes.isEmpty {
            evidence.append(.init(source: .fileSystem, identifier: known.empty.identifier, detail: "empty"))
            return Resolution(type: claim?.type ?? known.empty, confidence: claim == nil ? .certain : .medium, evidence: evidence)
        }
        if options.mode == .nameOnly {
            return Resolution(type: claim?.type ?? known.data, confidence: claim == nil ? .low : .medium, evidence: evidence, nameWasAmbiguous: claim?.ambiguous ?? false)
        }
        var content: ContentAnswer?
        if let match = try? sniffer.sniff(MemoryByteSource(bytes)) {
            content = ContentAnswer(
                type: graph.identity(match.identifier), strength: match.strength, listsEveryPart: match.listsEveryPart,
                namesInterpreter: match.namesInterpreter)
            evidence.append(.init(source: .signature, identifier: match.identifier, detail: match.detail))
        }
        bytes.withUnsafeBytes { all in
            let prefix = UnsafeRawBufferPointer(rebasing: all.prefix(Self.prefixLength))
            noteMissingMark(&claim, content: content, prefix: prefix, evidence: &evidence)
            classifyText(&content, claim: claim, prefix: prefix, isWholeFile: all.count <= prefix.count, evidence: &evidence)
            refineContent(&content, claim: claim, prefix: prefix, deepSource: MemoryByteSource(bytes), options: options, evidence: &evidence) { magic in
                magic.mimeType(of: all)
            }
            noteMissingMagic(&claim, content: content, prefix: prefix)
        }
        return combine(claim: claim, content: content, evidence: evidence, size: Int64(bytes.count))
    }
}

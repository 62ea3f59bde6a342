import UniformTypes

/// What a file's name, a declared MIME type or its extended attribute claims it is.
extension TypeResolver {
    // MARK: - Claims

    struct Claim {
        var type: UniformType
        var source: ResolutionEvidence.Source
        var ambiguous: Bool
        /// Other types an ambiguous name ties with ``type`` (empty for a declared type or an
        /// attribute, which name exactly one).
        var rivals: [UniformType] = []
        /// Every type the claim names, ``type`` first: never empty.
        var tied: [UniformType] { [type] + rivals }
        /// For a compound extension (`*.pcf.gz`), the type of its last extension alone (gzip).
        var compoundTail: UniformType? = nil
    }

    struct ContentAnswer {
        var type: UniformType
        var strength: SignatureStrength
        var fromLibmagic = false
    }

    func claim(path: String, options: ResolutionOptions, evidence: inout [ResolutionEvidence]) -> Claim? {
        var declared = options.declaredMIMEType
        if declared == nil, options.readsExtendedAttribute, options.mode != .contentOnly, let stored = FileSystemItem.storedMIMEType(path: path) {
            if let type = graph.type(mimeType: stored), type.isDeclared {
                evidence.append(.init(source: .xattr, identifier: type.identifier, detail: "user.mime_type=\(stored)"))
                return Claim(type: type, source: .xattr, ambiguous: false)
            }
        }
        if options.mode == .contentOnly { declared = nil }
        return claim(name: options.mode == .contentOnly ? nil : path, declared: declared, evidence: &evidence)
    }

    func claim(name: String?, declared: String?, evidence: inout [ResolutionEvidence]) -> Claim? {
        if let declared, let type = graph.type(mimeType: declared) {
            evidence.append(.init(source: .declared, identifier: type.identifier, detail: declared))
            return Claim(type: type, source: .declared, ambiguous: false)
        }
        guard let name else { return nil }
        let match = graph.match(filename: name)
        guard let type = match.type else { return nil }
        evidence.append(.init(source: .name, identifier: type.identifier, detail: match.pattern + (match.isAmbiguous ? " (ambiguous)" : "")))
        for other in match.tiedTypes {
            evidence.append(.init(source: .name, identifier: other.identifier, detail: match.pattern + " (ambiguous)", agrees: false))
        }
        var tail: UniformType?
        if match.kind == .extension, match.pattern.dropFirst(2).contains("."), let last = match.pattern.split(separator: ".").last {
            tail = graph.types(filenameExtension: String(last)).first
        }
        return Claim(type: type, source: .name, ambiguous: match.isAmbiguous, rivals: match.tiedTypes, compoundTail: tail)
    }
}

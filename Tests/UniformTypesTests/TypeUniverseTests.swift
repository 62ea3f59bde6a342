import Foundation
import OpenWithTestSupport
import Testing
import UniformTypes

/// The system catalog against the registries it is merged from (`Catalog/sources/upstream`):
/// every name any of them gives a type must find a declared type, aliases the same type as their
/// canonical name, and every tag must say which registries state it.
@Suite("Type universe")
struct TypeUniverseTests {
    let graph = SystemTypeCatalog.graph

    /// `Catalog/sources/upstream`, found from this file's place in the repository.
    static let upstream: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Catalog/sources/upstream")

    /// One `<mime-type>` of a registry's XML: its name and its `<alias>` names.
    struct RegistryType {
        var name: String
        var aliases: [String] = []
    }

    /// A registry's MIME name as a lookup takes it: no blanks around parameters.
    static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: #"\s*;\s*"#, with: ";", options: .regularExpression)
    }

    /// Every `<mime-type type="…">` of an XML registry with the `<alias type="…">` elements inside
    /// it, read by a scan of the text (comments removed first).
    static func xmlTypes(_ file: String) throws -> [RegistryType] {
        let raw = try String(contentsOf: upstream.appendingPathComponent(file), encoding: .utf8)
        let text = raw.replacingOccurrences(of: #"<!--.*?-->"#, with: "", options: [.regularExpression])
        let pattern = try NSRegularExpression(pattern: #"<(mime-type|alias)\s+type\s*=\s*"([^"]*)""#, options: [.dotMatchesLineSeparators])
        var types: [RegistryType] = []
        let range = NSRange(text.startIndex..., in: text)
        for match in pattern.matches(in: text, range: range) {
            guard let element = Range(match.range(at: 1), in: text), let value = Range(match.range(at: 2), in: text) else { continue }
            let name = normalized(String(text[value]))
            if text[element] == "mime-type" {
                types.append(RegistryType(name: name))
            } else if !types.isEmpty {
                types[types.count - 1].aliases.append(name)
            }
        }
        return types
    }

    /// The first field of every line of mime.types that is not a comment.
    static func mimeTypesNames() throws -> [String] {
        let text = try String(contentsOf: upstream.appendingPathComponent("mime.types"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return content.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map { normalized(String($0)) }
        }
    }

    @Test("The registries are read whole")
    func registriesAreRead() throws {
        let freedesktop = try Self.xmlTypes("shared-mime-info.freedesktop.org.xml.in")
        let tika = try Self.xmlTypes("tika-mimetypes.xml")
        let debian = try Self.mimeTypesNames()
        #expect(freedesktop.count == 1_034)
        #expect(tika.count == 1_695)  // and one more inside a comment
        #expect(freedesktop.reduce(0) { $0 + $1.aliases.count } > 300)
        #expect(tika.reduce(0) { $0 + $1.aliases.count } > 100)
        #expect(debian.count > 2_000)
    }

    @Test("Every MIME type and alias of shared-mime-info, Tika and mime.types finds a declared type")
    func everyNameResolves() throws {
        var names: [String] = try Self.mimeTypesNames()
        for file in ["shared-mime-info.freedesktop.org.xml.in", "tika-mimetypes.xml"] {
            for type in try Self.xmlTypes(file) { names += [type.name] + type.aliases }
        }
        var unresolved: [String] = []
        for name in names where graph.type(mimeType: name)?.isDeclared != true {
            unresolved.append(name)
        }
        #expect(names.count > 5_000)
        #expect(unresolved.isEmpty, "\(unresolved.count) names find no declared type: \(unresolved.prefix(20))")
    }

    @Test("Each name of Catalog/sources/spellings.tsv (libmagic's among them) finds the type it spells")
    func spellingsFindTheirTypes() throws {
        let rows = try RepositoryPaths.tsv(RepositoryPaths.path("Catalog/sources/spellings.tsv"))
        #expect(rows.count >= 20)
        for row in rows {
            let name = row["mime_type"] ?? "", same = row["same_as"] ?? ""
            let expected = graph.type(mimeType: same).flatMap { $0.isDeclared ? $0 : nil } ?? graph[TypeIdentifier(same)]
            let found = graph.type(mimeType: name)
            #expect(found != nil && found == expected, "\(name) finds \(found?.identifier.rawValue ?? "nothing"), not \(same)")
        }
    }

    /// The MIME names of Apple's table and OpenWith's supplement (`Catalog/sources`), by name:
    /// the identifiers that list it.
    static func appleNames() throws -> [String: Set<String>] {
        var names: [String: Set<String>] = [:]
        for file in ["apple-system-types.tsv", "supplement.tsv"] {
            for row in try RepositoryPaths.tsv(RepositoryPaths.path("Catalog/sources/" + file)) {
                for name in (row["mime_types"] ?? "").split(separator: ",") {
                    names[name.lowercased(), default: []].insert(row["identifier"] ?? "")
                }
            }
        }
        return names
    }

    /// Whether a higher registry keeps the names of one type apart: `groups` gives each name the
    /// groups (types) of that registry naming it, and the names touch more than one.
    static func keptApart(_ names: [String], by groups: [String: Set<String>]) -> Bool {
        var touched: Set<String> = []
        for name in names { touched.formUnion(groups[name.lowercased()] ?? []) }
        return touched.count > 1
    }

    /// Pairs (alias, canonical name) of a registry whose alias does not find the canonical name's
    /// type, except where higher registries decide otherwise: both names were named before (by a
    /// higher registry or an earlier entry), or a higher registry splits the type's names between
    /// several of its types.
    func differingAliases(_ types: [RegistryType], higher: [[String: Set<String>]]) -> (differing: [String], checked: Int) {
        var named = Set(higher.flatMap(\.keys))
        var earlierEntries: [String: Set<String>] = [:]
        var firstOwner: [String: String] = [:]
        var differing: [String] = []
        var checked = 0
        for (index, type) in types.enumerated() {
            let names = [type.name] + type.aliases
            let canonical = graph.type(mimeType: type.name)?.identifier
            let split = (higher + [earlierEntries]).contains { Self.keptApart(names, by: $0) }
            for alias in type.aliases where firstOwner[alias.lowercased(), default: type.name] == type.name {
                if split || (named.contains(alias.lowercased()) && named.contains(type.name.lowercased())) { continue }
                checked += 1
                if graph.type(mimeType: alias)?.identifier != canonical { differing.append("\(alias) (alias of \(type.name))") }
            }
            for name in names {
                named.insert(name.lowercased())
                earlierEntries[name.lowercased(), default: []].insert(String(index))
                firstOwner[name.lowercased()] = firstOwner[name.lowercased()] ?? type.name
            }
        }
        return (differing, checked)
    }

    @Test("shared-mime-info's aliases find the type of their canonical name unless Apple's table decides")
    func freedesktopAliasesShareTheirType() throws {
        let types = try Self.xmlTypes("shared-mime-info.freedesktop.org.xml.in")
        let (differing, checked) = differingAliases(types, higher: [try Self.appleNames()])
        #expect(checked > 250)
        #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(20))")
    }

    @Test("Tika's aliases find the type of their canonical name unless a higher registry decides")
    func tikaAliasesShareTheirType() throws {
        var freedesktop: [String: Set<String>] = [:]
        for type in try Self.xmlTypes("shared-mime-info.freedesktop.org.xml.in") {
            for name in [type.name] + type.aliases { freedesktop[name.lowercased(), default: []].insert(type.name) }
        }
        let types = try Self.xmlTypes("tika-mimetypes.xml")
        let (differing, checked) = differingAliases(types, higher: [try Self.appleNames(), freedesktop])
        #expect(checked > 50)
        #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(20))")
    }

    @Test("A format that two registries name differently is one type (same magic at the same offset, or the same globs)", arguments: [
        ("text/x-php", "application/x-php", "php"),
        ("image/icns", "image/x-icns", "icns"),
        ("image/x-dpx", "image/dpx", "dpx"),
        ("image/x-raw-canon", "image/x-canon-crw", "crw"),
        ("application/x-vhd", "application/x-vhd-disk", "vhd"),
        ("application/x-lharc", "application/x-lha", "lzh"),
        ("application/x-kdelnk", "application/x-desktop", "kdelnk"),
        ("application/vnd.tcpdump.pcapng", "application/x-pcapng", "pcapng"),
        ("text/x-coffeescript", "application/vnd.coffeescript", "coffee"),
        ("image/x-raw-fuji", "image/x-fuji-raf", "raf"),
        ("application/vnd.ms-visio.drawing", "application/vnd.ms-visio.drawing.main+xml", "vsdx"),
        ("application/vnd.oasis.opendocument.flat.text", "application/vnd.oasis.opendocument.text-flat-xml", "fodt"),
        ("application/vnd.ms-package.3dmanufacturing-3dmodel+xml", "model/3mf", "3mf"),
    ])
    func sameFormatIsOneType(tikaName: String, higherName: String, ext: String) throws {
        let type = try #require(graph.types(mimeType: higherName).first)
        #expect(graph.types(mimeType: tikaName).map(\.identifier) == [type.identifier], "\(tikaName)")
        // The extension finds the type, and no second declaration of the format (`.vhd` is
        // also VHDL source, a different format).
        let byExtension = graph.types(filenameExtension: ext).map(\.identifier.rawValue)
        #expect(byExtension.contains(type.identifier.rawValue) && !byExtension.contains { $0.hasPrefix("org.apache.tika.") }, ".\(ext): \(byExtension)")
        // The preferred name stays the higher registry's.
        #expect(type.preferredMIMEType == higherName)
    }

    @Test("A type named with a structured syntax suffix is that syntax, unless a registry says what else it is", arguments: [
        ("application/route-s-tsid+xml", "public.xml", true),
        ("application/atomcat+xml", "public.xml", true),
        ("application/ace+json", "public.json", true),
        ("application/epub+zip", "public.zip-archive", true),
        ("model/3mf", "public.zip-archive", true),
        // `+json-seq` is no suffix of RFC 6839's: a JSON text sequence is not one JSON document.
        ("application/geo+json-seq", "public.json", false),
    ])
    func structuredSuffix(mime: String, syntax: String, isKind: Bool) throws {
        let type = try #require(graph.types(mimeType: mime).first { !$0.isDynamic }, "\(mime) is declared")
        #expect(type.conforms(to: graph.identity(TypeIdentifier(syntax))) == isKind, "\(type.identifier) and \(syntax)")
    }

    @Test("Every type named `…+xml` is XML, or a container whose main part the suffix names")
    func everyXMLSuffixIsXML() throws {
        for declared in try SystemTypeCatalog.declarations() where declared.tags[.mimeType]?.first?.lowercased().hasSuffix("+xml") == true {
            let t = try #require(graph[declared.identifier])
            #expect(t.conforms(to: graph.identity(.xml)) || t.conforms(to: graph.identity(.archive)), "\(declared.identifier)")
        }
    }

    @Test("The catalog declares at least 2,500 types")
    func universeSize() throws {
        let declarations = try SystemTypeCatalog.declarations()
        #expect(declarations.count >= 2_500)
        #expect(graph.count == declarations.count)
    }

    @Test("Every tag of the catalog says which registries state it")
    func everyTagHasProvenance() throws {
        let rows = try RepositoryPaths.tsv(RepositoryPaths.path("Catalog/system-types.tsv"))
        #expect(rows.count >= 2_500)
        var missing: [String] = []
        for row in rows {
            var sources: [String: String] = [:]
            for item in (row["provenance"] ?? "").split(separator: " ") {
                guard let equals = item.lastIndex(of: "=") else {
                    missing.append("\(row["identifier"] ?? ""): malformed \(item)")
                    continue
                }
                sources[String(item[..<equals]).lowercased()] = String(item[item.index(after: equals)...])
            }
            func check(_ kind: String, _ values: [Substring]) {
                for value in values {
                    let letters = sources["\(kind):\(value.lowercased())"] ?? ""
                    if letters.isEmpty || !letters.allSatisfy({ "aoftms".contains($0) }) {
                        missing.append("\(row["identifier"] ?? "") \(kind):\(value)")
                    }
                }
            }
            check("e", (row["extensions"] ?? "").split(separator: ","))
            check("m", (row["mime_types"] ?? "").split(separator: ","))
            // A glob is pattern:weight or pattern:weight:cs; the pattern may itself hold ':'.
            let patterns = (row["globs"] ?? "").split(separator: " ").map { glob -> Substring in
                var parts = glob.split(separator: ":", omittingEmptySubsequences: false)
                if parts.last == "cs" { parts.removeLast() }
                return Substring(parts.dropLast().joined(separator: ":"))
            }
            check("g", patterns)
        }
        #expect(missing.isEmpty, "\(missing.count): \(missing.prefix(20))")
    }

    /// The file names the supplement gives a format (Vim's `.vimrc`, `_vimrc`, `vimrc`…) find its
    /// type by name alone, in any folder and in any case. (Its extensions may lose to Apple's
    /// table, which shares its tier: `.r` stays Apple's Rez source.) A pattern it gives
    /// (`*.pack`) is one the format shares with another: the name ties the two, for the content
    /// to settle.
    @Test("Every file name the supplement gives a type finds that type by name")
    func supplementNames() throws {
        let rows = try RepositoryPaths.tsv(RepositoryPaths.path("Catalog/sources/supplement.tsv"))
        var checked = 0
        for row in rows {
            let identifier = row["identifier"] ?? ""
            for name in (row["globs"] ?? "").split(separator: " ").map(String.init) {
                let isPattern = name.hasPrefix("*.")
                let literal = isPattern ? "pack-4f2c" + name.dropFirst() : name
                for asked in [literal, "/home/ann/" + literal, literal.uppercased()] {
                    let match = graph.match(filename: asked)
                    let found = ([match.type] + match.tiedTypes).compactMap { $0?.identifier.rawValue }
                    if isPattern {
                        #expect(found.contains(identifier) && match.isAmbiguous, "\(asked): \(found)")
                    } else {
                        #expect(match.type?.identifier.rawValue == identifier && !match.isAmbiguous, "\(asked): \(match.type?.identifier.rawValue ?? "no type")")
                    }
                }
                checked += 1
            }
        }
        #expect(checked >= 8)
        // Vim script is text that editors open: it is a script, a kind of plain text.
        let vim = try #require(graph.type(filename: ".vimrc"))
        #expect(vim.preferredMIMEType == "text/x-vim")
        #expect(graph.type(filename: "syntax.vim") == vim)
        #expect(vim.conforms(to: try #require(graph[TypeIdentifier("public.script")])))
        #expect(vim.conforms(to: try #require(graph[TypeIdentifier("public.plain-text")])))
        #expect(graph.type(filename: "vimrc.bak")?.identifier != vim.identifier)
    }

    @Test("Common extensions stay unambiguous: a lower registry's claim does not make a tie")
    func commonExtensionsAreNotTies() {
        for ext in ["txt", "c", "h", "m", "pl", "it", "mod", "bin"] {
            let declared = graph.types(filenameExtension: ext)
            let tikaOrIANA = declared.filter {
                $0.identifier.rawValue.hasPrefix("org.apache.tika.mime.") || $0.identifier.rawValue.hasPrefix("org.iana.mime.")
            }
            #expect(tikaOrIANA.isEmpty, ".\(ext): \(tikaOrIANA.map(\.identifier.rawValue))")
        }
    }
}

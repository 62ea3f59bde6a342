import OpenWithCommandLine
/// The representations of `openwith pasteboard write`, in the order they are written:
/// `--type T FILE`, `--type T --text "…"`, `--type T -` (standard input); a `FILE` or `-`
/// without `--type` takes the type its bytes and name resolve to, and `--text` without
/// `--type` is `public.utf8-plain-text`.
struct PasteboardWriteArguments {
    /// One representation to write: its type (when given) and where its bytes come from.
    struct Representation: Equatable {
        enum Source: Equatable {
            /// A file's bytes.
            case file(String)
            /// The text's UTF-8 bytes.
            case text(String)
            /// Standard input's bytes.
            case standardInput
        }

        var type: String?
        var source: Source
    }

    /// The representations, in order.
    let representations: [Representation]

    /// Parses the words the argument parser left in order.
    init(_ words: [String]) throws(CommandFailure) {
        var result: [Representation] = []
        var pendingType: String?
        var index = 0
        func value(of option: String) throws(CommandFailure) -> String {
            index += 1
            guard index < words.count else { throw CommandFailure(status: .badInput, message: "\(option): missing value") }
            return words[index]
        }
        while index < words.count {
            let word = words[index]
            var source: Representation.Source?
            if word == "--type" || word.hasPrefix("--type=") {
                if let pendingType { throw Self.typeWithoutSource(pendingType) }
                pendingType = word == "--type" ? try value(of: "--type") : String(word.dropFirst("--type=".count))
            } else if word == "--text" || word.hasPrefix("--text=") {
                source = .text(word == "--text" ? try value(of: "--text") : String(word.dropFirst("--text=".count)))
            } else if word == "-" {
                source = .standardInput
            } else if word.hasPrefix("-") {
                throw CommandFailure(status: .badInput, message: "\(word): unknown option", hint: "openwith pasteboard write --help lists the options")
            } else {
                source = .file(word)
            }
            if let source {
                result.append(Representation(type: pendingType, source: source))
                pendingType = nil
            }
            index += 1
        }
        if let pendingType { throw Self.typeWithoutSource(pendingType) }
        guard !result.isEmpty else {
            throw CommandFailure(status: .badInput, message: "nothing to write", hint: "give --type TYPE FILE, --type TYPE --text TEXT, or a FILE")
        }
        if result.filter({ $0.source == .standardInput }).count > 1 {
            throw CommandFailure(status: .badInput, message: "-: standard input can give only one representation")
        }
        representations = result
    }

    private static func typeWithoutSource(_ type: String) -> CommandFailure {
        CommandFailure(status: .badInput, message: "--type \(type): no FILE, - or --text follows it", hint: "write --type \(type) FILE or --type \(type) --text TEXT")
    }
}

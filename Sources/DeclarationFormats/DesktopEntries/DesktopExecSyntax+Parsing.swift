extension DesktopExecSyntax {
    /// Splits an unescaped `Exec` value into arguments following the quoting rules.
    struct ExecLineParser {
        let text: String
        let key: String
        let value: String

        // Character classes as switches rather than sets: a set of scalars costs its generic
        // metadata and hashing at a process's first parse, more than the parse itself.

        /// Characters that must be quoted (spec: space, tab, newline, `"` are separators or
        /// quote marks; these are the rest).
        static func isReserved(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`": true
            default: false
            }
        }

        /// Characters a backslash may escape inside quotes.
        static func isEscapable(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "\"", "`", "$", "\\": true
            default: false
            }
        }

        /// The separators between arguments.
        static func isSeparator(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" }

        /// The field codes: those that take files, URLs or app facts, and the deprecated ones.
        static func isFieldCode(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "f", "F", "u", "U", "i", "c", "k", "d", "D", "n", "N", "v", "m": true
            default: false
            }
        }

        func parse() throws(DesktopExecSyntaxError) -> [Argument] {
            try checkQuotesClosed()
            var arguments: [Argument] = []
            var current: Argument?
            var literal = ""
            let scalars = Array(text.unicodeScalars)
            var index = 0

            func flushLiteral() {
                if !literal.isEmpty {
                    current?.pieces.append(.literal(literal))
                    literal = ""
                }
            }
            func finishArgument() {
                flushLiteral()
                if let done = current { arguments.append(done) }
                current = nil
            }

            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                if Self.isSeparator(scalar) {
                    finishArgument()
                    continue
                }
                if current == nil { current = Argument() }
                switch scalar {
                case "\"":
                    var quoted = ""
                    var closed = false
                    while index < scalars.count {
                        let inner = scalars[index]
                        index += 1
                        if inner == "\"" {
                            closed = true
                            break
                        }
                        if inner == "\\" {
                            guard index < scalars.count, Self.isEscapable(scalars[index]) else {
                                throw refuse(
                                    .invalidExecLine,
                                    "inside quotes a backslash may only escape \" ` $ or \\")
                            }
                            quoted.unicodeScalars.append(scalars[index])
                            index += 1
                        } else if inner == "%" {
                            guard index < scalars.count else {
                                throw refuse(.invalidFieldCode, "a lone % ends the line")
                            }
                            let code = scalars[index]
                            index += 1
                            if code == "%" {
                                quoted += "%"
                            } else if Self.isFieldCode(code) {
                                throw refuse(.fieldCodeInQuotes, "field code %\(code) is not allowed inside quotes")
                            } else {
                                throw refuse(.invalidFieldCode, "%\(code) is not a field code")
                            }
                        } else {
                            quoted.unicodeScalars.append(inner)
                        }
                    }
                    guard closed else { throw refuse(.unterminatedQuote, "a double quote is not closed") }
                    literal += quoted
                    // An empty quoted argument ("") is still an argument: keep a literal piece.
                    if quoted.isEmpty && literal.isEmpty { current?.pieces.append(.literal("")) }
                case "%":
                    guard index < scalars.count else { throw refuse(.invalidFieldCode, "a lone % ends the line") }
                    let code = scalars[index]
                    index += 1
                    if code == "%" {
                        literal += "%"
                    } else if Self.isFieldCode(code) {
                        flushLiteral()
                        current?.pieces.append(.code(Character(code)))
                    } else {
                        throw refuse(.invalidFieldCode, "%\(code) is not a field code")
                    }
                default:
                    if Self.isReserved(scalar) {
                        throw refuse(.invalidExecLine, "the reserved character \(scalar) must be quoted")
                    }
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        throw refuse(.invalidExecLine, "a control character must be quoted")
                    }
                    literal.unicodeScalars.append(scalar)
                }
            }
            finishArgument()
            // Normalise: merge an empty-literal marker into following text.
            return arguments.map(Self.normalised)
        }

        private func refuse(_ code: DesktopExecSyntaxError.Code, _ reason: String) -> DesktopExecSyntaxError {
            DesktopExecSyntaxError(code, reason: reason, key: key, value: value)
        }

        /// Refuses a double quote that is never closed before anything inside it is judged.
        private func checkQuotesClosed() throws(DesktopExecSyntaxError) {
            var inQuotes = false
            var escaped = false
            for scalar in text.unicodeScalars {
                if escaped {
                    escaped = false
                } else if inQuotes && scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inQuotes.toggle()
                }
            }
            if inQuotes { throw refuse(.unterminatedQuote, "a double quote is not closed") }
        }

        /// Drops empty literal pieces unless the argument is exactly `""`.
        static func normalised(_ argument: Argument) -> Argument {
            let kept = argument.pieces.filter { $0 != .literal("") }
            if kept.isEmpty { return Argument(pieces: [.literal("")]) }
            return Argument(pieces: kept)
        }
    }
}

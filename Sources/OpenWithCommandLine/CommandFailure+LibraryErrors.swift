package import ContentSniffing
package import DocumentCatalog
import Glibc
package import OpenInBroker
package import UniformTypes

/// The one table from the libraries' errors to the CLI contract's exit statuses (0 ok, 1 nothing
/// found, 2 bad input, 3 catalog error) and to the one error style (`<what>: <why>` and a hint;
/// see ``CommandFailure``). Messages are made of the errors' fields, never of their codes' names:
/// the thing at fault (a path, else a key or a value) first, then the reason.
extension CommandFailure {
    /// The failure for an error of the libraries, or `nil` for an error that is not theirs (the
    /// argument parser's own, which it reports itself).
    package init?(libraryError error: any Error) {
        switch error {
        case let failure as CommandFailure: self = failure
        case let error as HandOverError: self.init(error)
        case let error as CatalogError: self.init(error)
        case let error as UniformTypeError: self.init(error)
        case let error as SniffingError: self.init(error)
        default: return nil
        }
    }

    /// A hand-over error: no handler or an unregistered scheme is nothing found; a catalog failure
    /// is a catalog error; everything else is bad input.
    package init(_ error: HandOverError) {
        let status: ExitStatus
        var hint: String?
        switch error.code {
        case .noHandler:
            status = .nothingFound
            hint = error.key.map { "--force opens it with \($0) anyway" }
                ?? "openwith apps register PATH registers an app that can (a .desktop file, an Info.plist, an .app or a folder of them)"
        case .unregisteredScheme:
            status = .nothingFound
            hint = "openwith apps register PATH registers an app that handles the scheme"
        case .catalogFailure:
            status = .catalogError
            hint = "openwith catalog info says which catalog is used"
        case .notAProvider:
            status = .badInput
            hint = "openwith provider register APP --root FOLDER makes an app a document provider"
        default: status = .badInput
        }
        var why = error.reason
        if let errno = error.errno { why = Self.adding(errno: errno, to: why) }
        if let suggestion = Self.suggestion(in: &why) { hint = suggestion }
        // The thing at fault first, unless the reason already starts with it.
        let what = (error.path ?? error.value ?? error.key).flatMap { why.hasPrefix($0) ? nil : $0 }
        self.init(status: status, message: what.map { "\($0): \(why)" } ?? why, hint: hint)
    }

    /// A catalog error: an unknown app or row is nothing found; a refused import or an invalid
    /// request is bad input; everything else is a catalog error.
    package init(_ error: CatalogError) {
        let status: ExitStatus
        var hint: String?
        switch error.code {
        case .notFound:
            status = .nothingFound
            hint = "openwith apps list shows the registered apps"
        case .importRefused: status = .badInput
        case .invalidRequest: status = .badInput
        case .cannotOpen:
            status = .catalogError
            hint = "check that the folder exists and is writable, or choose another catalog with --catalog FILE"
        case .newerSchema: status = .catalogError
        case .notACatalog, .damaged:
            status = .catalogError
            hint = "move the file aside (a new catalog is made on the next run) or choose another with --catalog FILE"
        default: status = .catalogError
        }
        var why = error.reason
        if let suggestion = Self.suggestion(in: &why) { hint = suggestion }
        // The catalog's own path is noise beside an unknown app id or a refused request; for
        // anything else the file (the catalog, an imported file) comes first, then the key.
        let file = error.code == .notFound || error.code == .invalidRequest ? nil : error.path
        let what = [file, error.key].compactMap { $0 }.filter { !why.hasPrefix($0) }.joined(separator: ": ")
        let message = what.isEmpty ? why : "\(what): \(why)"
        self.init(status: status, message: message, hint: hint)
    }

    /// A type error: an unknown identifier is nothing found, a malformed one bad input. `option`
    /// names the option the identifier came from; `suggestion`, the type it most likely meant.
    package init(_ error: UniformTypeError, option: String? = nil, suggestion: String? = nil) {
        var what = [error.source, error.location, option].compactMap { $0 }.joined(separator: ": ")
        what += (what.isEmpty ? "" : ": ") + "'\(error.value)'"
        let why = error.code == .unknownIdentifier ? "no type has this identifier" : error.reason
        var hint = suggestion.map { "did you mean \($0)?" }
        if hint == nil, error.code == .unknownIdentifier { hint = "openwith types list shows the declared types" }
        self.init(status: error.code == .unknownIdentifier ? .nothingFound : .badInput, message: "\(what): \(why)", hint: hint)
    }

    /// A file that could not be read: bad input, naming the file.
    package init(_ error: SniffingError) {
        var why = error.reason
        if let errno = error.errno { why = Self.adding(errno: errno, to: why) }
        self.init(status: .badInput, message: error.path.map { "\($0): \(why)" } ?? why)
    }

    /// `reason` with the system's words for `errno`, unless it already says them.
    package static func adding(errno: Int32, to reason: String) -> String {
        let words = String(cString: strerror(errno))
        return reason.contains(words) ? reason : reason + " (\(words))"
    }

    /// Takes a trailing ` (did you mean X?)` out of `reason`, as the hint it is.
    package static func suggestion(in reason: inout String) -> String? {
        guard reason.hasSuffix("?)"), let open = reason.firstRange(of: " (did you mean ") else { return nil }
        let hint = String(reason[reason.index(open.lowerBound, offsetBy: 2)..<reason.index(before: reason.endIndex)])
        reason = String(reason[..<open.lowerBound])
        return hint
    }
}

import ContentSniffing
import DocumentCatalog
import OpenInBroker
import UniformTypes

/// The one table from the libraries' errors to the CLI contract's exit statuses (0 ok, 1 nothing
/// found, 2 bad input, 3 catalog error). Commands let library errors through; `main` and the
/// commands that report per file map them here.
extension CommandFailure {
    /// The failure for an error of the libraries, or `nil` for an error that is not theirs (the
    /// argument parser's own, which it reports itself).
    init?(libraryError error: any Error) {
        switch error {
        case let failure as CommandFailure: self = failure
        case let error as HandOverError: self.init(error)
        case let error as CatalogError: self.init(error)
        case let error as UniformTypeError: self.init(error)
        case let error as SniffingError: self.init(status: .badInput, message: error.description)
        default: return nil
        }
    }

    /// A hand-over error: no handler or an unregistered scheme is nothing found; a catalog failure
    /// is a catalog error; everything else is bad input.
    init(_ error: HandOverError) {
        let status: ExitStatus
        switch error.code {
        case .noHandler, .unregisteredScheme: status = .nothingFound
        case .catalogFailure: status = .catalogError
        default: status = .badInput
        }
        self.init(status: status, message: error.description)
    }

    /// A catalog error: an unknown app or row is nothing found; a refused import or an invalid
    /// request is bad input; everything else is a catalog error.
    init(_ error: CatalogError) {
        let status: ExitStatus
        switch error.code {
        case .notFound: status = .nothingFound
        case .importRefused, .invalidRequest: status = .badInput
        default: status = .catalogError
        }
        self.init(status: status, message: error.description)
    }

    /// A type error: an unknown identifier is nothing found, a malformed one bad input. `option`
    /// names the option the identifier came from.
    init(_ error: UniformTypeError, option: String? = nil) {
        self.init(
            status: error.code == .unknownIdentifier ? .nothingFound : .badInput,
            message: option.map { "\($0): \(error)" } ?? "\(error)")
    }
}

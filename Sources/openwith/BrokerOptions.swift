import ArgumentParser
import DocumentCatalog
import OpenInBroker

/// Opening the hand-over broker over the catalog the options choose.
extension CatalogOptions {
    func broker(dryRun: Bool = false, sharesOutput: Bool = false) throws -> HandOverBroker {
        let catalog = try open()
        do {
            return try HandOverBroker(catalog: catalog, desktops: ProcessEnvironment.desktops, launcher: HandlerLauncher(dryRun: dryRun, detachesOutput: !sharesOutput))
        } catch {
            throw CommandFailure(error)
        }
    }
}

extension CommandFailure {
    /// A hand-over error with the exit status the CLI contract gives it.
    init(_ error: HandOverError) {
        let status: ExitStatus
        switch error.code {
        case .noHandler, .unregisteredScheme: status = .nothingFound
        case .catalogFailure: status = .catalogError
        default: status = .badInput
        }
        self.init(status: status, message: error.description)
    }
}

import ArgumentParser
import DocumentCatalog
import OpenInBroker
import OpenWithCommandLine

/// Opening the hand-over broker over the catalog the options choose.
extension CatalogOptions {
    func broker(dryRun: Bool = false, sharesOutput: Bool = false) throws -> HandOverBroker {
        try HandOverBroker(catalog: try open(), desktops: ProcessEnvironment.desktops, launcher: HandlerLauncher(dryRun: dryRun, detachesOutput: !sharesOutput))
    }
}

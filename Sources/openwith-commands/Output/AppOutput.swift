import DocumentCatalog
import OpenWithCommandLine

/// The JSON form of one app (`openwith apps show`).
struct AppOutput: Encodable {
    struct Claim: Encodable { let kind: String, value: String, role: String, rank: String, typeName: String? }
    struct Scheme: Encodable { let scheme: String, role: String, rank: String, requiresSignature: Bool, allowedSources: [String] }
    struct DeclaredType: Encodable { let identifier: String, tier: String, conformsTo: [String], extensions: [String], mimeTypes: [String], description: String }

    let id: String
    let name: String
    let kind: String
    let version: String?
    let source: String
    let origin: String
    let exec: String?
    let terminal: Bool
    let hidden: Bool
    let noDisplay: Bool
    let claims: [Claim]
    let schemes: [Scheme]
    let queriedSchemes: [String]
    let declaredTypes: [DeclaredType]

    init(_ app: AppRegistration) {
        id = app.id
        name = app.record.localizedName(locale: ProcessEnvironment.messagesLocale)
        kind = app.kind.rawValue
        version = app.version
        source = app.sourcePath
        origin = app.origin
        exec = app.exec
        terminal = app.terminal
        hidden = app.hidden
        noDisplay = app.noDisplay
        claims = app.documentClaims.map { Claim(kind: $0.kind.rawValue, value: $0.value, role: $0.role.rawValue, rank: $0.rank.rawValue, typeName: $0.typeName) }
        schemes = app.urlClaims.map { Scheme(scheme: $0.scheme, role: $0.role.rawValue, rank: $0.rank.rawValue, requiresSignature: $0.requiresSignature, allowedSources: $0.allowedSources) }
        queriedSchemes = app.queriedSchemes
        declaredTypes = app.declaredTypes.map {
            DeclaredType(identifier: $0.identifier.rawValue, tier: $0.tier.description, conformsTo: $0.conformsTo.map(\.rawValue), extensions: $0.filenameExtensions, mimeTypes: $0.mimeTypes, description: $0.description)
        }
    }

    var text: String {
        var lines = ["\(name) (\(id)) — \(kind)\(version.map { " \($0)" } ?? "")", "  source: \(source)"]
        if let exec { lines.append("  exec:   \(exec)\(terminal ? " (in a terminal)" : "")") }
        if hidden { lines.append("  hidden") }
        for claim in claims { lines.append("  claims \(claim.value) (\(claim.kind)) as \(claim.role), rank \(claim.rank)") }
        for scheme in schemes { lines.append("  handles \(scheme.scheme): URLs as \(scheme.role), rank \(scheme.rank)") }
        if !queriedSchemes.isEmpty { lines.append("  queries: \(queriedSchemes.joined(separator: ", "))") }
        for type in declaredTypes { lines.append("  declares \(type.identifier) (\(type.tier)) conforming to \(type.conformsTo.joined(separator: ", "))") }
        return lines.joined(separator: "\n")
    }
}

/// The JSON form of an import report.
struct ImportReportOutput: Encodable {
    struct Problem: Encodable { let file: String, key: String?, line: Int?, reason: String }
    let registeredApps: [String]
    let removedApps: [String]
    let declaredTypes: [String]
    let associations: Int
    let filesRead: Int
    let skipped: [Problem]
    let refusedFiles: [Problem]

    init(_ report: ImportReport) {
        registeredApps = report.registeredApps
        removedApps = report.removedApps
        declaredTypes = report.declaredTypes
        associations = report.associationCount
        filesRead = report.filesRead
        skipped = report.warnings.map { Problem(file: $0.source, key: $0.key, line: $0.line, reason: $0.reason) }
        refusedFiles = report.refusedFiles.map { Problem(file: $0.source, key: $0.key, line: $0.line, reason: $0.reason) }
    }

    var text: String {
        var lines = ["registered \(registeredApps.count) app\(registeredApps.count == 1 ? "" : "s"): \(registeredApps.prefix(10).joined(separator: ", "))\(registeredApps.count > 10 ? ", …" : "")"]
        if !declaredTypes.isEmpty { lines.append("declared \(declaredTypes.count) type\(declaredTypes.count == 1 ? "" : "s")") }
        if !removedApps.isEmpty { lines.append("removed \(removedApps.count): \(removedApps.joined(separator: ", "))") }
        if associations > 0 { lines.append("\(associations) mimeapps.list associations") }
        for item in skipped { lines.append("skipped: \(item.file)\(item.line.map { ":\($0)" } ?? ""): \(item.key.map { "\($0): " } ?? "")\(item.reason)") }
        for item in refusedFiles { lines.append("refused: \(item.file)\(item.line.map { ":\($0)" } ?? ""): \(item.key.map { "\($0): " } ?? "")\(item.reason)") }
        return lines.joined(separator: "\n")
    }
}

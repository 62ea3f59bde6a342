import OpenInBroker
import OpenWithCommandLine

/// What `openwith url open` prints for a web URL routed as a universal link: one line, the
/// commands run, and with `--explain` the domain's association and each claiming app's step.
/// Times are RFC 3339 text in UTC.
struct UniversalLinkReport: Encodable {
    /// The host's association file as routing found it.
    struct Association: Encodable {
        let state: String
        let domain: String
        let source: String?
        let checkedAt: String?
        let validUntil: String?
        let reason: String?
    }

    let url: String
    let scheme: String
    let handler: String
    let universalLink: Bool
    let reason: String
    let association: Association?
    let steps: [UniversalLinkRouting.Step]
    let delivery: HandlerLauncher.Delivery

    init(_ routed: UniversalLinkRouting) {
        url = routed.url.string
        scheme = routed.url.scheme
        handler = routed.handler.id
        universalLink = routed.isUniversalLink
        reason = routed.reason
        association = routed.association.map {
            Association(
                state: $0.state, domain: $0.domain, source: $0.source, checkedAt: $0.checkedAt.map(Self.utc), validUntil: $0.validUntil.map(Self.utc),
                reason: $0.reason)
        }
        steps = routed.steps
        delivery = routed.delivery
    }

    /// Prints the report as text (`name` is the handler's display name).
    func printText(handlerName: String, explain: Bool) {
        print("\(scheme): → \(handlerName) (\(handler)) — \(universalLink ? "universal link: " : "")\(reason)")
        if explain { printExplanation() }
        for command in delivery.commands { print("  \(delivery.dryRun ? "would run" : "ran"): \(command.map(ShellQuoting.quote).joined(separator: " "))") }
    }

    private func printExplanation() {
        guard let association else {
            print("  no app claims the host, so no association file was consulted")
            return
        }
        var line = "  association of \(association.domain): \(association.state)"
        if let source = association.source { line += ", from \(source)" }
        if let checked = association.checkedAt { line += ", read \(checked)" }
        line += association.validUntil.map { ", valid until \($0)" } ?? (association.state == "confirmed" ? ", valid until replaced" : "")
        print(line)
        if let reason = association.reason { print("    \(reason)") }
        for step in steps {
            var text = "  \(step.appID) (declares \(step.declaredDomain)): "
            switch step.verdict {
            case "matched": text += "matched by detail \(step.detail ?? 0), component \(step.component ?? 0): \(step.pattern ?? "")"
            case "excluded": text += "excluded by detail \(step.detail ?? 0), component \(step.component ?? 0): \(step.pattern ?? "")"
            case "no-component-matched": text += "no component of detail \(step.detail ?? 0) matches"
            case "not-listed": text += "the association file does not name this app"
            default: text += "not confirmed by the domain"
            }
            print(text)
        }
    }

    /// `2026-11-24T23:50:00.000Z`.
    static func utc(_ seconds: Double) -> String { RFC3339Time.format(secondsSince1970: seconds) }
}

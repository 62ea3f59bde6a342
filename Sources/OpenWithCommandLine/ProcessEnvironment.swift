import Glibc

/// The process environment.
package enum ProcessEnvironment {
    /// Every variable (for the system import, which reads many XDG variables).
    package static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                result[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    /// One variable's value.
    package static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// The locale of messages and app names: the first set of `LC_ALL`, `LC_MESSAGES`, `LANG`.
    package static var messagesLocale: String? {
        ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap(value).first { !$0.isEmpty }
    }

    /// The desktops of `XDG_CURRENT_DESKTOP`.
    package static var desktops: [String] { (value("XDG_CURRENT_DESKTOP") ?? "").split(separator: ":").map(String.init) }
}

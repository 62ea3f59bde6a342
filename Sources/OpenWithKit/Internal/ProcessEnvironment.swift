import Glibc

/// The variables of this process.
enum ProcessEnvironment {
    /// Every variable of `environ`, read when asked (a later `setenv` is seen).
    static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(decoding: UnsafeRawBufferPointer(start: entry, count: strlen(entry)), as: UTF8.self)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                result[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

import DocumentCatalog

/// What the C caller passed in, checked before use.
enum CStringInput {
    /// A required NUL-terminated UTF-8 string.
    ///
    /// Policy: NULL is `OW_ERROR_INVALID_ARGUMENT`; bytes that are not UTF-8 are
    /// `OW_ERROR_INVALID_UTF8`, never repaired (a repaired path would name another file).
    static func string(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(CallFailure) -> String {
        guard let pointer else { throw CallFailure(.invalidArgument, name: "nullArgument", message: "\(what) is NULL") }
        return try optionalString(pointer, what)!
    }

    /// An optional string: NULL is `nil`.
    static func optionalString(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(CallFailure) -> String? {
        guard let pointer else { return nil }
        guard let text = String(validatingCString: pointer) else {
            throw CallFailure(.invalidUTF8, name: "invalidUTF8", message: "\(what) is not valid UTF-8")
        }
        return text
    }

    /// A required out-parameter.
    static func output<T>(_ pointer: UnsafeMutablePointer<T>?, _ what: String) throws(CallFailure) -> UnsafeMutablePointer<T> {
        guard let pointer else { throw CallFailure(.invalidArgument, name: "nullArgument", message: "\(what) is NULL") }
        return pointer
    }

    /// A role number of the header (`OW_ROLE_*`).
    static func role(_ value: UInt32) throws(CallFailure) -> RequestedRole {
        switch value {
        case 0: return .any
        case 1: return .viewer
        case 2: return .editor
        case 3: return .shell
        default: throw CallFailure(.invalidArgument, name: "invalidRole", message: "role \(value) is not an OW_ROLE_* value")
        }
    }
}

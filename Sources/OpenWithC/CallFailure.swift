import COpenWith
import OpenInBroker

/// Why a C call failed: the status it returns, the library's code name and a message, as the
/// caller's `ow_error` receives them.
struct CallFailure: Error {
    /// The statuses of the header, by meaning.
    enum Status: UInt32 {
        case invalidArgument = 1, invalidUTF8, closed, notFound, permissionDenied, unknownApp, noHandler
        case invalidTarget, refused, catalog, outOfMemory, failed
    }

    var status: Status
    var name: String
    var message: String

    init(_ status: Status, name: String, message: String) {
        self.status = status
        self.name = name
        self.message = message
    }

    /// A library error, by its code.
    init(_ error: HandOverError) {
        let status: Status
        switch error.code {
        case .notFound: status = .notFound
        case .permissionDenied: status = .permissionDenied
        case .unknownApp: status = .unknownApp
        case .noHandler: status = .noHandler
        case .invalidTarget: status = .invalidTarget
        case .catalogFailure: status = .catalog
        case .invalidPath, .invalidName: status = .invalidArgument
        case .typeNotAccepted, .notRegularFile, .symlinkRefused, .rightDenied, .notGranted: status = .refused
        default: status = .failed
        }
        self.init(status, name: error.code.rawValue, message: error.description)
    }

    /// A result that could not be allocated.
    static let outOfMemory = CallFailure(.outOfMemory, name: "outOfMemory", message: "the result could not be allocated")

    /// Fills the caller's error record, if any: the code, the name and the message, each cut to
    /// fit its field and NUL-terminated.
    func report(to error: UnsafeMutablePointer<ow_error>?) {
        guard let error else { return }
        error.pointee.code = Int32(status.rawValue)
        withUnsafeMutableBytes(of: &error.pointee.name) { CallFailure.copy(name, into: $0) }
        withUnsafeMutableBytes(of: &error.pointee.message) { CallFailure.copy(message, into: $0) }
    }

    /// Copies UTF-8 into a fixed field, cut at a character boundary, NUL-terminated.
    private static func copy(_ text: String, into field: UnsafeMutableRawBufferPointer) {
        var count = min(text.utf8.count, field.count - 1)
        let bytes = Array(text.utf8)
        // Do not cut a multi-byte character: back up over continuation bytes.
        while count > 0, count < bytes.count, bytes[count] & 0xC0 == 0x80 { count -= 1 }
        for index in 0..<count { field[index] = bytes[index] }
        field[count] = 0
    }
}

/// Runs one C call: its failure becomes the returned status and the caller's error record.
func reportingCall(_ record: UnsafeMutablePointer<ow_error>?, _ body: () throws(CallFailure) -> Void) -> ow_status {
    do {
        try body()
        return OW_OK
    } catch {
        error.report(to: record)
        return ow_status(rawValue: error.status.rawValue)
    }
}

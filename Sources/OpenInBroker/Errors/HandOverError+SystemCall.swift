extension HandOverError {
    /// Turns a failed system call into an error whose code names the condition a caller can act
    /// on (no space, too large, not found, denied, symbolic link, not a directory).
    init(_ failure: HandOverSystemCalls.Failure, _ what: String, path: String?, value: String? = nil) {
        let code: Code
        switch failure.errno {
        case HandOverSystemCalls.noSpaceLeft, HandOverSystemCalls.quotaExceeded: code = .noSpace
        case HandOverSystemCalls.fileTooBig: code = .fileTooLarge
        case HandOverSystemCalls.noSuchFile: code = .notFound
        case HandOverSystemCalls.accessDenied, HandOverSystemCalls.notPermitted: code = .permissionDenied
        case HandOverSystemCalls.symlinkLoop: code = .symlinkRefused
        case HandOverSystemCalls.notDirectory: code = .notADirectory
        case HandOverSystemCalls.nameTooLong: code = .nameTooLong
        default: code = .systemCallFailed
        }
        self.init(
            code,
            reason: "\(what) failed (\(failure.call): \(HandOverSystemCalls.errorMessage(failure.errno)))",
            path: path, value: value, errno: failure.errno)
    }
}

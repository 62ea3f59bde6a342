import Glibc

/// Finds programs the way a desktop entry's `TryExec` is checked: an absolute path must be an
/// executable file; a bare name is searched in `$PATH`.
enum ExecutableLookup {
    static func exists(_ program: String) -> Bool {
        if program.contains("/") { return access(program, X_OK) == 0 && isRegularFile(program) }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(program)"
            if access(candidate, X_OK) == 0 && isRegularFile(candidate) { return true }
        }
        return false
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

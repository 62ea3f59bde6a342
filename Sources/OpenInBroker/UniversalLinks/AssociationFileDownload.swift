import Glibc

/// One HTTP GET of an association file, made by the machine's `curl` program (started directly,
/// never through a shell), so the library links no TLS or HTTP library of its own and a static
/// build stays static.
///
/// Policy, which `curl` is told and which is checked again on what it returns:
/// - `-q` first, so no `.curlrc` can add options (such as following redirects);
/// - only `https` (plain `http` only for the ``AssociationFileOrigin/loopback(port:)`` origin,
///   which also bypasses any proxy), no redirect followed (`--max-redirs 0`; a 3xx answer comes
///   back as it is and is refused by ``AssociationFileCheck``), certificates verified as `curl`
///   verifies them, at most ``timeLimit`` seconds;
/// - a body over 128 KiB is not read: `curl` stops on a declared length over it, and reading
///   stops (and `curl` is killed) one byte past it otherwise.
public struct AssociationFileDownload: Sendable {
    /// The program (`curl`, looked up on `PATH`).
    public var program: String
    /// The longest a download may take, in seconds.
    public var timeLimit: Int

    /// The most bytes read from `curl`: the header blocks and one byte past the size limit.
    static let readLimit = 16 * 1024 + 128 * 1024 + 1

    /// A download made with `program`.
    public init(program: String = "curl", timeLimit: Int = 10) {
        self.program = program
        self.timeLimit = timeLimit
    }

    /// Fetches `url`, sending `host` as the `Host` header when given (the loopback origin).
    ///
    /// - Returns: the response, or a reason when there is none: the program is missing, the name
    ///   does not resolve, the connection or TLS fails, the time is up, or the body is too large.
    public func get(_ url: String, host: String?, plainHTTP: Bool) -> Result<HTTPResponse, AssociationFileUnavailable> {
        var argv = [
            program, "-q", "--silent", "--include", "--suppress-connect-headers", "--max-redirs", "0", "--max-time", String(timeLimit),
            "--max-filesize", String(128 * 1024), "--proto", plainHTTP ? "=http" : "=https", "--header", "Accept: application/json",
            "--user-agent", "openwith-site-association",
        ]
        if let host { argv += ["--header", "Host: \(host)", "--noproxy", "*"] }
        argv += ["--url", url]
        let run: ProgramSpawn.CapturedOutput
        do { run = try ProgramSpawn(argv: argv, detachesErrors: true).capture(outputLimit: Self.readLimit) } catch {
            let reason = error.errno.map { String(cString: strerror($0)) } ?? error.reason
            return .failure(AssociationFileUnavailable(url: url, reason: "\(program) is needed to fetch association files and cannot be started: \(reason)", isRefusal: false))
        }
        if run.overflowed { return .failure(AssociationFileUnavailable(url: url, reason: "the answer is over 128 KiB", isRefusal: true)) }
        let code = run.exitCode ?? -1
        if code != 0 { return .failure(Self.failure(exit: code, url: url)) }
        guard let response = HTTPResponse.parse(included: run.output) else {
            return .failure(AssociationFileUnavailable(url: url, reason: "the answer is not a well-formed HTTP response", isRefusal: true))
        }
        return .success(response)
    }

    /// What a `curl` exit status means.
    static func failure(exit: Int32, url: String) -> AssociationFileUnavailable {
        switch exit {
        case 63: AssociationFileUnavailable(url: url, reason: "the answer declares a body over 128 KiB", isRefusal: true)
        case 6: AssociationFileUnavailable(url: url, reason: "the domain name does not resolve", isRefusal: false)
        case 7: AssociationFileUnavailable(url: url, reason: "the connection was refused or failed", isRefusal: false)
        case 28: AssociationFileUnavailable(url: url, reason: "no answer within the time limit", isRefusal: false)
        case 35, 51, 53, 54, 58, 59, 60, 66, 77, 80, 83, 90, 91:
            AssociationFileUnavailable(url: url, reason: "the TLS connection failed or the certificate was not trusted (curl exit \(exit))", isRefusal: true)
        default: AssociationFileUnavailable(url: url, reason: "the download failed (curl exit \(exit))", isRefusal: false)
        }
    }
}

public struct AssociationFileUnavailable: Error, Sendable, Equatable {
    /// The URL tried.
    public var url: String
    /// Why, for people.
    public var reason: String
    /// Whether the domain's answer itself is at fault (too large, bad TLS, not HTTP), so the
    /// domain keeps no association; otherwise the network was (name, connection, time), and an
    /// association already held is kept.
    public var isRefusal: Bool
}

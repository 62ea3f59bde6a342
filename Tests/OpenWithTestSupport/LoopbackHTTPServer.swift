import Foundation

/// A small HTTP server on `127.0.0.1` (Python's `http.server`, started by the test), answering
/// each path from a table the test sets and changes while it runs, and logging each request's
/// `Host` and path. The only network the tests use. The server ends with the test process (and
/// after ten minutes at most), even when the test never releases it.
///
/// ```swift
/// let server = try LoopbackHTTPServer()
/// try server.serve(["/a": .init(status: 200, headers: [("Content-Type", "application/json")], body: Array("{}".utf8))])
/// // fetch http://127.0.0.1:\(server.port)/a
/// ```
public final class LoopbackHTTPServer: @unchecked Sendable {
    /// One canned answer.
    public struct Answer: Sendable {
        /// The status code.
        public var status: Int
        /// Header fields sent (a `Content-Length` is always added).
        public var headers: [(String, String)]
        /// The body.
        public var body: [UInt8]

        /// An answer.
        public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// The port it listens on.
    public let port: UInt16
    private let folder: TemporaryDirectory
    private let process: Process

    private static let script = """
        import http.server, json, os, sys, threading, time
        table, log = sys.argv[1], sys.argv[2]
        def watch(parent=os.getppid(), started=time.monotonic()):
            # Ends with the test process, and after ten minutes whatever happens.
            while os.getppid() == parent and time.monotonic() - started < 600:
                time.sleep(0.5)
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def do_GET(self):
                with open(log, "a") as out:
                    out.write(self.headers.get("Host", "") + " " + self.path + "\\n")
                with open(table) as source:
                    answer = json.load(source).get(self.path)
                if answer is None:
                    answer = {"status": 404, "headers": [], "body": ""}
                body = bytes.fromhex(answer["body"])
                self.send_response(answer["status"])
                for name, value in answer["headers"]:
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *arguments):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    /// Starts a server that answers 404 to everything until ``serve(_:)`` is called.
    public init() throws {
        folder = TemporaryDirectory("loopback-http")
        try Data("{}".utf8).write(to: folder.url("table.json"))
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, folder.path("table.json"), folder.path("requests.log")]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0A]) { line += byte }
        guard let port = UInt16(String(decoding: line, as: UTF8.self)) else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the loopback server did not start"])
        }
        self.port = port
    }

    deinit {
        // SIGKILL: the test runner's threads may block SIGTERM, and the server inherits that mask.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Answers each path of `table` with its answer from now on (other paths: 404).
    public func serve(_ table: [String: Answer]) throws {
        var json: [String: Any] = [:]
        for (path, answer) in table {
            json[path] = ["status": answer.status, "headers": answer.headers.map { [$0.0, $0.1] }, "body": answer.body.map { String(format: "%02x", $0) }.joined()]
        }
        let data = try JSONSerialization.data(withJSONObject: json)
        let temporary = folder.path("table.json.new")
        try data.write(to: URL(fileURLWithPath: temporary))
        _ = rename(temporary, folder.path("table.json"))
    }

    /// The requests received so far, as `Host path` lines.
    public var requests: [String] {
        ((try? String(contentsOfFile: folder.path("requests.log"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}

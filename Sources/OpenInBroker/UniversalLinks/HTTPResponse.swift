/// An HTTP response as an association file download received it: the status, the header
/// fields of the final header block, and the body (bounded by the download).
public struct HTTPResponse: Sendable, Equatable {
    /// The status code (`200`, `301`, `404` …).
    public var status: Int
    /// The header fields in order, names in lower case.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name` (case-insensitive), if any.
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name == lower }?.value
    }

    /// Equal status, headers and body.
    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body && lhs.headers.count == rhs.headers.count
            && zip(lhs.headers, rhs.headers).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Splits what `curl --include` writes: header blocks (interim `1xx` blocks skipped), then
    /// the body. Returns `nil` when no complete header block is found within `headerLimit` bytes.
    static func parse(included bytes: [UInt8], headerLimit: Int = 16 * 1024) -> HTTPResponse? {
        var start = 0
        while true {
            guard let (head, bodyStart) = headerBlock(bytes, from: start, limit: headerLimit) else { return nil }
            let lines = String(decoding: head, as: UTF8.self).split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/") else { return nil }
            let fields = statusLine.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let status = Int(fields[1]), (100...599).contains(status) else { return nil }
            if (100...199).contains(status) {
                start = bodyStart
                continue
            }
            var headers: [(name: String, value: String)] = []
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
                headers.append((line[..<colon].lowercased(), String(value).trimmingTrailingBlanks))
            }
            return HTTPResponse(status: status, headers: headers, body: Array(bytes[bodyStart...]))
        }
    }

    /// The bytes of one header block starting at `start` and where the body begins.
    private static func headerBlock(_ bytes: [UInt8], from start: Int, limit: Int) -> (ArraySlice<UInt8>, Int)? {
        var index = start
        let end = min(bytes.count, start + limit)
        while index < end {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return (bytes[start..<index], index + 2) }
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A { return (bytes[start..<index], index + 3) }
            }
            index += 1
        }
        return nil
    }
}

extension String {
    /// The text without trailing spaces, tabs and carriage returns.
    fileprivate var trimmingTrailingBlanks: String {
        var text = self
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return text
    }
}

import OpenInBroker
import Testing

private typealias H = HandOverTestHelpers

@Suite("URLRequestValidator")
struct URLRequestValidatorTests {
    @Test("components of valid URLs")
    func components() throws {
        let url = try URLRequestValidator().validate(
            "MyApp+X.1://user:pw@host.example:8080/a/b%20c?id=42&mode=view&id=7&flag#frag/x?y")
        #expect(url.scheme == "myapp+x.1")
        #expect(url.authority == "user:pw@host.example:8080")
        #expect(url.path == "/a/b%20c")
        #expect(url.query == "id=42&mode=view&id=7&flag")
        #expect(url.fragment == "frag/x?y")
        #expect(url.queryItems.map(\.name) == ["id", "mode", "id", "flag"])
        #expect(url.queryItems.map(\.value) == ["42", "view", "7", nil])
        #expect(url.duplicateQueryNames == ["id"])
        #expect(url.values(named: "id") == ["42", "7"])
        #expect(url.string == "myapp+x.1://user:pw@host.example:8080/a/b%20c?id=42&mode=view&id=7&flag#frag/x?y")
    }

    @Test(
        "valid URLs",
        arguments: [
            "myapp:", "myapp:open", "mailto:someone@example.org", "file:///tmp/a%20b.txt", "https://[::1]:443/",
            "https://[v7.fe80::1]/", "x-app://host", "x-app://host/", "x-app:/abs/path", "urn:isbn:0451450523",
            "myapp://open?q=caf%C3%A9&empty=", "myapp://open?", "myapp://a/b.c/..d/d..", "myapp://h/%2e%2e.txt",
            "myapp://h/a+b?x=1+2", "myapp://h:/p", "tel:+1-201-555-0123",
        ])
    func valid(url: String) throws {
        _ = try URLRequestValidator().validate(url)
    }

    @Test("query values are percent-decoded, plus is literal, an empty value differs from no value")
    func queryDecoding() throws {
        let url = try URLRequestValidator().validate("myapp://open?q=caf%C3%A9&p=a+b&e=&n")
        #expect(url.queryItems.map(\.value) == ["café", "a+b", "", nil])
        #expect(url.queryItems[0].encodedValue == "caf%C3%A9")
        #expect(try URLRequestValidator().validate("myapp://open?").queryItems.isEmpty)
    }

    @Test(
        "invalid URLs and their codes",
        arguments: [
            ("myapp://host/" + String(repeating: "a", count: 8192), HandOverError.Code.urlTooLong),
            ("", .invalidScheme), ("no-colon", .invalidScheme), ("1app://x", .invalidScheme), (":x", .invalidScheme),
            ("my_app://x", .invalidScheme), ("my app://x", .invalidCharacter), ("myapp://x/a b", .invalidCharacter),
            ("myapp://x/a\tb", .controlCharacter), ("myapp://x/\u{0}", .controlCharacter),
            ("myapp://x\n", .controlCharacter),
            ("myapp://x/\u{7F}", .controlCharacter), ("myapp://x/café", .nonASCII), ("myapp://x/\u{202E}", .nonASCII),
            ("myapp://x/%", .invalidPercentEncoding), ("myapp://x/%4", .invalidPercentEncoding),
            ("myapp://x/%zz", .invalidPercentEncoding), ("myapp://x?q=%G1", .invalidPercentEncoding),
            ("myapp://x/%00", .encodedNul), ("myapp://x?q=a%00b", .encodedNul), ("myapp://x#%00", .encodedNul),
            ("myapp://x/%0a", .encodedControlCharacter), ("myapp://x?q=%1B[31m", .encodedControlCharacter),
            ("myapp://x/%7f", .encodedControlCharacter),
            ("myapp://x/a%2Fb", .encodedPathSeparator), ("myapp://x/%2e%2e%2fetc", .encodedPathSeparator),
            ("myapp://x/a%5cb", .encodedPathSeparator),
            ("myapp://x/../etc", .pathTraversal), ("myapp://x/%2e%2e/etc", .pathTraversal),
            ("myapp://x/a/.", .pathTraversal),
            ("myapp://x/.%2E", .pathTraversal), ("myapp:..", .pathTraversal),
            ("myapp://x/a<b", .invalidCharacter), ("myapp://x/\"", .invalidCharacter),
            ("myapp://x/a\\b", .invalidCharacter),
            ("myapp://x/{}", .invalidCharacter), ("myapp://x/a#b#c", .invalidCharacter),
            ("myapp://x/[", .invalidCharacter),
            ("myapp://ho st", .invalidCharacter), ("myapp://h:99999/", .invalidAuthority),
            ("myapp://h:8a/", .invalidAuthority),
            ("myapp://[::1/", .invalidAuthority), ("myapp://[zz]/", .invalidAuthority),
            ("myapp://h/?a&&b", .invalidQuery),
            ("myapp://h/?a=1&", .invalidQuery), ("myapp://h/?=v", .invalidQuery), ("myapp://h/?a=b=c", .invalidQuery),
            ("myapp://h/?q=%C3", .invalidUTF8), ("myapp://h/?q=%FF%FE", .invalidUTF8),
        ])
    func invalid(url: String, code: HandOverError.Code) {
        H.expectError(code) { try URLRequestValidator().validate(url) }
    }

    @Test("the length limit is configurable and counts bytes")
    func lengthLimit() throws {
        let validator = URLRequestValidator(maximumLength: 20)
        _ = try validator.validate("myapp://0123456789ab")
        H.expectError(.urlTooLong) { try validator.validate("myapp://0123456789abc") }
    }

    @Test("the scheme allow-list is case-insensitive")
    func allowList() throws {
        let validator = URLRequestValidator(allowedSchemes: ["MyApp"])
        #expect(try validator.validate("MYAPP://x").scheme == "myapp")
        let error = H.expectError(.schemeNotAllowed) { try validator.validate("other://x") }
        #expect(error?.value == "other")
    }
}

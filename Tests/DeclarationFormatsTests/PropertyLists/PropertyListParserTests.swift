import Testing

@testable import DeclarationFormats

@Suite("Property lists")
struct PropertyListParserTests {
    static let sampleXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <!-- a comment -->
        <dict>
        \t<key>Name</key>
        \t<string>Caf\u{E9} &amp; &lt;Bar&gt; &#x1F600; &#65;</string>
        \t<key>Empty</key>
        \t<string/>
        \t<key>CDATA</key>
        \t<string><![CDATA[<not markup> & raw]]></string>
        \t<key>Count</key>
        \t<integer>-42</integer>
        \t<key>Big</key>
        \t<integer>9223372036854775807</integer>
        \t<key>Hex</key>
        \t<integer>0x1F</integer>
        \t<key>Pi</key>
        \t<real>3.25</real>
        \t<key>Yes</key>
        \t<true/>
        \t<key>No</key>
        \t<false />
        \t<key>When</key>
        \t<date>2001-01-02T00:00:01Z</date>
        \t<key>Blob</key>
        \t<data>
        \tSGVsbG8s
        \tIFdvcmxkIQ==
        \t</data>
        \t<key>List</key>
        \t<array>
        \t\t<string>a</string>
        \t\t<array/>
        \t\t<dict><key>k</key><integer>300</integer></dict>
        \t\t<integer>70000</integer>
        \t</array>
        \t<key>Long</key>
        \t<string>0123456789abcdefghij</string>
        </dict>
        </plist>
        """

    static let expected: PropertyListValue = .dictionary([
        "Name": .string("Caf\u{E9} & <Bar> \u{1F600} A"),
        "Empty": .string(""),
        "CDATA": .string("<not markup> & raw"),
        "Count": .integer(-42),
        "Big": .integer(Int64.max),
        "Hex": .integer(31),
        "Pi": .real(3.25),
        "Yes": .bool(true),
        "No": .bool(false),
        "When": .date(86_401),
        "Blob": .data(Array("Hello, World!".utf8)),
        "List": .array([.string("a"), .array([]), .dictionary(["k": .integer(300)]), .integer(70000)]),
        "Long": .string("0123456789abcdefghij"),
    ])

    @Test func xmlPropertyListDecodesEveryKind() throws {
        let value = try PropertyListParser.parse(Array(Self.sampleXML.utf8), source: "sample.plist")
        #expect(value == Self.expected)
        #expect(value.dictionaryValue?.keys.first == "Name", "document order is kept")
        #expect(value.dictionaryValue?.keys.last == "Long")
    }

    @Test func byteOrderMarkAndBareValueAreAccepted() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<plist><string>x</string></plist>".utf8)
        #expect(try PropertyListParser.parse(bytes, source: "bom.plist") == .string("x"))
        #expect(
            try PropertyListParser.parse(Array("<array><true/></array>".utf8), source: "bare") == .array([.bool(true)]))
    }

    @Test func binaryRoundTripMatchesXML() throws {
        let fromXML = try PropertyListParser.parse(Array(Self.sampleXML.utf8), source: "sample.plist")
        let binary = BinaryPropertyListWriter.encode(fromXML)
        #expect(try PropertyListParser.detectFormat(binary, source: "b") == .binary)
        let fromBinary = try PropertyListParser.parse(binary, source: "sample.bplist")
        #expect(fromBinary == fromXML)
        #expect(fromBinary.dictionaryValue?.keys == fromXML.dictionaryValue?.keys)
        let viaPointer = try binary.withUnsafeBytes { try PropertyListParser.parse($0, source: "raw") }
        #expect(viaPointer == fromXML)
    }

    @Test func binarySetsAndUIDsMapLikeCoreFoundation() throws {
        // object 0: set {1, 2}; 1: int 7; 2: UID 5
        let file = BinaryPropertyListWriter.assemble(
            objects: [[0xC2, 1, 2], [0x10, 7], [0x80, 5]], top: 0, referenceSize: 1)
        #expect(
            try PropertyListParser.parse(file, source: "set.bplist")
                == .array([.integer(7), .dictionary(["CF$UID": .integer(5)])]))
    }

    @Test func truncatedXMLAlwaysThrows() throws {
        let bytes = Array(Self.sampleXML.utf8)
        for length in 0..<bytes.count {
            #expect(throws: CatalogFormatError.self, "prefix of \(length) bytes") {
                try PropertyListParser.parse(Array(bytes.prefix(length)), source: "cut.plist")
            }
        }
    }

    @Test func truncatedBinaryAlwaysThrows() throws {
        let value = try PropertyListParser.parse(Array(Self.sampleXML.utf8), source: "sample.plist")
        let bytes = BinaryPropertyListWriter.encode(value)
        for length in 0..<bytes.count {
            #expect(throws: CatalogFormatError.self, "prefix of \(length) bytes") {
                try PropertyListParser.parse(Array(bytes.prefix(length)), source: "cut.bplist")
            }
        }
    }

    @Test func corruptedBinaryNeverTraps() throws {
        let value = try PropertyListParser.parse(Array(Self.sampleXML.utf8), source: "sample.plist")
        let bytes = BinaryPropertyListWriter.encode(value)
        // Flip every byte to a few values; any result or a typed error is fine, a trap is not.
        for index in bytes.indices {
            for replacement: UInt8 in [0x00, 0x0F, 0x7F, 0xFF] {
                var corrupted = bytes
                corrupted[index] = replacement
                _ = try? PropertyListParser.parse(corrupted, source: "corrupt.bplist")
            }
        }
    }

    @Test func textSplitByManyCommentsStaysLinear() throws {
        let document =
            "<plist><string>" + String(repeating: "a<!-- c --><![CDATA[b]]>", count: 50_000) + "</string></plist>"
        let value = try PropertyListParser.parse(Array(document.utf8), source: "split.plist")
        #expect(value.stringValue?.utf8.count == 100_000)
    }

    @Test func corruptedXMLNeverTraps() {
        let bytes = Array(Self.sampleXML.utf8)
        for index in stride(from: 0, to: bytes.count, by: 2) {
            for replacement in "<>&/!?;#x]".utf8 {
                var corrupted = bytes
                corrupted[index] = replacement
                _ = try? PropertyListParser.parse(corrupted, source: "corrupt.plist")
            }
        }
    }

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE plist [
          <!ENTITY lol "lol">
          <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
        ]>
        <plist><dict><key>CFBundleName</key><string>&lol9;</string></dict></plist>
        """

    @Test(arguments: [
        billionLaughs,
        """
        <?xml version="1.0"?>
        <!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
        <plist><string>&xxe;</string></plist>
        """,
        "<plist><string>x</string></plist><!ENTITY late \"x\">",
    ])
    func entityDeclarationsAreRefused(document: String) {
        let error = #expect(throws: CatalogFormatError.self) {
            try PropertyListParser.parse(Array(document.utf8), source: "evil.plist")
        }
        #expect(error?.code == .unsupportedXML)
        #expect(error?.reason == "entity declarations are not supported")
        #expect(error?.key == "<!ENTITY>")
        #expect(error?.line != nil)
    }

    @Test func undeclaredEntityReferencesAreRefused() {
        let error = #expect(throws: CatalogFormatError.self) {
            try PropertyListParser.parse(
                Array("<plist><dict><key>A</key><string>&nbsp;</string></dict></plist>".utf8), source: "nbsp.plist")
        }
        #expect(error?.code == .unsupportedXML)
        #expect(error?.key == "&nbsp;")
    }

    @Test func deepXMLNestingIsRefused() {
        let depth = 600
        let document =
            "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            + "</plist>"
        let error = #expect(throws: CatalogFormatError.self) {
            try PropertyListParser.parse(Array(document.utf8), source: "deep.plist")
        }
        #expect(error?.code == .limitExceeded)
        // 512 levels are fine.
        let allowed =
            "<plist>" + String(repeating: "<array>", count: 512) + String(repeating: "</array>", count: 512)
            + "</plist>"
        #expect(throws: Never.self) { try PropertyListParser.parse(Array(allowed.utf8), source: "ok.plist") }
    }

    @Test func deepBinaryNestingIsRefused() {
        let depth = 600
        var objects = (0..<depth).map { BinaryPropertyListWriter.arrayObject([$0 + 1], referenceSize: 2) }
        objects.append([0xA0])
        let file = BinaryPropertyListWriter.assemble(objects: objects, top: 0, referenceSize: 2)
        let error = #expect(throws: CatalogFormatError.self) {
            try PropertyListParser.parse(file, source: "deep.bplist")
        }
        #expect(error?.code == .limitExceeded)
    }

    @Test(arguments: [
        // An array containing itself.
        [BinaryPropertyListWriter.arrayObject([0])],
        // A dictionary whose value is an array containing the dictionary.
        [[0xD1, 1, 2], [0x51, UInt8(ascii: "k")], BinaryPropertyListWriter.arrayObject([0])],
    ])
    func cyclicBinaryIsRefused(objects: [[UInt8]]) {
        let file = BinaryPropertyListWriter.assemble(objects: objects, top: 0, referenceSize: 1)
        let error = #expect(throws: CatalogFormatError.self) {
            try PropertyListParser.parse(file, source: "cycle.bplist")
        }
        #expect(error?.code == .malformedPropertyList)
        #expect(error?.reason.contains("cycle") == true)
    }

    @Test func sharedReferencesAreRefusedByWhatTheyExpandTo() throws {
        // Two references to the same child per level, 22 levels: a ~200-byte file that expands to
        // 2^23 values. With the default limits it must be refused, not walked.
        var objects = (0..<22).map { BinaryPropertyListWriter.arrayObject([$0 + 1, $0 + 1]) }
        objects.append([0x10, 1])
        let file = BinaryPropertyListWriter.assemble(objects: objects, top: 0, referenceSize: 1)
        #expect(file.count < 200)
        let error = try #require(throws: CatalogFormatError.self) { try PropertyListParser.parse(file, source: "bomb.bplist") }
        #expect(error.code == .limitExceeded)
        #expect(error.reason.contains("expands to more than"))
        #expect(error.source == "bomb.bplist")
    }

    @Test func sharedObjectsAreDecodedOnce() throws {
        // 16 levels of shared references: 17 objects to decode, 2^17 values when expanded. Each
        // array is charged 16 bytes plus 8 per reference (32 here): a budget of 1 KiB covers the 17
        // objects decoded once, but not the 2^16 arrays of decoding them at every reference.
        var objects = (0..<16).map { BinaryPropertyListWriter.arrayObject([$0 + 1, $0 + 1]) }
        objects.append([0x10, 7])
        let file = BinaryPropertyListWriter.assemble(objects: objects, top: 0, referenceSize: 1)
        let value = try PropertyListParser.parse(file, source: "dag.bplist", limits: CatalogFormatLimits(maximumDecodedSize: 1024))
        var level = value
        for _ in 0..<16 {
            guard case .array(let elements) = level, elements.count == 2, elements[0] == elements[1] else {
                Issue.record("level is not a pair of equal arrays")
                return
            }
            level = elements[0]
        }
        #expect(level == .integer(7))
    }

    @Test func sharedObjectsAreBoundedByTheDecodedSizeBudget() throws {
        // 40 levels of arrays that reference the next level twice: 2^40 leaves from a tiny file.
        var objects = (0..<40).map { BinaryPropertyListWriter.arrayObject([$0 + 1, $0 + 1]) }
        objects.append([0x10, 1])
        let file = BinaryPropertyListWriter.assemble(objects: objects, top: 0, referenceSize: 1)
        let error = #expect(throws: CatalogFormatError.self) {
            try PropertyListParser.parse(
                file, source: "bomb.bplist", limits: CatalogFormatLimits(maximumDecodedSize: 1 << 20))
        }
        #expect(error?.code == .limitExceeded)
        // A little sharing is fine.
        let small = BinaryPropertyListWriter.assemble(
            objects: [BinaryPropertyListWriter.arrayObject([1, 1]), [0x10, 1]], top: 0, referenceSize: 1)
        #expect(try PropertyListParser.parse(small, source: "dag.bplist") == .array([.integer(1), .integer(1)]))
    }

    @Test(arguments: [
        (
            "bplist00 with object count larger than the limit",
            { () -> [UInt8] in
                var file = BinaryPropertyListWriter.assemble(objects: [[0x09]], top: 0, referenceSize: 1)
                let trailer = file.count - 32
                file.replaceSubrange(
                    (trailer + 8)..<(trailer + 16), with: BinaryPropertyListWriter.bigEndian(UInt64.max, size: 8))
                return file
            }(), CatalogFormatError.Code.limitExceeded
        ),
        (
            "offset size 0",
            { () -> [UInt8] in
                var file = BinaryPropertyListWriter.assemble(objects: [[0x09]], top: 0, referenceSize: 1)
                file[file.count - 26] = 0
                return file
            }(), .malformedPropertyList
        ),
        (
            "reference size 9",
            { () -> [UInt8] in
                var file = BinaryPropertyListWriter.assemble(objects: [[0x09]], top: 0, referenceSize: 1)
                file[file.count - 25] = 9
                return file
            }(), .malformedPropertyList
        ),
        (
            "reference beyond the objects",
            BinaryPropertyListWriter.assemble(
                objects: [BinaryPropertyListWriter.arrayObject([7])], top: 0, referenceSize: 1), .malformedPropertyList
        ),
        (
            "string longer than the file",
            BinaryPropertyListWriter.assemble(
                objects: [[0x5F, 0x13] + BinaryPropertyListWriter.bigEndian(1 << 40, size: 8)], top: 0, referenceSize: 1
            ),
            .malformedPropertyList
        ),
        (
            "null object", BinaryPropertyListWriter.assemble(objects: [[0x00]], top: 0, referenceSize: 1),
            .unsupportedPropertyList
        ),
        ("version 15", Array("bplist15".utf8) + [UInt8](repeating: 0, count: 40), .unsupportedPropertyList),
        (
            "dictionary key that is not a string",
            BinaryPropertyListWriter.assemble(
                objects: [[0xD1, 1, 1], [0x10, 1]], top: 0, referenceSize: 1), .malformedPropertyList
        ),
    ])
    func hostileBinaryIsRefused(label: String, file: [UInt8], code: CatalogFormatError.Code) {
        let error = #expect(throws: CatalogFormatError.self, "\(label)") {
            try PropertyListParser.parse(file, source: "hostile.bplist")
        }
        #expect(error?.code == code, "\(label)")
        #expect(error?.source == "hostile.bplist")
    }

    @Test(
        arguments: [
            ("<plist><dict><key>A</key></dict></plist>", "A", "has no value"),
            ("<plist><dict><string>x</string></dict></plist>", nil, "without a <key>"),
            ("<plist><dict><key>N</key><integer>12x</integer></dict></plist>", "N", "invalid <integer>"),
            (
                "<plist><dict><key>N</key><integer>99999999999999999999</integer></dict></plist>", "N",
                "invalid <integer>"
            ),
            ("<plist><dict><key>D</key><date>2001-13-01T00:00:00Z</date></dict></plist>", "D", "invalid <date>"),
            ("<plist><dict><key>B</key><data>!!!!</data></dict></plist>", "B", "invalid <data>"),
            ("<plist><dict><key>T</key><array><foo/></array></dict></plist>", "T[0]", "unknown element <foo>"),
            ("<plist><dict><key>T</key><string>a<b/></string></dict></plist>", "T", "unexpected element <b>"),
            ("<plist><dict><key>T</key><string>a</strin></dict></plist>", "T", "does not match"),
            ("<plist><string>a</string><string>b</string></plist>", nil, "more than one top-level value"),
            ("<plist></plist>", nil, "holds no value"),
            ("<plist><true>x</true></plist>", nil, "must be empty"),
            ("<plist a='1' a='2'><true/></plist>", nil, "appears twice"),
            ("<plist><string>a</string></plist><plist/>", nil, "second root element"),
            ("<plist><string>&#0;</string></plist>", nil, "not an allowed XML character"),
        ] as [(String, String?, String)])
    func malformedXMLNamesKeyAndReason(document: String, key: String?, reason: String) {
        let error = #expect(throws: CatalogFormatError.self) {
            try PropertyListParser.parse(Array(document.utf8), source: "bad.plist")
        }
        if let key { #expect(error?.key == key, "\(String(describing: error))") }
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
        #expect(error?.line == 1)
        #expect(error?.description.hasPrefix("bad.plist:1: ") == true)
    }

    @Test func otherFormatsAreRefused() {
        #expect(throws: CatalogFormatError.self) { try PropertyListParser.parse([], source: "empty") }
        let openStep = #expect(throws: CatalogFormatError.self) {
            try PropertyListParser.parse(Array("{ a = b; }".utf8), source: "old.plist")
        }
        #expect(openStep?.code == .unsupportedPropertyList)
        let utf16 = #expect(throws: CatalogFormatError.self) {
            try PropertyListParser.parse([0xFF, 0xFE, 0x3C, 0x00], source: "u16.plist")
        }
        #expect(utf16?.code == .unsupportedPropertyList)
        let latin1 = #expect(throws: CatalogFormatError.self) {
            try PropertyListParser.parse(
                Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><true/></plist>".utf8), source: "l1.plist")
        }
        #expect(latin1?.code == .unsupportedXML)
        let tooLarge = #expect(throws: CatalogFormatError.self) {
            try PropertyListParser.parse(
                Array("<plist><true/></plist>".utf8), source: "big.plist",
                limits: CatalogFormatLimits(maximumDocumentSize: 8))
        }
        #expect(tooLarge?.code == .limitExceeded)
    }

    @Test func duplicateKeysKeepFirstPositionAndLastValue() throws {
        let value = try PropertyListParser.parse(
            Array(
                "<plist><dict><key>a</key><integer>1</integer><key>b</key><true/><key>a</key><integer>2</integer></dict></plist>"
                    .utf8),
            source: "dup.plist")
        #expect(value.dictionaryValue?.keys == ["a", "b"])
        #expect(value["a"] == .integer(2))
    }

    @Test(arguments: [
        ("2001-01-01T00:00:00Z", 0.0), ("2000-12-31T23:59:59Z", -1.0), ("1970-01-01T00:00:00Z", -978_307_200.0),
        ("2024-02-29T12:00:00Z", 730_900_800.0), ("2001-01-01", 0.0), ("2001-01-01T00:00:00.5Z", 0.5),
    ])
    func datesAreSecondsSince2001(text: String, seconds: Double) {
        #expect(PropertyListXMLReader.parseDate(text) == seconds)
    }

    @Test func realsAcceptCoreFoundationSpellings() {
        #expect(PropertyListXMLReader.parseReal("nan")?.isNaN == true)
        #expect(PropertyListXMLReader.parseReal("+infinity") == .infinity)
        #expect(PropertyListXMLReader.parseReal("-infinity") == -.infinity)
        #expect(PropertyListXMLReader.parseReal(" 1e3 ") == 1000)
        #expect(PropertyListXMLReader.parseReal("") == nil)
        #expect(PropertyListXMLReader.parseInteger("-9223372036854775808") == Int64.min)
    }
}

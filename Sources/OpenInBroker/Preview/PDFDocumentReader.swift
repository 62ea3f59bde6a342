/// Reads a PDF's structure the way a viewer finds it — `startxref`, the cross-reference
/// sections (tables and PDF 1.5 cross-reference streams, following `/Prev` and `/XRefStm`),
/// objects at their offsets or inside object streams — for the facts a preview states: page
/// count, first page size and title.
///
/// Bounds: every byte comes through the preview's budget (or from the file already read whole),
/// at most ``maximumSections`` sections, ``maximumStreamBytes`` of stream data per stream,
/// ``maximumObjectWindow`` bytes per object, one shared step budget for all syntax, a reference
/// chain of at most ``maximumReferenceHops``, a page-tree descent of at most
/// ``maximumTreeDepth`` and no object resolved inside its own resolution. Any broken structure
/// gives `nil` facts, never a trap; the caller then falls back to scanning plain text.
final class PDFDocumentReader {
    enum Location: Equatable {
        case offset(Int)
        case compressed(stream: Int, index: Int)
    }

    /// The facts read.
    struct Facts {
        var pageCount: Int?
        var title: String?
        var pageWidth: Double?
        var pageHeight: Double?
        var encrypted = false
        /// Whether the newest cross-reference section is a stream (PDF 1.5).
        var usesCrossReferenceStreams = false
    }

    static let maximumSections = 64
    static let maximumStreamBytes = 4 << 20
    static let maximumObjectWindow = 64 * 1024
    static let maximumReferenceHops = 8
    static let maximumTreeDepth = 64
    static let maximumEntries = 2_000_000
    static let maximumObjectStreamObjects = 100_000

    private let source: PreviewSource
    private let whole: [UInt8]?
    private let size: Int
    private var steps: Int
    private var locations: [Int: Location] = [:]
    private var trailer: [String: PDFValue] = [:]
    private var objectStreams: [Int: (bytes: [UInt8], first: Int, entries: [(number: Int, offset: Int)])] = [:]
    private var objects: [Int: PDFValue] = [:]
    private var inProgress: Set<Int> = []

    /// A reader over `source`; `whole` is the whole file when it was already read.
    init(source: PreviewSource, whole: [UInt8]?, steps: Int) {
        self.source = source
        self.whole = whole
        self.size = Int(clamping: source.size)
        self.steps = steps
    }

    /// The facts, or `nil` when the cross-reference structure cannot be followed.
    func facts() throws(HandOverError) -> Facts? {
        guard let usesStreams = try loadCrossReferences() else { return nil }
        var facts = Facts()
        facts.usesCrossReferenceStreams = usesStreams
        facts.encrypted = trailer["Encrypt"] != nil
        guard let root = try resolve(trailer["Root"]), let pages = try resolve(root["Pages"]), pages.dictionary != nil else {
            return facts
        }
        if let count = try resolve(pages["Count"])?.integer, count >= 0, count <= 10_000_000 { facts.pageCount = count }
        if let box = try firstPageMediaBox(pages) {
            facts.pageWidth = box.width
            facts.pageHeight = box.height
        }
        if !facts.encrypted, let info = try resolve(trailer["Info"]), case .string(let bytes)? = try resolve(info["Title"]) {
            facts.title = DocumentPreview.PDF.decodeTextString(bytes)
        }
        return facts
    }

    // MARK: Bytes

    private func bytes(at offset: Int, count: Int) throws(HandOverError) -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        let end = min(size, offset + count)
        if let whole { return Array(whole[offset..<min(end, whole.count)]) }
        return try source.read(at: Int64(offset), count: end - offset).bytes
    }

    // MARK: Cross-reference sections

    /// Loads every section from `startxref` back; `nil` when there is none, else whether the
    /// newest is a stream.
    private func loadCrossReferences() throws(HandOverError) -> Bool? {
        let tailLength = min(size, 2048)
        let tail = try bytes(at: size - tailLength, count: tailLength)
        guard let found = PreviewBytes(tail).lastIndex(of: Array("startxref".utf8)) else { return nil }
        var syntax = PDFSyntax(tail, at: found + 9, steps: 4)
        guard var next = syntax.unsignedInteger() else { return nil }
        var visited: Set<Int> = []
        var newestIsStream: Bool?
        while visited.count < PDFDocumentReader.maximumSections, visited.insert(next).inserted {
            guard let (dictionary, isStream) = try section(at: next) else { break }
            if newestIsStream == nil { newestIsStream = isStream }
            for (key, value) in dictionary where trailer[key] == nil && key != "Prev" && key != "XRefStm" { trailer[key] = value }
            if let hybrid = dictionary["XRefStm"]?.integer, visited.insert(hybrid).inserted { _ = try section(at: hybrid) }
            guard let previous = dictionary["Prev"]?.integer else { break }
            next = previous
        }
        return locations.isEmpty ? nil : newestIsStream
    }

    /// One section at `offset`: a table and its trailer, or a cross-reference stream.
    private func section(at offset: Int) throws(HandOverError) -> ([String: PDFValue], Bool)? {
        let probeLength = 16 * 1024
        let probe = try bytes(at: offset, count: probeLength)
        var syntax = PDFSyntax(probe, steps: steps)
        if syntax.keyword("xref") {
            // A table takes 20 bytes per object: read on when the probe was not the file's end.
            if probe.count == probeLength {
                syntax = PDFSyntax(try bytes(at: offset, count: 4 * PDFDocumentReader.maximumObjectWindow), steps: steps)
                _ = syntax.keyword("xref")
            }
            defer { steps = syntax.steps }
            return table(&syntax).map { ($0, false) }
        }
        guard let (dictionary, data) = try stream(at: offset, directLengthOnly: true), dictionary["Type"]?.name == "XRef",
            let entries = dictionary.dictionary
        else { return nil }
        crossReferenceStream(dictionary, data: data)
        return (entries, true)
    }

    private func table(_ syntax: inout PDFSyntax) -> [String: PDFValue]? {
        while true {
            if syntax.keyword("trailer") { return syntax.value()?.dictionary }
            guard let first = syntax.unsignedInteger(), let count = syntax.unsignedInteger(),
                count <= PDFDocumentReader.maximumEntries
            else { return nil }
            for entry in 0..<count {
                guard let offset = syntax.unsignedInteger(), syntax.unsignedInteger() != nil else { return nil }
                syntax.skipSpace()
                guard let kind = syntax.byte(syntax.index) else { return nil }
                syntax.index += 1
                if kind == UInt8(ascii: "n"), locations.count < PDFDocumentReader.maximumEntries, locations[first + entry] == nil {
                    locations[first + entry] = .offset(offset)
                }
            }
        }
    }

    private func crossReferenceStream(_ dictionary: PDFValue, data: [UInt8]) {
        guard let widths = dictionary["W"]?.array?.compactMap(\.integer), widths.count == 3, widths.allSatisfy({ (0...8).contains($0) }),
            let decoded = PDFStreamDecoding.decode(data, dictionary: dictionary)
        else { return }
        let entryLength = widths.reduce(0, +)
        guard entryLength > 0 else { return }
        var ranges = dictionary["Index"]?.array?.compactMap(\.integer) ?? []
        if ranges.isEmpty, let count = dictionary["Size"]?.integer { ranges = [0, count] }
        var position = 0
        func field(_ width: Int, at start: Int) -> Int {
            var value = 0
            for index in start..<start + width { value = value << 8 | Int(decoded[index]) }
            return value
        }
        for pair in stride(from: 0, to: ranges.count - 1, by: 2) {
            let first = ranges[pair]
            guard first >= 0, ranges[pair + 1] >= 0 else { return }
            for entry in 0..<ranges[pair + 1] {
                guard position + entryLength <= decoded.count, locations.count < PDFDocumentReader.maximumEntries else { return }
                let type = widths[0] == 0 ? 1 : field(widths[0], at: position)
                let second = field(widths[1], at: position + widths[0])
                let third = field(widths[2], at: position + widths[0] + widths[1])
                position += entryLength
                let number = first + entry
                guard locations[number] == nil else { continue }
                switch type {
                case 1: locations[number] = .offset(second)
                case 2: locations[number] = .compressed(stream: second, index: third)
                default: break
                }
            }
        }
    }

    // MARK: Objects

    /// The stream object at `offset`: its dictionary and its raw (still encoded) data.
    private func stream(at offset: Int, directLengthOnly: Bool = false) throws(HandOverError) -> (PDFValue, [UInt8])? {
        let window = try bytes(at: offset, count: 16 * 1024)
        var syntax = PDFSyntax(window, steps: steps)
        defer { steps = syntax.steps }
        guard syntax.objectHeader() != nil, let dictionary = syntax.value(), dictionary.dictionary != nil, syntax.keyword("stream") else {
            return nil
        }
        var start = syntax.index
        if syntax.byte(start) == 0x0D { start += 1 }
        if syntax.byte(start) == 0x0A { start += 1 }
        let lengthValue = directLengthOnly ? dictionary["Length"] : try resolve(dictionary["Length"])
        guard let length = lengthValue?.integer, length >= 0, length <= PDFDocumentReader.maximumStreamBytes else { return nil }
        return (dictionary, try bytes(at: offset + start, count: length))
    }

    /// Follows references (at most ``maximumReferenceHops``) to a direct value.
    private func resolve(_ value: PDFValue?) throws(HandOverError) -> PDFValue? {
        var current = value
        for _ in 0..<PDFDocumentReader.maximumReferenceHops {
            guard let reference = current?.reference else { return current }
            current = try object(reference.number)
        }
        return nil
    }

    /// Object `number`, from its offset or its object stream.
    private func object(_ number: Int) throws(HandOverError) -> PDFValue? {
        if let known = objects[number] { return known }
        guard let location = locations[number], inProgress.count < 16, inProgress.insert(number).inserted else { return nil }
        defer { inProgress.remove(number) }
        let value: PDFValue?
        switch location {
        case .offset(let offset):
            let window = try bytes(at: offset, count: PDFDocumentReader.maximumObjectWindow)
            var syntax = PDFSyntax(window, steps: steps)
            value = syntax.objectHeader()?.number == number ? syntax.value() : nil
            steps = syntax.steps
        case .compressed(let streamNumber, let index):
            value = try compressedObject(number, in: streamNumber, index: index)
        }
        if let value { objects[number] = value }
        return value
    }

    private func compressedObject(_ number: Int, in streamNumber: Int, index: Int) throws(HandOverError) -> PDFValue? {
        if objectStreams[streamNumber] == nil {
            guard case .offset(let offset)? = locations[streamNumber], inProgress.insert(streamNumber).inserted else { return nil }
            defer { inProgress.remove(streamNumber) }
            guard let (dictionary, data) = try stream(at: offset), dictionary["Type"]?.name == "ObjStm",
                let count = dictionary["N"]?.integer, let first = dictionary["First"]?.integer,
                (0...PDFDocumentReader.maximumObjectStreamObjects).contains(count), first >= 0,
                let decoded = PDFStreamDecoding.decode(data, dictionary: dictionary)
            else { return nil }
            var syntax = PDFSyntax(decoded, steps: steps)
            var entries: [(number: Int, offset: Int)] = []
            for _ in 0..<count {
                guard let objectNumber = syntax.unsignedInteger(), let objectOffset = syntax.unsignedInteger() else { break }
                entries.append((objectNumber, objectOffset))
            }
            steps = syntax.steps
            objectStreams[streamNumber] = (decoded, first, entries)
        }
        guard let objectStream = objectStreams[streamNumber], index >= 0, index < objectStream.entries.count,
            objectStream.entries[index].number == number
        else { return nil }
        var syntax = PDFSyntax(objectStream.bytes, at: objectStream.first + objectStream.entries[index].offset, steps: steps)
        defer { steps = syntax.steps }
        return syntax.value()
    }

    // MARK: Page tree

    /// The `/MediaBox` of the first page, inherited down the page tree.
    private func firstPageMediaBox(_ pages: PDFValue) throws(HandOverError) -> (width: Double, height: Double)? {
        var node = pages
        var box = try resolve(node["MediaBox"])
        for _ in 0..<PDFDocumentReader.maximumTreeDepth {
            if node["Type"]?.name == "Page" { break }
            guard let kids = try resolve(node["Kids"])?.array, let first = kids.first, let child = try resolve(first),
                child.dictionary != nil
            else { break }
            node = child
            if let own = try resolve(node["MediaBox"]) { box = own }
        }
        guard let corners = box?.array, corners.count == 4 else { return nil }
        var numbers: [Double] = []
        for corner in corners {
            guard let number = try resolve(corner)?.number else { return nil }
            numbers.append(number)
        }
        let width = abs(numbers[2] - numbers[0])
        let height = abs(numbers[3] - numbers[1])
        guard width.isFinite, height.isFinite, width > 0, height > 0, width < 1e7, height < 1e7 else { return nil }
        return (width, height)
    }
}

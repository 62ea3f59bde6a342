import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

/// CSV and TSV placed by the shape of their records (every record with the same number of
/// commas or tabs) are as specific as a magic rule's guess: the text classifier, whose
/// statistical answers replace only plain text, does not read them as a language.
@Suite("Delimited text against the text classifier")
struct DelimitedTextTests {
    let resolver = TypeResolver()

    /// A GPS track as a drone's logger writes it: sample number, seconds, the same as text,
    /// latitude and longitude, separated by `delimiter` (the text classifier reads it as
    /// assembly, two-thirds sure or more).
    static func track(_ delimiter: String) -> String {
        (0..<100).map { index in
            let seconds = 0.3 + Double(index) / 10
            let fields = [
                "\(index + 1)", "\(seconds)", "0m \(seconds)s", "\(-44.69009395 + Double(index) * 0.0000002)",
                "\(170.42456545 - Double(index) * 0.0000001)",
            ]
            return fields.joined(separator: delimiter) + "\n"
        }.joined()
    }

    func resolve(_ text: String, named name: String, mode: ResolutionOptions.Mode) throws -> Resolution {
        let folder = TemporaryDirectory("openwith-delimited")
        return try resolver.resolve(path: try folder.write(name, text: text), options: ResolutionOptions(mode: mode))
    }

    @Test("records that agree in their commas or tabs stay CSV or TSV, under a name no type owns or by content alone", arguments: [
        (",", "text/csv"), ("\t", "text/tab-separated-values"),
    ])
    func delimited(delimiter: String, mime: String) throws {
        let expected = try #require(resolver.graph.type(mimeType: mime))
        for mode in [ResolutionOptions.Mode.nameAndContent, .contentOnly] {
            let resolution = try resolve(Self.track(delimiter), named: "track.gpslog", mode: mode)
            #expect(resolution.type == expected, "\(mode): \(resolution.type.identifier)")
        }
    }
}

import ContentSniffing
import Testing
import UniformTypes

/// A name several text types claim (`.m`: Objective-C or MATLAB) is settled by the content: the
/// text classifier picks the likeliest of the name's types. Text that is not XML does not agree
/// with an XML format the name also names.
@Suite("Ambiguous names of text formats")
struct AmbiguousTextNameTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    static let matlab = """
        function result = smooth_signal(signal, width)
        % SMOOTH_SIGNAL moving average of a signal
            kernel = ones(1, width) / width;
            result = conv(signal, kernel, 'same');
            figure; plot(result); hold on;
            xlabel('sample'); ylabel('value');
        end
        """
    static let objectiveC = """
        #import <Foundation/Foundation.h>

        @interface Greeter : NSObject
        @property (nonatomic, copy) NSString *name;
        - (void)greet;
        @end

        @implementation Greeter
        - (void)greet {
            NSLog(@"Hello, %@", self.name);
        }
        @end
        """

    @Test("the content picks between the types a .m name ties on", arguments: [(matlab, "text/x-matlab"), (objectiveC, "text/x-objcsrc")])
    func dotM(source: String, mime: String) throws {
        let tied = resolver.graph.match(filename: "file.m")
        try #require(tied.isAmbiguous, "*.m names more than one type")
        let expected = try #require(resolver.graph.type(mimeType: mime))
        let resolution = resolver.resolve(bytes: Array(source.utf8), name: "file.m")
        #expect(resolution.type == expected)
        #expect(resolution.evidence.contains { [.textContent, .magicRules].contains($0.source) && $0.identifier == expected.identifier })
    }

    @Test("text that is not XML is not the XML format an ambiguous name also names")
    func notXML() throws {
        // `*.ts` names an MPEG transport stream and Qt Linguist's XML catalogs.
        let types = [resolver.graph.match(filename: "classes.ts").type].compactMap { $0 } + resolver.graph.match(filename: "classes.ts").tiedTypes
        try #require(types.contains { $0.conforms(to: resolver.graph.identity(.xml)) })
        let source = "export class Point {\n  constructor(public x: number, public y: number) {}\n}\n"
        let resolution = resolver.resolve(bytes: Array(source.utf8), name: "classes.ts")
        #expect(!resolution.type.conforms(to: resolver.graph.identity(.xml)))
        #expect(resolution.type.conforms(to: resolver.graph.identity(.text)))
    }

    @Test("text under a name a text format and a binary format tie on is the text format")
    func textOverBinaryTie() throws {
        // `*.vb` names Visual Basic source and Virtual Boy ROMs; a byte order mark hides the
        // Visual Basic magic ("Module" at offset 0).
        let match = resolver.graph.match(filename: "Module1.vb")
        try #require(match.isAmbiguous)
        let visualBasic = try #require(resolver.graph.type(mimeType: "text/x-vb"))
        let source = "\u{FEFF}Module Module1\n    Sub Main()\n        Console.WriteLine(\"Hello\")\n    End Sub\nEnd Module\n"
        let resolution = resolver.resolve(bytes: Array(source.utf8), name: "Module1.vb")
        #expect(resolution.type == visualBasic)
    }

    @Test("an R script named .R is R source, not Rez")
    func rSource() throws {
        let r = try #require(resolver.graph.type(mimeType: "text/x-r"))
        let source = """
            library(ggplot2)
            data <- read.csv("measurements.csv", header = TRUE)
            model <- lm(weight ~ height, data = data)
            summary(model)
            ggplot(data, aes(x = height, y = weight)) + geom_point() + geom_smooth(method = "lm")
            for (i in seq_len(nrow(data))) {
              cat(sprintf("%d: %.2f\\n", i, data$weight[i]))
            }

            """
        let resolution = resolver.resolve(bytes: Array(source.utf8), name: "analysis.R")
        #expect(resolution.type == r)
    }
}

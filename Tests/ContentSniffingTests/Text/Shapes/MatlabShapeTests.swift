@testable import ContentSniffing
import OpenWithTestSupport
import Testing
import UniformTypes

@Suite("MATLAB's comment syntax: C-style comment lines refute a MATLAB reading")
struct MatlabShapeTests {
    func obeys(_ text: String) -> Bool { checkBytes(of: text, MatlabShape.obeysCommentSyntax) }

    @Test("MATLAB and Octave text obeys it, block comments holding anything included")
    func matlabObeys() {
        #expect(obeys("% Compute the mean\nfunction m = average(x)\n  m = sum(x) / numel(x); % inline\nend\n"))
        #expect(obeys("# Octave comment\nx = 1;\n"))
        #expect(obeys("%{\n// a C comment kept in a block\n/* and this */\n%}\ny = 2;\n"))
        #expect(obeys("  %{\n  //indented\n  %}  \n"))
        // A division continued on the next line is not a comment.
        #expect(obeys("x = a ...\n  / b;\n"))
        #expect(obeys(""))
    }

    @Test("A line opening with // or /* outside a block breaks it, indented or not")
    func cCommentsBreak() {
        #expect(!obeys("//\n//  Parser.m\n//\n"))
        #expect(!obeys("/*\n Copyright (c) 2011\n */\n"))
        #expect(!obeys("x = 1;\n    // trailing note\n"))
        // A block opened and closed, then a C comment.
        #expect(!obeys("%{\nnotes\n%}\n/* after */\n"))
        // `%{` with more on its line opens no block.
        #expect(!obeys("%{ not a block\n// comment\n"))
    }

    @Test("An Objective-C .m whose 4 KiB window is a licence header, and MATLAB under the same extension, keep their languages")
    func objectiveCUnderLicence() throws {
        let licence = (1...60).map { "// Copyright line \($0): permission is hereby granted to use, copy and modify this software." }
        let text = "//\n//  Parser.m\n//  Example\n//\n\n/*\n" + licence.joined(separator: "\n") + "\n*/\n\n#import \"Parser.h\"\n"
        #expect(text.utf8.count > 4096, "the code lies past the window")
        let directory = TemporaryDirectory("matlab-or-objc")
        let resolver = TypeResolver()
        let resolution = try resolver.resolve(path: try directory.write("Parser.m", text: text))
        #expect(resolution.type.preferredMIMEType == "text/x-objcsrc", "\(resolution.type.identifier) \(resolution.evidence)")
        // MATLAB under the same extension stays MATLAB.
        let matlab = try directory.write(
            "average.m",
            text: "% Compute the mean of a vector, ignoring NaN values in the input.\nfunction m = average(x)\n  x = x(~isnan(x));\n  m = sum(x) / numel(x);\nend\n")
        #expect(try resolver.resolve(path: matlab).type.preferredMIMEType == "text/x-matlab")
    }
}

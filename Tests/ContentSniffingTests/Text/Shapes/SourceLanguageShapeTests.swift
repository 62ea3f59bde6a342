import ContentSniffing
import Testing

/// Objective-C and Prolog told by the directives that open their lines, through the public
/// classifier and the resolver; and the look-alikes that must not be: C with an `@` in a
/// string, Perl with a ternary, Erlang attributes, prose.
@Suite("Text: Objective-C and Prolog by their directives")
struct SourceLanguageShapeTests {
    let classifier = TextClassifier()
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    func structure(_ text: String) -> String? {
        guard let answer = classifier.classify(text), answer.basis == .structure else { return nil }
        return answer.mimeType
    }

    static let objectiveCHeader = """
        #import <Foundation/Foundation.h>

        @class Connection;

        @interface Request : NSObject {
            NSURL *url;
        }
        - (instancetype)initWithURL:(NSURL *)url;
        @property (nonatomic, readonly) NSInteger status;
        @end

        """

    static let prologModule = """
        :- module(lists_extra, [last_of/2]).
        :- use_module(library(lists)).

        % last_of(+List, -Last)
        last_of([X], X).
        last_of([_|Rest], X) :-
            last_of(Rest, X).

        """

    static let prologClauses = """
        ancestor(X, Y) :-
            parent(X, Y).
        ancestor(X, Y) :-
            parent(X, Z),
            ancestor(Z, Y).

        """

    @Test("Objective-C: an interface closed by @end; a protocol; an implementation; an interface past 64 lines whose @end is past the window; a framework import")
    func objectiveC() {
        let licence = String(repeating: "// Permission is hereby granted, free of charge.\n", count: 70)
        #expect(structure(licence + "@interface Parser : NSObject {\n    NSUInteger depth;\n}\n- (id)parse:(NSString *)text;\n") == "text/x-objcsrc")
        #expect(structure("#import <Foundation/Foundation.h>\n\ntypedef int Depth;\n") == "text/x-objcsrc")
        #expect(structure(Self.objectiveCHeader) == "text/x-objcsrc")
        #expect(structure("@protocol Drawing <NSObject>\n- (void)draw;\n@end\n") == "text/x-objcsrc")
        #expect(structure("#import \"Shape.h\"\n@implementation Shape\n- (void)draw {}\n@end\n") == "text/x-objcsrc")
    }

    @Test("not Objective-C: C with @ in strings and comments, an @interface alone, Java annotations, C frameworks, a subtraction")
    func notObjectiveC() {
        #expect(structure("#include <CoreFoundation/CoreFoundation.h>\n#import \"local.h\"\nint f(void);\n") == nil)
        #expect(structure("int total = a\n- (b * c);\n@interface_like\n") == nil)
        #expect(structure("#include <stdio.h>\nint main(void) {\n    puts(\"@interface\");\n    /* @end */\n    return 0;\n}\n") == nil)
        #expect(structure("@interface Dangling : NSObject\n\n") == nil)
        #expect(structure("@Override\npublic String toString() {\n    return name;\n}\n@end_of_nothing\n") == nil)
    }

    @Test("Prolog: a module with directives, clauses with necks alone")
    func prolog() {
        #expect(structure(Self.prologModule) == "text/x-prolog")
        #expect(structure(Self.prologClauses) == "text/x-prolog")
    }

    @Test("not Prolog: Perl (even with :- in a ternary), Erlang attributes, a single neck, prose")
    func notProlog() {
        let perl = "use strict;\nmy $sign = $x < 0 ? -1 :-1;\nsub parent :-\n    1;\nprint \"done\\n\";\n"
        #expect(structure(perl) == nil)
        #expect(structure("-module(lists_extra).\n-export([last_of/1]).\nlast_of([X]) -> X;\nlast_of([_|T]) -> last_of(T).\n") == nil)
        #expect(structure("only_one(X) :-\n    X > 1.\n") == nil)
        #expect(structure("Dear reader,\nthe smiley :- is not a face.\nYours.\n") == nil)
    }

    @Test("A C header name yields to an Objective-C interface, a Perl name to Prolog directives")
    func namesYield() throws {
        let header = resolver.resolve(bytes: Array(Self.objectiveCHeader.utf8), name: "Request.h")
        #expect(header.type.preferredMIMEType == "text/x-objcsrc")
        let prolog = resolver.resolve(bytes: Array(Self.prologModule.utf8), name: "lists_extra.pl")
        #expect(prolog.type.preferredMIMEType == "text/x-prolog")
        // An ambiguous name (.m: MATLAB, Objective-C, Mathematica …) is settled by the directives too.
        let implementation = resolver.resolve(bytes: Array("#import \"Shape.h\"\n@implementation Shape\n- (void)draw {}\n@end\n".utf8), name: "Shape.m")
        #expect(implementation.type.preferredMIMEType == "text/x-objcsrc")
    }

    @Test("Names keep their language without the directives: C headers, Perl, and plain-text names")
    func namesStand() {
        let cHeader = resolver.resolve(bytes: Array("#ifndef A_H\n#define A_H\nint area(int w, int h);\n#endif\n".utf8), name: "area.h")
        #expect(cHeader.type.preferredMIMEType == "text/x-chdr")
        let perl = resolver.resolve(bytes: Array("use strict;\nmy @parts = split /:/, $ARGV[0];\nprint scalar(@parts), \"\\n\";\n".utf8), name: "count.pl")
        #expect(perl.type.preferredMIMEType == "application/x-perl")
        // Objective-C++ is a kind of Objective-C's superset here: its name stands.
        let mixed = resolver.resolve(bytes: Array(Self.objectiveCHeader.utf8), name: "Request.mm")
        #expect(mixed.type.preferredMIMEType == resolver.graph.match(filename: "Request.mm").type?.preferredMIMEType)
        // A text name that is not a source language is not refuted: notes about Prolog stay notes.
        let notes = resolver.resolve(bytes: Array(Self.prologModule.utf8), name: "notes.txt")
        #expect(notes.type.preferredMIMEType == "text/plain")
    }
}

/// Source languages told by directives that open their lines and that no other common language
/// writes there (every line of the window, which bounds the work):
/// - Objective-C: a class or protocol directive (`@interface Name`, `@implementation Name`,
///   `@protocol Name`) with an `@end` line closing it, an `@property` line or a method
///   declaration (`- (void)run;`, `+ (id)shared`); or `#import` of Apple's Objective-C
///   frameworks (`<Foundation/…>`, `<UIKit/…>`, `<AppKit/…>`, `<Cocoa/…>`). C and C++ have no
///   `@` at all, and their headers include, not import, those frameworks' C counterparts.
/// - Prolog: at least two lines that are directives (`:- module(…)`, `:- use_module(…)`) or
///   clause heads ending with the neck `:-`, at least one of them a directive or two of them
///   heads, and no line opening with Perl's `use`, `my`, `sub` or `package`. Perl, which shares
///   the `.pl` extension, never opens or ends a line with `:-`.
///
/// - make's dependency rules (``MakeDependencyShape``), which compilers write as `foo.d`.
///
/// These also refute a name of another source language (see ``TypeResolver``'s text policy):
/// Objective-C headers are named `.h` like C's, Prolog files `.pl` like Perl's, and make's
/// dependency files `.d` like D's.
enum SourceLanguageShape {
    /// Objective-C, Prolog or make's dependency rules, or `nil`.
    static func recognize(_ t: UnsafeRawBufferPointer) -> TextStructureMatch? {
        var objectiveCOpenings = 0
        var objectiveCMembers = 0
        var frameworkImports = 0
        var prologDirectives = 0
        var prologHeads = 0
        var perlLines = 0
        var lines = TextLines(t, limit: t.count)
        while let line = lines.next() {
            guard let first = line.byte(at: 0) else { continue }
            switch first {
            case UInt8(ascii: "@"):
                if opensWord(line, "@interface") || opensWord(line, "@implementation") || opensWord(line, "@protocol") {
                    objectiveCOpenings += 1
                } else if line.has("@end") && (line.count == 4 || ASCII.isWhitespace(line[4])) || opensWord(line, "@property")
                    || line.has("@property(")
                {
                    objectiveCMembers += 1
                }
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                if isMethodDeclaration(line) { objectiveCMembers += 1 }
            case UInt8(ascii: "#"):
                if line.has("#import <Foundation/") || line.has("#import <UIKit/") || line.has("#import <AppKit/")
                    || line.has("#import <Cocoa/")
                {
                    frameworkImports += 1
                }
            case UInt8(ascii: ":"):
                if line.has(":-"), let next = line.byte(at: 2), ASCII.isBlank(next) || ASCII.isLetter(next) {
                    prologDirectives += 1
                }
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                if opensWord(line, "use") || opensWord(line, "my") || opensWord(line, "sub") || opensWord(line, "package") {
                    perlLines += 1
                } else if endsWithNeck(line) {
                    prologHeads += 1
                }
            default:
                continue
            }
        }
        if objectiveCOpenings > 0 && objectiveCMembers > 0 {
            return TextStructureMatch(mimeType: "text/x-objcsrc", detail: "Objective-C @interface/@implementation and its members")
        }
        if frameworkImports > 0 {
            return TextStructureMatch(mimeType: "text/x-objcsrc", detail: "#import of an Objective-C framework")
        }
        if perlLines == 0, prologDirectives + prologHeads >= 2, prologDirectives > 0 || prologHeads >= 2 {
            return TextStructureMatch(mimeType: "text/x-prolog", detail: "Prolog directives and clauses (:-)")
        }
        return MakeDependencyShape.recognize(t)
    }

    /// Whether `line` opens with `word` followed by a blank (or ends there).
    private static func opensWord(_ line: UnsafeRawBufferPointer, _ word: StaticString) -> Bool {
        guard line.has(word) else { return false }
        let length = word.utf8CodeUnitCount
        return line.count == length || ASCII.isBlank(line[length])
    }

    /// Whether `line` declares an Objective-C method: `-` or `+`, optional blanks, then the
    /// parenthesised return type (`- (void)run;`).
    private static func isMethodDeclaration(_ line: UnsafeRawBufferPointer) -> Bool {
        let index = line.offset(pastBlanksFrom: 1)
        return index < line.count && line[index] == UInt8(ascii: "(")
    }

    /// Whether `line` is a clause head: it ends (trailing blanks aside) with `:-` after a
    /// closing parenthesis, a name or a blank, as `member(X, [X|_]) :-` does.
    private static func endsWithNeck(_ line: UnsafeRawBufferPointer) -> Bool {
        var end = line.count
        while end > 0, ASCII.isBlank(line[end - 1]) { end -= 1 }
        guard end >= 3, line[end - 1] == UInt8(ascii: "-"), line[end - 2] == UInt8(ascii: ":") else { return false }
        let before = line[end - 3]
        return before == UInt8(ascii: ")") || ASCII.isBlank(before) || ASCII.isLetter(before)
    }
}

import Foundation
import Testing

@testable import DeclarationFormats

@Suite("mimeapps.list editor")
struct MimeAppsListEditorTests {
    private func edited(_ text: String, _ change: (inout MimeAppsListEditor) -> Void) throws -> String {
        var editor = try MimeAppsListEditor(bytes: Array(text.utf8), source: "mimeapps.list")
        change(&editor)
        return String(decoding: editor.bytes, as: UTF8.self)
    }

    @Test func keepsCommentsOtherGroupsAndOrderByteForByte() throws {
        let original = """
            # my defaults, kept by hand
            [Added Associations]
            image/png=gimp.desktop;

            [Default Applications]
            text/plain = gedit.desktop;
            # photos
            image/png=eog.desktop;shotwell.desktop;
            [X-Custom Group]
            weird=value with = sign

            """
        let result = try edited(original) { $0.setDefault("viewer.desktop", for: "image/png") }
        #expect(result == original.replacingOccurrences(of: "image/png=eog.desktop;shotwell.desktop;", with: "image/png=viewer.desktop;eog.desktop;shotwell.desktop;"))
        // The result reads as the change says, and nothing else changed.
        let list = try MimeAppsListParser.parse(Array(result.utf8), source: "mimeapps.list")
        #expect(list.defaultApplications(for: "image/png") == ["viewer.desktop", "eog.desktop", "shotwell.desktop"])
        #expect(list.defaultApplications(for: "text/plain") == ["gedit.desktop"])
        #expect(list.addedApplications(for: "image/png") == ["gimp.desktop"])
    }

    @Test func anIDAlreadyListedMovesToTheFront() throws {
        let result = try edited("[Default Applications]\nimage/png=a.desktop;b.desktop;c.desktop\n") { $0.setDefault("b.desktop", for: "image/png") }
        #expect(result == "[Default Applications]\nimage/png=b.desktop;a.desktop;c.desktop;\n")
    }

    @Test func duplicateKeysBecomeOneLineWhereTheLastWas() throws {
        let original = "[Default Applications]\nimage/png=old.desktop;\ntext/plain=t.desktop;\nIMAGE/PNG=later.desktop;\n"
        let result = try edited(original) { $0.setDefault("new.desktop", for: "image/png") }
        #expect(result == "[Default Applications]\ntext/plain=t.desktop;\nIMAGE/PNG=new.desktop;later.desktop;\n")
    }

    @Test func aNewTypeGoesAfterTheGroupsLastEntry() throws {
        let original = "[Default Applications]\ntext/plain=t.desktop;\n\n[Removed Associations]\nimage/png=x.desktop;\n"
        let result = try edited(original) { $0.setDefault("v.desktop", for: "image/png") }
        #expect(result == "[Default Applications]\ntext/plain=t.desktop;\nimage/png=v.desktop;\n\n[Removed Associations]\nimage/png=x.desktop;\n")
    }

    @Test func noTrailingNewline() throws {
        #expect(try edited("[Default Applications]\ntext/plain=t.desktop;") { $0.setDefault("v.desktop", for: "image/png") }
            == "[Default Applications]\ntext/plain=t.desktop;\nimage/png=v.desktop;\n")
        #expect(try edited("[Default Applications]\nimage/png=t.desktop;") { $0.setDefault("v.desktop", for: "image/png") }
            == "[Default Applications]\nimage/png=v.desktop;t.desktop;\n")
        #expect(try edited("# only a comment") { $0.setDefault("v.desktop", for: "image/png") }
            == "# only a comment\n\n[Default Applications]\nimage/png=v.desktop;\n")
    }

    @Test func carriageReturnLineEndingsStay() throws {
        let result = try edited("[Default Applications]\r\nimage/png=a.desktop;\r\ntext/plain=t.desktop;\r\n") { $0.setDefault("v.desktop", for: "image/png") }
        #expect(result == "[Default Applications]\r\nimage/png=v.desktop;a.desktop;\r\ntext/plain=t.desktop;\r\n")
    }

    @Test func anEmptyFileGetsTheGroup() throws {
        #expect(try edited("") { $0.setDefault("v.desktop", for: "image/png") } == "[Default Applications]\nimage/png=v.desktop;\n")
    }

    @Test func removingLeavesEverythingElse() throws {
        var editor = try MimeAppsListEditor(bytes: Array("# c\n[Default Applications]\nimage/png=a;\ntext/plain=t;\nimage/png=b;".utf8), source: "m")
        let removed = editor.removeDefault(for: "image/png")
        #expect(removed)
        #expect(String(decoding: editor.bytes, as: UTF8.self) == "# c\n[Default Applications]\ntext/plain=t;")
        let again = editor.removeDefault(for: "image/png")
        #expect(!again)
        // An entry of another group with the same key is not a default.
        var other = try MimeAppsListEditor(bytes: Array("[Added Associations]\nimage/png=a;\n".utf8), source: "m")
        let removedOther = other.removeDefault(for: "image/png")
        #expect(!removedOther)
        #expect(other.defaultApplications(for: "image/png").isEmpty)
    }

    @Test func aFileThatDoesNotReadIsRefusedNamingTheLine() {
        let cases: [(String, CatalogFormatError.Code, Int)] = [
            ("[Default Applications]\nimage/png=a;\nthis is not a key file line\n", .malformedMimeAppsList, 3),
            ("image/png=a;\n[Default Applications]\n", .malformedMimeAppsList, 1),
            ("[Default Applications\n", .malformedMimeAppsList, 1),
        ]
        for (text, code, line) in cases {
            #expect {
                _ = try MimeAppsListEditor(bytes: Array(text.utf8), source: "/home/ada/.config/mimeapps.list")
            } throws: { error in
                guard let error = error as? CatalogFormatError else { return false }
                return error.code == code && error.line == line && error.source == "/home/ada/.config/mimeapps.list"
            }
        }
        #expect {
            _ = try MimeAppsListEditor(bytes: Array("[Default Applications]\n".utf8) + [0x61, 0x3D, 0xFF, 0x0A], source: "m")
        } throws: { ($0 as? CatalogFormatError)?.line == 2 }
    }
}

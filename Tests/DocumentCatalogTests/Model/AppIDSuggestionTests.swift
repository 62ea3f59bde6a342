import DocumentCatalog
import Testing

@Suite("Suggestions for unknown app ids")
struct AppIDSuggestionTests {
    static let ids = ["vim.desktop", "org.gnome.eog.desktop", "org.gnome.Evince.desktop", "org.openwith.sample-editor", "gimp.desktop", "gimp-2.10.desktop"]

    @Test(
        "The registered id a person most likely meant",
        arguments: [
            ("vim", "vim.desktop"),
            ("VIM.DESKTOP", "vim.desktop"),
            ("eog", "org.gnome.eog.desktop"),
            ("evince", "org.gnome.Evince.desktop"),
            ("org.openwith.sample-editr", "org.openwith.sample-editor"),
            ("gimp", "gimp.desktop"),
        ])
    func suggested(text: String, meant: String) {
        #expect(AppIDSuggestion.best(for: text, among: Self.ids) == meant)
        #expect(AppIDSuggestion.unknownAppReason(text, among: Self.ids) == "no app with this id is registered (did you mean \(meant)?)")
    }

    @Test("Nothing is suggested when nothing is near, or when two ids are equally near", arguments: ["emacs", "", "org.gnome", "gimp-2.1x.desktop"])
    func nothing(text: String) {
        let ids = Self.ids + ["gimp-2.11.desktop"]
        #expect(AppIDSuggestion.best(for: text, among: ids) == nil)
        #expect(AppIDSuggestion.unknownAppReason(text, among: ids) == "no app with this id is registered")
    }

    @Test("Edit distance counts a transposition as one edit", arguments: [("tpye", "type", 1), ("type", "type", 0), ("", "abc", 3), ("kitten", "sitting", 3)])
    func distance(a: String, b: String, edits: Int) {
        #expect(EditDistance.between(a, b) == edits)
    }
}

@testable import ContentSniffing
import Testing

/// The top level of a YAML file, which the text classifier asks of its YAML class.
@Suite("Text: YAML's top level")
struct YAMLShapeTests {
    func check(_ text: String) -> Bool { checkBytes(of: text, YAMLShape.hasTopLevelStructure) }

    @Test("mappings, sequences, markers, directives, quoted and complex keys, flow collections are YAML's top level", arguments: [
        "name: demo\nversion: 1.2\n",
        "# settings\n\nserver:\n  host: example.org\n  ports:\n    - 80\n    - 443\n",
        "%YAML 1.2\n---\n- one\n- two\n...\n",
        "\"quoted: key\": value\n'other': 2\n",
        "? complex key\n: complex value\n",
        "defaults: &defaults\n  adapter: postgres\ndevelopment:\n  <<: *defaults\n",
        "url: http://example.org:8080/path # a comment\nempty:\n",
        "---\n[1, 2, 3]\n",
    ])
    func yaml(text: String) {
        #expect(check(text), "\(text)")
    }

    /// `/etc/group`, a pkg-config file, prose, INI: a plain scalar at the top level after (or
    /// without) a mapping.
    @Test("anything else at the top level is no YAML", arguments: [
        "root:x:0:\ndaemon:x:1:\nsudo:x:27:ann\n",
        "prefix=/usr\nlibdir=${prefix}/lib\n\nName: libbrotlidec\nVersion: 1.0.9\n",
        "This is a note.\nIt has two lines.\n",
        "[server]\nhost = example.org\n",
        "key: value\nnot a key # but: a comment\n",
    ])
    func notYAML(text: String) {
        #expect(!check(text), "\(text)")
    }

    @Test("a last line cut off by the window is not judged")
    func cutLine() {
        #expect(check("name: demo\nversion: 1.2\ndescription: a long descrip"))
        #expect(check("name: demo\nversion: 1.2\nan unfinish"))
        #expect(!check("name: demo\nversion: 1.2\nan unfinished line\n"))
    }
}

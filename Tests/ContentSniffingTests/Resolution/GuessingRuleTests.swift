import ContentSniffing
import Testing
import UniformTypes

/// A magic rule below priority 50 is a guess from a word in a file's opening lines (Perl's
/// `use strict` anywhere in the first 256 bytes). Text the classifier was sure enough to name
/// keeps the classifier's answer against such a guess at an unrelated kind of text; text the
/// classifier cannot place still takes the guess.
@Suite("Resolution: guessing magic rules and the text classifier")
struct GuessingRuleTests {
    let resolver = TypeResolver(loadsLibmagicOnDemand: false)

    /// JavaScript in strict mode: its `'use strict'` directive is the word Perl's rule looks for.
    static let strictJavaScript = """
        'use strict';

        const path = require('path');
        const { readFileSync } = require('fs');

        function loadConfig(file) {
          const text = readFileSync(path.resolve(__dirname, file), 'utf8');
          return JSON.parse(text);
        }

        module.exports = function build(options = {}) {
          const config = loadConfig(options.config || 'config.json');
          return Object.keys(config).map((key) => ({ key, value: config[key] }));
        };

        """

    func type(_ mime: String) throws -> UniformType { try #require(resolver.graph.type(mimeType: mime)) }

    @Test("strict-mode JavaScript under a name nothing declares, or none, is JavaScript, not Perl", arguments: [
        "component.jsx-like", nil,
    ] as [String?])
    func strictJavaScriptIsJavaScript(name: String?) throws {
        let resolution = resolver.resolve(bytes: Array(Self.strictJavaScript.utf8), name: name)
        #expect(resolution.type.conforms(to: try type("text/javascript")))
        #expect(!resolution.type.conforms(to: try type("application/x-perl")))
    }

    @Test("Perl with `use strict` is still Perl")
    func perlStaysPerl() throws {
        let perl = "use strict;\nuse warnings;\n\nmy %seen;\nwhile (my $line = <STDIN>) {\n    chomp $line;\n    print \"$line\\n\" unless $seen{$line}++;\n}\n"
        let resolution = resolver.resolve(bytes: Array(perl.utf8), name: nil)
        #expect(resolution.type.conforms(to: try type("application/x-perl")))
    }
}

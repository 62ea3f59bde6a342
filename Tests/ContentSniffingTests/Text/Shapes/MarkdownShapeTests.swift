@testable import ContentSniffing
import Testing

/// Markdown's headings against blocks of `#` comments, which the text classifier asks of its
/// Markdown class.
@Suite("Text: Markdown's headings")
struct MarkdownShapeTests {
    func obeys(_ text: String) -> Bool { checkBytes(of: text, MarkdownShape.obeysHeadingSyntax) }

    @Test("headings between paragraphs, two in a row, and shell comments inside a fenced sample are Markdown's", arguments: [
        "# Shelf\n\nCounts the shelves every night.\n\n## Install\n\nRun `make install`.\n",
        "# Shelf\n## Install\n\nRun `make install`, then:\n\n- start the daemon\n- open the page\n",
        "## Usage\n\n```sh\n# count one rack\n# then print it\n# and mail it\nshelf count rack-12\n```\n\nDone.\n",
        "## Usage\n\n   ~~~\n# one\n# two\n# three\n   ~~~\n",
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n",
        "#!/bin/sh\n#!nothing\n#tag\n",
    ])
    func markdown(text: String) {
        #expect(obeys(text), "\(text)")
    }

    @Test("a run of three lines opening with `#` (a blank, another `#` or nothing after it) is a comment block", arguments: [
        "# Network services of the site\n#\n# Ports below 1024 are opened by root only.\n\necho 7/tcp\n",
        "require \"shelf\"\n\n# A Shelf holds the items of one rack.\n# It knows how many are left\n# and who is told.\nclass Shelf\nend\n",
        "##\n## settings\n##\nlevel = 2\n",
        "#\tone\n#\ttwo\n#\tthree\n",
        "## Usage\n\n```sh\nshelf count\n```\n\n# one\n# two\n# three\n",
    ])
    func commentBlock(text: String) {
        #expect(!obeys(text), "\(text)")
    }
}

import ContentSniffing
import Testing
import UniformTypes

/// The statistical text classifier on snippets written here (none of them from its training
/// files), its fallback to plain text, and its bounds on hostile input.
@Suite("Text: the statistical classifier")
struct TextClassifierTests {
    let classifier = TextClassifier()

    func mimeType(_ text: String) -> String? { classifier.classify(text)?.mimeType }

    static let snippets: [(String, String)] = [
        ("text/rust", """
        use std::collections::HashMap;

        pub struct Counter {
            counts: HashMap<String, usize>,
        }

        impl Counter {
            pub fn new() -> Self {
                Counter { counts: HashMap::new() }
            }

            pub fn add(&mut self, word: &str) {
                *self.counts.entry(word.to_string()).or_insert(0) += 1;
            }
        }

        fn main() {
            let mut counter = Counter::new();
            for word in "a b a".split_whitespace() {
                counter.add(word);
            }
            println!("{:?}", counter.counts.get("a"));
        }

        """),
        ("text/x-python", """
        import os
        import sys


        class Inventory:
            \"\"\"Items on the shelves, by name.\"\"\"

            def __init__(self, path):
                self.path = path
                self.items = {}

            def load(self):
                with open(self.path) as f:
                    for line in f:
                        name, count = line.split()
                        self.items[name] = int(count)
                return self.items


        if __name__ == "__main__":
            print(Inventory(sys.argv[1]).load())

        """),
        ("text/markdown", """
        # Shelf

        A small tool that counts what is on the shelves.

        ## Installing

        1. Download the [latest release](https://example.org/releases).
        2. Unpack it and run `shelf --help`.

        ## Usage

        - `shelf count` counts the items
        - `shelf list` lists them, **sorted by name**

        See the [manual](docs/manual.md) for more.

        """),
        ("text/css", """
        body {
            margin: 0;
            font-family: "Helvetica Neue", Arial, sans-serif;
            background-color: #fafafa;
        }

        .header a:hover {
            color: #336699;
            text-decoration: underline;
        }

        @media (max-width: 600px) {
            .sidebar {
                display: none;
            }
        }

        """),
        ("text/javascript", """
        'use strict';

        const path = require('path');

        function countItems(items) {
          return items.reduce((total, item) => total + item.count, 0);
        }

        module.exports = function shelf(options) {
          const root = path.resolve(options.root || '.');
          return {
            root: root,
            count: function (items) {
              if (!Array.isArray(items)) {
                throw new TypeError('items must be an array');
              }
              return countItems(items);
            }
          };
        };

        """),
        ("text/x-go", """
        package shelf

        import (
        \t"fmt"
        \t"strings"
        )

        // Item is a thing on a shelf.
        type Item struct {
        \tName  string
        \tCount int
        }

        func (i Item) String() string {
        \treturn fmt.Sprintf("%s: %d", strings.ToUpper(i.Name), i.Count)
        }

        func Total(items []Item) int {
        \ttotal := 0
        \tfor _, item := range items {
        \t\ttotal += item.Count
        \t}
        \treturn total
        }

        """),
        ("text/x-csrc", """
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        static int count_items(const char *path)
        {
            FILE *f = fopen(path, "r");
            char line[256];
            int total = 0;

            if (f == NULL)
                return -1;
            while (fgets(line, sizeof line, f) != NULL) {
                if (strlen(line) > 1)
                    total++;
            }
            fclose(f);
            return total;
        }

        int main(int argc, char **argv)
        {
            printf("%d\\n", count_items(argv[1]));
            return EXIT_SUCCESS;
        }

        """),
        ("application/x-perl", """
        package Shelf::Count;

        use strict;
        use warnings;

        our $VERSION = '0.01';

        sub new {
            my ($class, %args) = @_;
            my $self = { items => {}, %args };
            return bless $self, $class;
        }

        sub add {
            my ($self, $name) = @_;
            $self->{items}{$name}++;
            return $self;
        }

        1;

        """),
    ]

    @Test("snippets of common languages are named right")
    func snippets() {
        for (expected, text) in Self.snippets {
            let answer = classifier.classify(text)
            #expect(answer?.mimeType == expected, "\(expected): \(String(describing: answer)) \(answer?.detail ?? "")")
            #expect(answer?.basis == .statistics)
        }
    }

    @Test("an answer's identifier is the graph's type for its MIME type")
    func identifiers() throws {
        let answer = try #require(classifier.classify(Self.snippets[0].1))
        #expect(answer.identifier?.rawValue == "public.rust-source")
        #expect(answer.score > 0.5 && answer.score <= 1)
    }

    @Test("the model knows at least 40 classes and most of them are types of the system graph")
    func classes() {
        let classes = TextClassifier.modelClasses
        #expect(classes.count >= 40)
        let known = classes.filter { SystemTypeCatalog.graph.type(mimeType: $0) != nil }
        #expect(known.count >= classes.count - 6, "unknown: \(Set(classes).subtracting(known).sorted())")
    }

    @Test("a few ordinary words fall back to plain text")
    func fallback() throws {
        let answer = try #require(classifier.classify("hello there\n"))
        #expect(answer.mimeType == "text/plain")
        #expect(answer.basis == .fallback)
        #expect(answer.identifier == .plainText)
    }

    @Test("binary bytes are not text; hostile text returns promptly")
    func hostile() {
        var random = SystemRandomNumberGenerator()
        let junk = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) }
        #expect(junk.withUnsafeBytes { classifier.classify(prefix: $0) } == nil)
        let inputs: [[UInt8]] = [
            [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20),
            [UInt8](repeating: UInt8(ascii: "\n"), count: 1 << 20),
            [UInt8](repeating: UInt8(ascii: "{"), count: 1 << 20),
            [UInt8](repeating: 0xFF, count: 1 << 20),
            Array(String(repeating: "-----BEGIN ", count: 10_000).utf8),
            Array(String(repeating: "From x\n", count: 10_000).utf8),
            Array(String(repeating: "-*- -*- vim: ft=", count: 10_000).utf8),
            [],
        ]
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for input in inputs {
                for _ in 0..<20 { _ = input.withUnsafeBytes { classifier.classify(prefix: $0) } }
            }
        }
        #expect(elapsed < .seconds(2), "\(elapsed) for \(inputs.count * 20) calls")
    }
}

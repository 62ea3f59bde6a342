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
        ("text/x-java", """
        package org.example.shelf;

        import java.util.ArrayList;
        import java.util.HashMap;
        import java.util.List;
        import java.util.Map;

        /**
         * Counts the items put on a shelf, by name.
         */
        public final class ShelfCounter {
            private final Map<String, Integer> counts = new HashMap<>();

            public void add(String name) {
                counts.merge(name, 1, Integer::sum);
            }

            public List<String> names() {
                List<String> names = new ArrayList<>(counts.keySet());
                names.sort(String::compareTo);
                return names;
            }

            @Override
            public String toString() {
                return "ShelfCounter" + counts;
            }

            public static void main(String[] args) {
                ShelfCounter counter = new ShelfCounter();
                for (String arg : args) {
                    counter.add(arg);
                }
                System.out.println(counter.names());
            }
        }
        """),
        ("text/x-csharp", """
        using System;
        using System.Collections.Generic;
        using System.Linq;

        namespace Shelf
        {
            /// <summary>Counts the items put on a shelf, by name.</summary>
            public sealed class Counter
            {
                private readonly Dictionary<string, int> counts = new Dictionary<string, int>();

                public void Add(string name)
                {
                    counts.TryGetValue(name, out var count);
                    counts[name] = count + 1;
                }

                public IEnumerable<string> Names => counts.Keys.OrderBy(name => name);

                public static void Main(string[] args)
                {
                    var counter = new Counter();
                    foreach (var arg in args)
                    {
                        counter.Add(arg);
                    }
                    Console.WriteLine(string.Join(", ", counter.Names));
                }
            }
        }
        """),
        ("text/x-haskell", """
        module Shelf.Count
            ( Counter
            , empty
            , add
            , names
            ) where

        import qualified Data.Map.Strict as Map
        import Data.List (sortOn)

        -- | How many times each name was put on the shelf.
        newtype Counter = Counter (Map.Map String Int)
            deriving (Show, Eq)

        empty :: Counter
        empty = Counter Map.empty

        add :: String -> Counter -> Counter
        add name (Counter m) = Counter (Map.insertWith (+) name 1 m)

        names :: Counter -> [String]
        names (Counter m) = map fst (sortOn (negate . snd) (Map.toList m))

        main :: IO ()
        main = do
            let counter = foldr add empty ["cup", "plate", "cup"]
            mapM_ putStrLn (names counter)
        """),
        ("application/x-shellscript", """
        # Functions shared by the backup scripts; source this file.

        backup_dir="${BACKUP_DIR:-/var/backups/shelf}"

        log() {
            printf '%s: %s\\n' "$(date +%H:%M:%S)" "$*" >&2
        }

        make_archive() {
            local name="$1"
            local target="$backup_dir/$name-$(date +%Y%m%d).tar.gz"
            if [ ! -d "$backup_dir" ]; then
                mkdir -p "$backup_dir" || return 1
            fi
            tar -czf "$target" -C "$HOME" "$name" && log "wrote $target"
        }

        prune_archives() {
            find "$backup_dir" -name '*.tar.gz' -mtime +30 -print | while read -r old; do
                rm -f -- "$old"
                log "removed $old"
            done
        }

        case "$1" in
            run) make_archive "${2:-documents}" ;;
            prune) prune_archives ;;
            *) echo "usage: $0 run|prune" >&2; exit 2 ;;
        esac
        """),
        ("application/sql", """
        -- Items on shelves, and how many of each.
        CREATE TABLE shelf (
            id INTEGER PRIMARY KEY,
            name VARCHAR(64) NOT NULL UNIQUE
        );

        CREATE TABLE item (
            id INTEGER PRIMARY KEY,
            shelf_id INTEGER NOT NULL REFERENCES shelf(id) ON DELETE CASCADE,
            name VARCHAR(128) NOT NULL,
            count INTEGER NOT NULL DEFAULT 0
        );

        CREATE INDEX item_shelf ON item (shelf_id);

        INSERT INTO shelf (id, name) VALUES (1, 'kitchen'), (2, 'garage');
        INSERT INTO item (id, shelf_id, name, count) VALUES (1, 1, 'cup', 6);

        SELECT s.name, SUM(i.count) AS total
        FROM shelf s
        LEFT JOIN item i ON i.shelf_id = s.id
        GROUP BY s.name
        ORDER BY total DESC;
        """),
        ("text/x-typescript", """
        import { readFile } from "node:fs/promises";

        export interface Item {
          name: string;
          count: number;
          tags?: readonly string[];
        }

        export type Totals = Record<string, number>;

        export class Shelf {
          private readonly items: Map<string, Item> = new Map();

          constructor(public readonly label: string) {}

          add(name: string, count: number = 1): void {
            const item = this.items.get(name) ?? { name, count: 0 };
            item.count += count;
            this.items.set(name, item);
          }

          totals(): Totals {
            const out: Totals = {};
            for (const [name, item] of this.items) {
              out[name] = item.count;
            }
            return out;
          }
        }

        export async function load(path: string): Promise<Shelf> {
          const text: string = await readFile(path, "utf8");
          const shelf = new Shelf(path);
          text.split("\\n").filter((line): line is string => line.length > 0).forEach((line) => shelf.add(line));
          return shelf;
        }
        """),
        ("text/x-c++src", """
        #include <algorithm>
        #include <iostream>
        #include <map>
        #include <string>
        #include <vector>

        namespace shelf {

        class Counter {
        public:
            void add(const std::string& name) { ++counts_[name]; }

            std::vector<std::string> names() const {
                std::vector<std::string> out;
                out.reserve(counts_.size());
                for (const auto& [name, count] : counts_) {
                    out.push_back(name);
                }
                std::sort(out.begin(), out.end());
                return out;
            }

        private:
            std::map<std::string, int> counts_;
        };

        }  // namespace shelf

        int main(int argc, char** argv) {
            shelf::Counter counter;
            for (int i = 1; i < argc; ++i) {
                counter.add(argv[i]);
            }
            for (const auto& name : counter.names()) {
                std::cout << name << '\\n';
            }
            return 0;
        }
        """),
        ("text/markdown", """
        # Shelf

        Counts the items put on a shelf.

        ## Install

        ```sh
        make install
        ```

        ## Use

        - `shelf add cup` puts a cup on the shelf;
        - `shelf list` lists what is there, the most frequent first.

        See [the manual](docs/manual.md) for the options, and **never** run it as root.

        | command | what it does |
        | --- | --- |
        | add | adds an item |
        | list | lists the items |
        """),
    ]

    /// The JVM languages beside Java, Elixir, PowerShell and CoffeeScript: classes learnt from
    /// Debian source packages (Scala, Kotlin, Groovy, Elixir, CoffeeScript) and Windows modules.
    static let moreSnippets: [(String, String)] = [
        ("text/x-scala", """
        package shelf

        import scala.collection.mutable

        case class Item(name: String, count: Int)

        object Shelf {
          def apply(names: Seq[String]): Shelf = {
            val shelf = new Shelf
            names.foreach(shelf.add)
            shelf
          }
        }

        class Shelf {
          private val counts = mutable.Map.empty[String, Int]

          def add(name: String): Unit =
            counts.update(name, counts.getOrElse(name, 0) + 1)

          def items: List[Item] =
            counts.toList.map { case (name, count) => Item(name, count) }.sortBy(-_.count)

          override def toString: String = items.map(i => s"${i.name}: ${i.count}").mkString(", ")
        }
        """),
        ("text/x-kotlin", """
        package shelf

        data class Item(val name: String, val count: Int)

        class Shelf {
            private val counts = mutableMapOf<String, Int>()

            fun add(name: String) {
                counts[name] = (counts[name] ?: 0) + 1
            }

            val items: List<Item>
                get() = counts.map { (name, count) -> Item(name, count) }.sortedByDescending { it.count }

            companion object {
                fun of(vararg names: String): Shelf = Shelf().apply { names.forEach(::add) }
            }
        }

        fun main(args: Array<String>) {
            val shelf = Shelf.of(*args)
            for (item in shelf.items) {
                println("${item.name}: ${item.count}")
            }
        }
        """),
        ("text/x-groovy", """
        package shelf

        import groovy.transform.CompileStatic
        import groovy.transform.ToString

        @ToString(includeNames = true)
        class Item {
            String name
            int count
        }

        class Shelf {
            Map<String, Integer> counts = [:]

            Shelf add(String name) {
                counts[name] = (counts[name] ?: 0) + 1
                this
            }

            List<Item> items() {
                counts.collect { name, count -> new Item(name: name, count: count) }.sort { -it.count }
            }
        }

        def shelf = new Shelf()
        ['cup', 'plate', 'cup'].each { shelf.add(it) }
        shelf.items().each { item ->
            println "${item.name}: ${item.count}"
        }
        assert shelf.counts.cup == 2
        """),
        ("text/x-elixir", """
        defmodule Shelf do
          @moduledoc \"\"\"
          Counts the items put on a shelf.
          \"\"\"

          defstruct counts: %{}

          @doc "Puts one item on the shelf."
          def add(%Shelf{counts: counts} = shelf, name) when is_binary(name) do
            %{shelf | counts: Map.update(counts, name, 1, &(&1 + 1))}
          end

          def items(%Shelf{counts: counts}) do
            counts
            |> Enum.sort_by(fn {_name, count} -> count end, :desc)
            |> Enum.map(fn {name, count} -> "#{name}: #{count}" end)
          end
        end

        defmodule ShelfTest do
          use ExUnit.Case

          test "counts twice" do
            shelf = %Shelf{} |> Shelf.add("cup") |> Shelf.add("cup")
            assert Shelf.items(shelf) == ["cup: 2"]
          end
        end
        """),
        ("application/x-powershell", """
        #Requires -Version 5.1

        function Add-ShelfItem {
            [CmdletBinding()]
            param(
                [Parameter(Mandatory = $true)]
                [hashtable]$Shelf,

                [Parameter(Mandatory = $true, ValueFromPipeline = $true)]
                [string]$Name
            )
            process {
                if ($Shelf.ContainsKey($Name)) {
                    $Shelf[$Name] += 1
                } else {
                    $Shelf[$Name] = 1
                }
            }
        }

        $shelf = @{}
        'cup', 'plate', 'cup' | Add-ShelfItem -Shelf $shelf
        $shelf.GetEnumerator() | Sort-Object -Property Value -Descending | ForEach-Object {
            Write-Output ("{0}: {1}" -f $_.Key, $_.Value)
        }
        """),
        ("application/vnd.coffeescript", """
        class Shelf
          constructor: ->
            @counts = {}

          add: (name) ->
            @counts[name] = (@counts[name] ? 0) + 1
            this

          items: ->
            ({name, count} for name, count of @counts).sort (a, b) -> b.count - a.count

        shelf = new Shelf
        shelf.add name for name in ['cup', 'plate', 'cup']

        for item in shelf.items()
          console.log "#{item.name}: #{item.count}"

        module.exports = Shelf
        """),
    ]

    @Test("snippets of the languages added with source packages are named right")
    func moreSnippets() {
        for (expected, text) in Self.moreSnippets {
            let answer = classifier.classify(text)
            #expect(answer?.mimeType == expected, "\(expected): \(String(describing: answer)) \(answer?.detail ?? "")")
        }
    }

    /// A Vim filetype plugin, written here.
    static let vimScript = """
        " Vim filetype plugin for shelf inventory files
        if exists("b:did_ftplugin")
          finish
        endif
        let b:did_ftplugin = 1

        let s:save_cpo = &cpo
        set cpo&vim

        setlocal commentstring=#\\ %s
        setlocal shiftwidth=2 softtabstop=2 expandtab

        function! s:CountItems() abort
          let l:count = 0
          for l:line in getline(1, '$')
            if l:line =~# '^\\s*item\\>'
              let l:count += 1
            endif
          endfor
          echo l:count . ' items'
        endfunction

        command! -buffer ShelfCount call s:CountItems()
        nnoremap <buffer> <silent> <LocalLeader>c :ShelfCount<CR>

        let b:undo_ftplugin = "setl cms< sw< sts< et<"
        let &cpo = s:save_cpo
        unlet s:save_cpo
        """

    /// Vim script is a class of the model, which no registry declares; the supplement declares it
    /// (`org.vim.vim-script`), so the answer names a type of the graph.
    @Test("Vim script is known, and answers with its declared type")
    func vimScript() throws {
        let answer = try #require(classifier.classify(Self.vimScript))
        #expect(answer.mimeType == "text/x-vim", "\(answer) \(answer.detail)")
        #expect(answer.basis == .statistics)
        #expect(answer.identifier?.rawValue == "org.vim.vim-script")
    }

    @Test("snippets of common languages are named right")
    func snippets() {
        for (expected, text) in Self.snippets {
            let answer = classifier.classify(text)
            #expect(answer?.mimeType == expected, "\(expected): \(String(describing: answer)) \(answer?.detail ?? "")")
            #expect(answer?.basis == .statistics)
        }
    }

    /// Texts that read like JSON (braces, brackets, quoted strings, commas) but break its
    /// grammar: an Erlang term file and YAML with JSON-like flow lists.
    static let jsonLookalikes = [
        """
        {application, demo,
         [{description, "Demo server"},
          {vsn, "1.0.0"},
          {registered, [demo_sup]},
          {applications, [kernel, stdlib]},
          {mod, {demo_app, []}},
          {env, [{port, 8080}, {"name", "x"}, {"hosts", ["a", "b"]}]}
         ]}.
        """,
        """
        {"lib/*", [
           warn_unused_vars,
           {d, "TEST"},
           {outdir, "out"},
           {i, "headers"}
        ]}.
        """,
        """
        env:
            browser: true
            node: true
        rules:
            quotes: [2, "single"]
            semi: [2, "always"]
            max-len: [1, 120, {"ignoreUrls": true}]
            comma-dangle: [2, "never"]
            indent: [2, 4, {"SwitchCase": 1}]
        """,
    ]

    @Test("text that breaks JSON's grammar is never called JSON, however alike it reads; valid JSON still is")
    func jsonNeedsItsGrammar() throws {
        for text in Self.jsonLookalikes {
            let answer = try #require(classifier.classify(text))
            #expect(answer.mimeType != "application/json", "\(text.prefix(30)): \(answer.detail)")
        }
        let valid = #"{"env": {"browser": true}, "rules": {"quotes": [2, "single"], "indent": [2, 4, {"SwitchCase": 1}]}}"#
        #expect(classifier.classify(valid)?.mimeType == "application/json")
    }

    /// A Vim keymap: pairs of keys, many of them `+`, `-` and `@` at the start of a line, as
    /// Vim's own `keymap/slovak_utf-8.vim` has them (the model called it a patch).
    static let keymap: String = {
        var text = "\" Maintainer: nobody in particular\n\" Last Changed: 2002 Nov 5\n\nlet b:keymap_name = \"sk\"\n\nloadkeymap\n"
        text += "\" top row\n` ;\n1 +\n! 1\n2 ľ\n@ 2\n3 š\n# 3\n4 č\n$ 4\n5 ť\n% 5\n6 ž\n^ 6\n7 ý\n& 7\n8 á\n* 8\n9 í\n( 9\n0 é\n) 0\n"
        text += "- =\n_ %\n= ´\n+ ˇ\n\n\" second row\n[ ú\n{ /\n] ä\n} (\n\\ ň\n| )\n\n\" third row\n; ô\n: \"\n' §\n\" !\n\n"
        text += "\" accents\n=a á\n=e é\n=i í\n=o ó\n=u ú\n+c č\n+d ď\n+e ě\n+l ľ\n+n ň\n+r ř\n+s š\n+t ť\n+z ž\n-a ä\n-o ô\n"
        return text
    }()

    @Test("text with no line only a diff has is never called a patch; a patch still is")
    func patchNeedsADiffLine() throws {
        let answer = try #require(classifier.classify(Self.keymap))
        #expect(answer.mimeType != "text/x-patch", "\(answer.mimeType) \(answer.detail)")
    }

    /// Group entries as `/etc/group` holds them: `name:x:gid:members`, which the model reads as
    /// YAML keys.
    static let groupFile = [
        "root:x:0:", "daemon:x:1:", "bin:x:2:", "sys:x:3:", "adm:x:4:ann", "tty:x:5:", "disk:x:6:", "lp:x:7:", "mail:x:8:",
        "news:x:9:", "uucp:x:10:", "man:x:12:", "proxy:x:13:", "kmem:x:15:", "dialout:x:20:ann", "fax:x:21:", "voice:x:22:",
        "cdrom:x:24:ann", "floppy:x:25:", "tape:x:26:", "sudo:x:27:ann", "audio:x:29:ann", "dip:x:30:", "www-data:x:33:",
        "backup:x:34:", "operator:x:37:", "list:x:38:", "irc:x:39:", "src:x:40:", "shadow:x:42:", "utmp:x:43:", "video:x:44:ann",
        "sasl:x:45:", "plugdev:x:46:ann", "staff:x:50:", "games:x:60:", "users:x:100:", "nogroup:x:65534:",
    ].joined(separator: "\n") + "\n"

    @Test("text whose top level is no YAML mapping is never called YAML, and is plain text; YAML still is YAML")
    func yamlNeedsItsTopLevel() throws {
        let answer = try #require(classifier.classify(Self.groupFile))
        #expect(answer.mimeType == "text/plain", "\(answer.mimeType) \(answer.detail)")
        #expect(answer.basis == .fallback)
        let yaml = "name: build\non:\n  push:\n    branches: [main]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: make test\n"
        #expect(classifier.classify(yaml)?.mimeType == "application/x-yaml")
    }

    @Test("an answer's identifier is the graph's type for its MIME type")
    func identifiers() throws {
        let answer = try #require(classifier.classify(Self.snippets[0].1))
        #expect(answer.identifier?.rawValue == "public.rust-source")
        #expect(answer.score > 0.5 && answer.score <= 1)
    }

    /// A dynamic type answers any well-formed MIME type, so a class counts as known only when a
    /// declared type names it (Vim script's, which no registry declares, by the supplement).
    @Test("the model knows at least 40 classes, and declared types name all of them")
    func classes() {
        let classes = TextClassifier.modelClasses
        #expect(classes.count >= 40)
        let undeclared = classes.filter { SystemTypeCatalog.graph.type(mimeType: $0)?.isDeclared != true }
        #expect(undeclared.isEmpty)
    }

    /// An encoding table in the layout of Tcl's `.enc` files, written here: a header, then rows
    /// of sixteen four-digit hexadecimal code points. The model used to call such tables
    /// assembly (Tcl's own `encoding/cp1256.enc`, 53 % sure of this one).
    static let encodingTable: String = {
        var lines = ["# Encoding file: shelf8, single-byte", "S", "003F 0 1", "00"]
        for row in 0..<16 {
            let base = row < 8 ? row * 16 : 0x0400 + row * 16
            lines.append((0..<16).map { code in
                let digits = String(base + code, radix: 16, uppercase: true)
                return String(repeating: "0", count: 4 - digits.count) + digits
            }.joined())
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// A keyboard layout in XKB's symbols syntax, written here; the model used to call such
    /// layouts C++ (xkb-data's `symbols/pl`, 31 % sure of this one).
    static let keyboardLayout: String = {
        let keys = [
            ("TLDE", "grave", "asciitilde", "notsign", "logicalor"), ("AE01", "1", "exclam", "onesuperior", "exclamdown"),
            ("AE02", "2", "at", "twosuperior", "oneeighth"), ("AE03", "3", "numbersign", "threesuperior", "sterling"),
            ("AE04", "4", "dollar", "EuroSign", "onequarter"), ("AE05", "5", "percent", "onehalf", "threeeighths"),
            ("AE06", "6", "asciicircum", "threequarters", "fiveeighths"), ("AD01", "q", "Q", "at", "Greek_OMEGA"),
            ("AD02", "w", "W", "lstroke", "Lstroke"), ("AD03", "e", "E", "EuroSign", "cent"),
            ("AD04", "r", "R", "paragraph", "registered"), ("AD05", "t", "T", "tslash", "Tslash"),
            ("AC01", "a", "A", "ae", "AE"), ("AC02", "s", "S", "ssharp", "section"), ("AC03", "d", "D", "eth", "ETH"),
            ("AC04", "f", "F", "dstroke", "ordfeminine"), ("AB01", "z", "Z", "guillemotleft", "less"),
            ("AB02", "x", "X", "guillemotright", "greater"), ("AB03", "c", "C", "cent", "copyright"),
        ]
        func padded(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        var lines = [
            "default partial alphanumeric_keys", "xkb_symbols \"basic\" {", "",
            "    // A layout for the shelf inventory terminals, written for this test.", "", "    include \"latin\"", "",
            "    name[Group1]=\"Shelf\";", "",
        ]
        for key in keys {
            lines.append("    key <\(key.0)>\t{ [ \(padded(key.1, 9)), \(padded(key.2, 10)), \(padded(key.3, 12)), \(padded(key.4, 12)) ]\t};")
        }
        lines += [
            "", "    include \"kpdl(comma)\"", "    include \"level3(ralt_switch)\"", "};", "", "partial alphanumeric_keys",
            "xkb_symbols \"nodeadkeys\" {", "    include \"shelf(basic)\"", "    name[Group1]=\"Shelf (no dead keys)\";",
            "    key <AD11>\t{ [ bracketleft,  braceleft ]\t};", "    key <AD12>\t{ [ bracketright, braceright ]\t};", "};",
        ]
        return lines.joined(separator: "\n") + "\n"
    }()

    /// Data tables that no class of the model names (the training labels keyboard maps, encoding
    /// tables, font descriptions and locale sources plain text) are plain text, not the language
    /// they most resemble.
    @Test("an encoding table and a keyboard layout are plain text, not assembly or C++")
    func dataTables() throws {
        for text in [Self.encodingTable, Self.keyboardLayout] {
            let answer = try #require(classifier.classify(text))
            #expect(answer.mimeType == "text/plain", "\(text.prefix(40)): \(answer.mimeType) \(answer.detail)")
            #expect(answer.identifier == .plainText)
        }
    }

    /// A Ruby helper whose documentation comment fills most of the window, written here: its
    /// block of `#` lines read as Markdown's headings (97 % sure), as `/etc/services` did.
    static let commentedHelper = """
        # The shelf inventory helper, loaded by every counting script.
        #
        # A `Shelf` holds the items of one rack: it knows how many of each are left
        # (`#count`) and who is told when one runs out (`#notify`). Shelves are made
        # from the nightly export, so nothing here writes to the inventory itself.
        #
        # ```
        # shelf = Shelf.load("rack-12")
        # shelf.count("screws") # => 140
        # ```
        #
        # See [the inventory guide](https://example.org/shelf/guide.html) for the
        # export's format, and keep this file small: every script loads it, so every
        # script pays for whatever it requires.
        #
        # Items that are counted by weight rather than by piece are listed in the
        # export with a unit; `#count` returns their weight in grams, and `#pieces`
        # is not defined for them.
        require "shelf/export"

        """

    /// A README in Markdown, written here.
    static let readme = """
        # Shelf

        Counts the shelves of the warehouse every night and tells the buyers what ran out.

        ## Install

        Run `make install`, then start the daemon:

        ```sh
        # as root
        systemctl enable --now shelf
        ```

        ## Usage

        - `shelf count rack-12` counts one rack;
        - `shelf report` prints what ran out, by supplier;
        - see [the guide](https://example.org/shelf/guide.html) for the export's format.

        Items counted by **weight** are listed in grams.

        """

    @Test("a block of `#` comments is not Markdown, whatever it reads like; a README still is")
    func commentBlockIsNotMarkdown() throws {
        let comments = try #require(classifier.classify(Self.commentedHelper))
        #expect(comments.mimeType != "text/markdown", "\(comments.mimeType) \(comments.detail)")
        let readme = try #require(classifier.classify(Self.readme))
        #expect(readme.mimeType == "text/markdown" && readme.basis == .statistics, "\(readme.mimeType) \(readme.detail)")
    }

    @Test("short text the model reads as Markdown or MATLAB, whose grammars only rule text out, is plain text")
    func shortTextWithRefutingGrammar() throws {
        for text in ["# Shelf\n\nCounts the *shelves*.\n", "x = zeros(3);\ndisp(x)\n"] {
            #expect(text.utf8.count < 48)
            let answer = try #require(classifier.classify(text))
            #expect(answer.mimeType == "text/plain" && answer.basis == .fallback, "\(text.debugDescription): \(answer.mimeType) \(answer.detail)")
        }
    }

    @Test("a few ordinary words fall back to plain text")
    func fallback() throws {
        let answer = try #require(classifier.classify("hello there\n"))
        #expect(answer.mimeType == "text/plain")
        #expect(answer.basis == .fallback)
        #expect(answer.identifier == .plainText)
    }

    @Test("text shorter than the model was trained on (48 bytes, blank space aside) is plain text, whatever it reads like")
    func shortText() throws {
        let python = "import os\nprint(os.getcwd())\n"
        for text in [python, "\n\n   " + python + "   \n\t\r\n", "32(4) C0=24(3) C1=8(1)\n", "mov eax, 1\nret\n"] {
            let answer = try #require(classifier.classify(text))
            #expect(answer.basis == .fallback && answer.identifier == .plainText, "\(text.debugDescription): \(answer.mimeType)")
            #expect(answer.detail.hasPrefix("too short for the model"), "\(answer.detail)")
        }
        // The same language at a length the model reads.
        let longer = python + "import sys\n\ndef main():\n    print(sys.argv)\n\nif __name__ == \"__main__\":\n    main()\n"
        let answer = try #require(classifier.classify(longer))
        #expect(answer.mimeType == "text/x-python" && answer.basis == .statistics, "\(answer.mimeType) \(answer.detail)")
        // A structure that cannot occur by accident is still recognised however short.
        #expect(classifier.classify("<?php echo 1; ?>\n")?.basis == .structure)
    }

    @Test("short text the model reads as a format whose grammar it obeys (a two-line YAML mapping) is still named")
    func shortTextObeyingGrammar() throws {
        let manifest = "dependencies:\n  - name: forwardable\n"
        #expect(manifest.utf8.count < 48)
        let answer = try #require(classifier.classify(manifest))
        #expect(answer.mimeType == "application/x-yaml" && answer.basis == .statistics, "\(answer.mimeType) \(answer.detail)")
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

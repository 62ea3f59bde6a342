#!/usr/bin/env python3
"""Score OpenWith, `file --mime-type` (libmagic) and `gio info` (GLib) on a labelled corpus that
other projects wrote: one row per file with the MIME type its source project expects.

    python3 Benchmarks/accuracy/score-labelled.py CORPUS [OPENWITH_BINARY] [--out FILE.md]

CORPUS is a folder with `labels.tsv` (tab-separated, header naming at least `relpath`,
`expected_mime` and `source`; paths relative to CORPUS). The OpenWith binary is found as in
run.py (argument, $OPENWITH, this package's .build/{release,debug}/openwith). A throw-away
catalog is used.

Three subsets, each answered by every tool:
  * named     the file under its own name: `openwith type`, `gio info` (name and content),
              `file --mime-type` (content only: libmagic never reads names);
  * content   the same bytes with no name (a copy called `sample-N`): `openwith type
              --content-only`, `gio info` on the copy, `file`;
  * renamed   one binary file in five (chosen by a hash of its path) copied under a wrong
              extension that names an unrelated binary format; the label stays the true type.

Exact = the answer (parameters dropped, case folded) names the label, after folding names that
the registries call aliases of one another (shared-mime-info and Apache Tika, read from
Catalog/sources/upstream/) and the spelling variants listed in SPELLINGS below. Relaxed (same
family) = exact, or one is a sub-class of the other in those registries, not counting
text/plain, application/octet-stream and application/xml. Source `siegfried-skeleton`
(synthetic signature-only files) is reported on its own line and left out of the totals.

Nothing here comes from OpenWith's code or generated tables: the registries are the upstream
files the catalog is built from, and the labels come from the corpus.
"""
from __future__ import annotations

import collections
import datetime
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run import openwith_command, snapshot, batches, bare, glib_version, run_file, FAILED  # noqa: E402

PACKAGE = os.path.abspath(os.path.join(HERE, "..", ".."))
UPSTREAM = os.path.join(PACKAGE, "Catalog", "sources", "upstream")
SYNTHETIC = {"siegfried-skeleton"}

# Names for one format that the registries do not list as aliases of each other but that the
# corpus's sources use (their own conventions). Each group is one format.
SPELLINGS = [
    ["text/rust", "text/x-rust"],
    ["application/typescript", "application/x-typescript", "text/x-typescript"],
    ["text/x-objective-c", "text/x-objcsrc", "text/x-objc"],
    ["text/x-c", "text/x-csrc"],
    ["text/x-c++", "text/x-c++src"],
    ["text/x-java", "text/x-java-source"],
    ["text/x-shellscript", "application/x-shellscript", "application/x-sh", "text/x-sh"],
    ["image/vnd-ms.dds", "image/vnd.ms-dds", "image/x-dds"],
    ["audio/x-dsf", "audio/dsf", "audio/x-dsd"],
    ["application/x-snappy-framed", "application/x-snappy"],
    ["image/vnd.dwg", "image/x-dwg", "application/acad"],
    ["application/x-ipynb+json", "application/x-ipynb"],
    ["text/x-php", "application/x-php"],
    ["text/x-ruby", "application/x-ruby"],
    ["text/x-perl", "application/x-perl"],
    ["text/coffeescript", "application/vnd.coffeescript", "text/x-coffeescript"],
    ["text/x-d", "text/x-dsrc"],
    ["text/x-r", "text/x-rsrc"],
    ["text/javascript", "application/ecmascript", "text/ecmascript"],
    ["application/vnd.dart", "text/x-dart"],
]


class Registries:
    """Aliases (folded to one name) and sub-class-of edges from shared-mime-info and Tika."""

    def __init__(self) -> None:
        self.parent: dict[str, str] = {}
        self.edges: dict[str, set[str]] = collections.defaultdict(set)
        found = False
        for name in ("shared-mime-info.freedesktop.org.xml.in", "tika-mimetypes.xml"):
            path = os.path.join(UPSTREAM, name)
            if os.path.exists(path):
                self._read(path)
                found = True
        if not found:
            self._read("/usr/share/mime/packages/freedesktop.org.xml")
        for group in SPELLINGS:
            for other in group[1:]:
                self._union(group[0], other)

    def _find(self, t: str) -> str:
        t = t.lower()
        while self.parent.get(t, t) != t:
            t = self.parent[t]
        return t

    def _union(self, a: str, b: str) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)

    def _read(self, path: str) -> None:
        root = ET.parse(path).getroot()
        for element in root.iter():
            if not element.tag.endswith("mime-type"):
                continue
            t = (element.get("type") or "").lower()
            for child in element:
                tag = child.tag.rsplit("}", 1)[-1]
                if tag == "alias" and child.get("type"):
                    self._union(t, child.get("type"))
                elif tag == "sub-class-of" and child.get("type"):
                    self.edges[t].add(child.get("type").lower())

    def canonical(self, t: str) -> str:
        return self._find(bare(t or "").lower())

    def ancestors(self, t: str) -> set[str]:
        start = self.canonical(t)
        seen: set[str] = set()
        todo = [start]
        members = collections.defaultdict(set)
        for name in list(self.edges):
            members[self.canonical(name)].add(name)
        while todo:
            x = todo.pop()
            for name in members.get(x, {x}) | {x}:
                for p in self.edges.get(name, ()):
                    p = self.canonical(p)
                    if p not in seen:
                        seen.add(p)
                        todo.append(p)
        seen -= {start, "text/plain", "application/octet-stream", "application/xml"}
        return seen


# ----------------------------------------------------------------------------- running tools

def run_openwith(cmd, catalog, files, content_only):
    out = {}
    conflicts = set()
    args = cmd + ["type", "--json", "--catalog", catalog] + (["--content-only"] if content_only else [])

    def go(chunk):
        p = subprocess.run(args + ["--"] + chunk, capture_output=True, text=True, timeout=900)
        try:
            data = json.loads(p.stdout) if p.stdout.strip() else None
        except json.JSONDecodeError:
            data = None
        if data is None and len(chunk) > 1:
            mid = len(chunk) // 2
            go(chunk[:mid])
            go(chunk[mid:])
            return
        got = {obj.get("path"): obj for obj in data or []}
        for f in chunk:
            obj = got.get(f)
            out[f] = (obj or {}).get("mimeType") or FAILED
            if obj and obj.get("conflict"):
                conflicts.add(f)

    for chunk in batches(files):
        go(chunk)
    return out, conflicts


def run_gio(files):
    out = {}
    for chunk in batches(files):
        wanted = set(chunk)
        p = subprocess.run(["gio", "info", "-a", "standard::content-type", "--"] + chunk, capture_output=True, text=True)
        current = None
        for line in p.stdout.splitlines():
            if line.startswith("local path: "):
                current = line[len("local path: "):]
                current = current if current in wanted else None
            elif line.strip().startswith("standard::content-type:") and current:
                out[current] = line.split(":", 3)[-1].strip()
    return {f: out.get(f, FAILED) for f in files}


# ----------------------------------------------------------------------------- the corpus

RENAME_POOL = ["png", "jpg", "pdf", "zip", "mp3", "docx", "exe", "ttf", "gz", "mp4", "xlsx", "wav", "gif",
               "tar", "7z", "odt", "flac", "ogg", "bmp", "webp", "psd", "rtf", "epub", "sqlite"]
POOL_TYPES = {"png": "image/png", "jpg": "image/jpeg", "pdf": "application/pdf", "zip": "application/zip",
              "mp3": "audio/mpeg", "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
              "exe": "application/x-msdownload", "ttf": "font/ttf", "gz": "application/gzip", "mp4": "video/mp4",
              "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "wav": "audio/x-wav",
              "gif": "image/gif", "tar": "application/x-tar", "7z": "application/x-7z-compressed",
              "odt": "application/vnd.oasis.opendocument.text", "flac": "audio/flac", "ogg": "audio/ogg",
              "bmp": "image/bmp", "webp": "image/webp", "psd": "image/vnd.adobe.photoshop", "rtf": "application/rtf",
              "epub": "application/epub+zip", "sqlite": "application/vnd.sqlite3"}


def is_binary(path: str) -> bool:
    with open(path, "rb") as f:
        head = f.read(4096)
    if b"\0" in head:
        return True
    try:
        head.decode("utf-8")
        return False
    except UnicodeDecodeError as e:
        return e.start < len(head) - 4


def digest(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def read_rows(corpus: str):
    with open(os.path.join(corpus, "labels.tsv"), encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        rows = [dict(zip(header, line.rstrip("\n").split("\t"))) for line in f if line.strip()]
    for r in rows:
        r["path"] = os.path.join(corpus, r["relpath"])
    return rows


def make_subsets(rows, reg: Registries, tmp: str):
    """Adds nameless copies (content subset) and renamed copies; returns the renamed rows."""
    nameless = os.path.join(tmp, "nameless")
    renamed = os.path.join(tmp, "renamed")
    os.makedirs(nameless)
    os.makedirs(renamed)
    extra = []
    for i, r in enumerate(rows):
        r["nameless"] = os.path.join(nameless, f"sample-{i:04d}")
        shutil.copyfile(r["path"], r["nameless"])
        if r["source"] in SYNTHETIC or not is_binary(r["path"]) or digest(r["relpath"]) % 5:
            continue
        label = reg.canonical(r["expected_mime"])
        family = reg.ancestors(label) | {label}
        pool = [e for e in RENAME_POOL
                if reg.canonical(POOL_TYPES[e]) not in family and label not in reg.ancestors(POOL_TYPES[e])
                and not r["relpath"].lower().endswith("." + e)]
        ext = pool[digest("ext:" + r["relpath"]) % len(pool)]
        copy = dict(r)
        copy["path"] = os.path.join(renamed, f"{len(extra):04d}-{os.path.basename(r['relpath']).split('.')[0][:40]}.{ext}")
        shutil.copyfile(r["path"], copy["path"])
        extra.append(copy)
    return extra


# ----------------------------------------------------------------------------- report

def pct(n, d):
    return f"{100.0 * n / d:.1f}%" if d else "–"


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--out")]
    out_path = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--out=")),
                    os.path.join(HERE, "corpus-results.md"))
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    corpus = os.path.abspath(args[0])
    if len(args) > 1:
        sys.argv[1:] = args[1:2]
    else:
        sys.argv[1:] = []
    reg = Registries()
    rows = read_rows(corpus)
    cmd = openwith_command()
    with tempfile.TemporaryDirectory(prefix="openwith-score-") as tmp:
        renamed = make_subsets(rows, reg, tmp)
        catalog = os.path.join(tmp, "catalog.sqlite")
        exe = snapshot(cmd, tmp)
        named_files = [r["path"] for r in rows]
        nameless_files = [r["nameless"] for r in rows]
        renamed_files = [r["path"] for r in renamed]
        print(f"… {len(rows)} files, {len(renamed)} renamed copies", file=sys.stderr)
        ow_named, _ = run_openwith(exe, catalog, named_files, False)
        ow_content, _ = run_openwith(exe, catalog, named_files, True)
        ow_renamed, renamed_conflicts = run_openwith(exe, catalog, renamed_files, False)
        fl = run_file(named_files + renamed_files, cwd=None)
        gio_named = run_gio(named_files)
        gio_content = run_gio(nameless_files)
        gio_renamed = run_gio(renamed_files)

    def exact(answer, label):
        return reg.canonical(answer) == reg.canonical(label)

    def relaxed(answer, label):
        a, l = reg.canonical(answer), reg.canonical(label)
        return a == l or a in reg.ancestors(l) or l in reg.ancestors(a)

    columns = [
        ("OpenWith named", lambda r: ow_named[r["path"]]),
        ("OpenWith content", lambda r: ow_content[r["path"]]),
        ("file", lambda r: fl[r["path"]]),
        ("GIO named", lambda r: gio_named[r["path"]]),
        ("GIO content", lambda r: gio_content[r["nameless"]]),
    ]
    sources = list(dict.fromkeys(r["source"] for r in rows))
    md = ["# Accuracy on files other projects labelled\n"]
    md.append(f"Run {datetime.datetime.now():%Y-%m-%d %H:%M} on {len(rows)} files of {len(sources)} sources "
              f"({len([r for r in rows if r['source'] not in SYNTHETIC])} real, the rest synthetic).  ")
    fv = subprocess.run(["file", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    md.append(f"file: `{fv}`; GLib: `{glib_version()}`. Written by `Benchmarks/accuracy/score-labelled.py`; "
              "the method is in its docstring.\n")
    for title, judge in (("Exact", exact), ("Relaxed (same family)", relaxed)):
        md.append(f"## {title}\n")
        md.append("| source | files | " + " | ".join(c for c, _ in columns) + " |")
        md.append("|---|---:|" + "---:|" * len(columns))
        totals = [0] * len(columns)
        real = [r for r in rows if r["source"] not in SYNTHETIC]
        for source in sources + ["**all real files**"]:
            rs = real if source.startswith("**") else [r for r in rows if r["source"] == source]
            cells = []
            for i, (_, get) in enumerate(columns):
                n = sum(judge(get(r), r["expected_mime"]) for r in rs)
                cells.append(pct(n, len(rs)))
            name = source + (" (synthetic, not in totals)" if source in SYNTHETIC else "")
            md.append(f"| {name} | {len(rs)} | " + " | ".join(cells) + " |")
        md.append("")
    md.append("## Renamed binary files\n")
    md.append(f"{len(renamed)} binary files copied under a wrong extension (one in five, chosen by a hash of the path). "
              "Caught = the answer is the true type (exact).\n")
    md.append("| tool | caught (exact) | relaxed |")
    md.append("|---|---:|---:|")
    for name, ans in (("OpenWith", ow_renamed), ("file", fl), ("GIO", gio_renamed)):
        n = sum(exact(ans[r["path"]], r["expected_mime"]) for r in renamed)
        m = sum(relaxed(ans[r["path"]], r["expected_mime"]) for r in renamed)
        md.append(f"| {name} | {n} of {len(renamed)} ({pct(n, len(renamed))}) | {pct(m, len(renamed))} |")
    md.append(f"\nOpenWith reported a name/content conflict on {len(renamed_conflicts & set(renamed_files))} of them.\n")
    missed = [r for r in renamed if not exact(ow_renamed[r["path"]], r["expected_mime"])]
    if missed:
        md.append("| renamed file | label | OpenWith | file |")
        md.append("|---|---|---|---|")
        for r in missed:
            md.append(f"| `{os.path.basename(r['path'])}` | {r['expected_mime']} | {bare(ow_renamed[r['path']])} | {fl[r['path']]} |")
        md.append("")
    md.append("## OpenWith's misses, named (real files), most common first\n")
    misses = collections.Counter()
    example = {}
    for r in rows:
        if r["source"] in SYNTHETIC or exact(ow_named[r["path"]], r["expected_mime"]):
            continue
        key = (r["expected_mime"], bare(ow_named[r["path"]]))
        misses[key] += 1
        example.setdefault(key, r["relpath"])
    md.append("| label | OpenWith | files | example |")
    md.append("|---|---|---:|---|")
    for (label, answer), n in misses.most_common(60):
        md.append(f"| {label} | {answer} | {n} | `{example[(label, answer)]}` |")
    text = "\n".join(md) + "\n"
    with open(out_path, "w") as f:
        f.write(text)
    os.makedirs(os.path.join(HERE, "work"), exist_ok=True)
    answers = os.path.join(HERE, "work", "corpus-answers.tsv")
    with open(answers, "w") as f:
        f.write("relpath\tsource\tlabel\topenwith\topenwith_content\tfile\tgio\tgio_content\n")
        for r in rows:
            f.write("\t".join([r["relpath"], r["source"], r["expected_mime"], ow_named[r["path"]], ow_content[r["path"]],
                               fl[r["path"]], gio_named[r["path"]], gio_content[r["nameless"]]]) + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

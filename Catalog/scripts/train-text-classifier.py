#!/usr/bin/env python3
"""Trains the text classifier of ContentSniffing (TextClassifier) and writes its model.

The classifier tells source languages and text formats apart by the first 4 KiB of a file,
never by its name. It is a multinomial logistic regression over hashed features (word
tokens, token pairs, line openings; see `features`), trained here offline on real files of the
Debian packages listed in text-classifier-packages.txt, labelled by their file names (LABELS).

Steps (each reuses the work of the one before it, kept in the git-ignored work folder):
  download  `apt-get download` every listed binary package into WORK/debs, and fetches the
            upstream tarballs of every listed source package (`source:NAME`) from the Debian
            archive into WORK/sources, checked against the SHA-256 of the suite's Sources index
  extract   opens every listed package downloaded (and the source archives inside it; a
            download no longer listed is skipped), keeps the first 4 KiB of
            every file whose name has a label, deduplicated, capped per package and per class,
            into WORK/samples.jsonl
  train     splits by package into training and held-out files, fits the model with a fixed
            seed, calibrates each class's fallback margin on the held-out files, writes
            Sources/ContentSniffing/Generated/TextClassifierModelData.swift and the weights in
            Sources/CTextClassifierModel/text_classifier_model.c, the report
            Catalog/text-classifier.md and every held-out file's answer (WORK/held-out.jsonl)

Usage: train-text-classifier.py [--work DIR] [download|extract|train|all]
The same samples give the same model: every choice (caps, split, initial weights) is
deterministic.
"""

import argparse
import base64
import bz2
import gzip
import hashlib
import io
import json
import lzma
import os
import random
import subprocess
import sys
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PACKAGES = os.path.join(HERE, "text-classifier-packages.txt")
MODEL_SWIFT = os.path.join(ROOT, "Sources", "ContentSniffing", "Generated", "TextClassifierModelData.swift")
MODEL_C = os.path.join(ROOT, "Sources", "CTextClassifierModel", "text_classifier_model.c")
REPORT = os.path.join(ROOT, "Catalog", "text-classifier.md")

ARCHIVE = "http://deb.debian.org/debian"   # the Debian archive of the source packages
SUITE = "bookworm"                         # the release the binary packages come from as well
PREFIX = 4096          # the classifier sees the first 4 KiB
MIN_BYTES = 48         # shorter files say too little to learn from
CAP_PER_PACKAGE = 250  # files of one class from one package
CAP_PER_CLASS = 2500   # files of one class in all
MIN_PER_CLASS = 25     # a class with fewer files is left out of the model
BUCKETS = 1 << 13      # hashed feature buckets (TextClassifier.bucketCount)
SEED = 20261124
PRECISION = 0.95       # how often a statistical answer must be right on held-out files; the held-out
                       # files are all labelled code or markup, so a low bar would let prose through
MIN_CALIBRATION = 40   # held-out answers of a class needed to give it a margin of its own

# File name → MIME type. Checked in order: (package prefix or None, path test, MIME type).
# A path test is a suffix (".rs"), a base name ("=Makefile") or a folder part ("/man/").
# Package-specific rows come first: they settle names that mean different things in
# different packages (.m is MATLAB in Octave packages and Objective-C elsewhere).
LABELS = [
    ("octave-", ".m", "text/x-matlab"),
    ("swi-prolog", ".pl", "text/x-prolog"),
    ("gnustep-", ".m", "text/x-objcsrc"),
    ("gnustep-", ".h", "text/x-objcsrc"),
    ("gcc-12-source", ".m", "text/x-objcsrc"),
    ("gcc-12-source", ".h", None),      # GCC's own headers are C++; C headers come from elsewhere
    ("binutils-source", ".d", None),    # the assembler's expected-output files, not D
    ("binutils-source", ".r", None),    # readelf's expected output, not R
    ("binutils-source", ".t", None),    # the linker's test scripts, not Perl tests
    ("gcc-12-source", ".md", None),     # machine descriptions, not Markdown
    ("gcc-12-source", ".hs", None),     # precompiled-header tests in C, not Haskell
    ("gcc-12-source", ".mm", None),     # Objective-C++ comes from its test suite alone: too narrow
    ("newlib-source", ".tex", None),    # Texinfo sources, not TeX
    ("fltk1.3-doc", ".js", None),       # Doxygen's navigation data
    ("lazarus-src", ".h", None),        # C bindings of a C++ library, either language
    # The Java of the Kotlin, Scala and Groovy sources is written around those languages (their
    # runtimes, their compilers' names), so it teaches the model their words as Java's.
    ("source:", ".java", None),
    ("libfltk", ".H", "text/x-c++hdr"),
    ("libfltk", ".h", "text/x-c++hdr"),
    ("qtbase5-", ".h", "text/x-c++hdr"),
    ("libcrypto++", ".h", "text/x-c++hdr"),
    ("swig", ".h", None),               # the examples' headers are C in some, C++ in others
    ("qtbase5-examples", ".h", "text/x-c++hdr"),   # C++ projects name their headers .h
    ("wx3.2-examples", ".h", "text/x-c++hdr"),
    ("fltk1.3-doc", ".h", "text/x-c++hdr"),
    ("libgtkmm-", ".h", "text/x-c++hdr"),
    ("libglibmm-", ".h", "text/x-c++hdr"),
    ("libboost", ".h", "text/x-c++hdr"),
    ("fasm", ".inc", "text/x-asm"),     # the assembler's macro includes
    ("lazarus-src", ".inc", "text/x-pascal"),
    # Text data formats that no class of the model names are plain text to it: keyboard maps,
    # encoding tables, font descriptions and locale sources, which it otherwise calls the
    # language they most resemble (XKB symbols C++, Tcl's encoding tables assembly).
    ("xkb-data", "/xkb/symbols/", "text/plain"),
    ("xkb-data", "/xkb/keycodes/", "text/plain"),
    ("xkb-data", "/xkb/types/", "text/plain"),
    ("xkb-data", "/xkb/compat/", "text/plain"),
    ("xkb-data", "/xkb/geometry/", "text/plain"),
    ("libtcl8.6", ".enc", "text/plain"),
    ("groff-base", "/font/dev", "text/plain"),
    ("locales", "/i18n/locales/", "text/plain"),
    ("debootstrap", "/usr/share/debootstrap/", "application/x-shellscript"),
    ("xdg-utils", "/usr/bin/", "application/x-shellscript"),
    ("live-build", "/usr/lib/live/build/", "application/x-shellscript"),
    (None, "/usr/share/man/", "application/x-troff-man"),
    ("node-", ".ts", "text/x-typescript"),
    ("node-", ".mts", "text/x-typescript"),
    ("node-", ".cts", "text/x-typescript"),
    (None, ".c", "text/x-csrc"),
    (None, ".h", "text/x-chdr"),
    (None, ".cc", "text/x-c++src"),
    (None, ".cpp", "text/x-c++src"),
    (None, ".cxx", "text/x-c++src"),
    (None, ".hpp", "text/x-c++hdr"),
    (None, ".hh", "text/x-c++hdr"),
    (None, ".java", "text/x-java"),
    (None, ".cs", "text/x-csharp"),
    (None, ".hs", "text/x-haskell"),
    (None, ".nim", "text/x-nim"),
    (None, ".js", "text/javascript"),
    (None, ".mjs", "text/javascript"),
    (None, ".cjs", "text/javascript"),
    (None, ".py", "text/x-python"),
    (None, ".rb", "application/x-ruby"),
    (None, ".php", "application/x-php"),
    (None, ".pm", "application/x-perl"),
    (None, ".pl", "application/x-perl"),
    (None, ".t", "application/x-perl"),
    (None, ".go", "text/x-go"),
    (None, ".rs", "text/rust"),
    (None, ".lua", "text/x-lua"),
    (None, ".tcl", "text/x-tcl"),
    (None, ".r", "text/x-r"),
    (None, ".R", "text/x-r"),
    (None, ".sh", "application/x-shellscript"),
    (None, ".bash", "application/x-shellscript"),
    ("bash-completion", "/completions/", "application/x-shellscript"),
    (None, ".erl", "text/x-erlang"),
    (None, ".hrl", "text/x-erlang"),
    (None, ".ex", "text/x-elixir"),
    (None, ".exs", "text/x-elixir"),
    (None, ".clj", "text/x-clojure"),
    (None, ".el", "text/x-emacs-lisp"),
    (None, ".ml", "text/x-ocaml"),
    (None, ".mli", "text/x-ocaml"),
    (None, ".f90", "text/x-fortran"),
    (None, ".f95", "text/x-fortran"),
    (None, ".f03", "text/x-fortran"),
    (None, ".f", "text/x-fortran"),
    (None, ".for", "text/x-fortran"),
    (None, ".pas", "text/x-pascal"),
    (None, ".pp", "text/x-pascal"),
    (None, ".lpr", "text/x-pascal"),
    (None, ".s", "text/x-asm"),
    (None, ".S", "text/x-asm"),
    (None, ".asm", "text/x-asm"),
    (None, ".scm", "text/x-scheme"),
    (None, ".lisp", "text/x-common-lisp"),
    (None, ".d", "text/x-dsrc"),
    (None, ".adb", "text/x-adasrc"),
    (None, ".ads", "text/x-adasrc"),
    (None, ".v", "text/x-verilog"),
    (None, ".sv", "text/x-verilog"),
    (None, ".vhd", "text/x-vhdl"),
    (None, ".vhdl", "text/x-vhdl"),
    (None, ".sql", "application/sql"),
    (None, "=Makefile", "text/x-makefile"),
    (None, "=makefile", "text/x-makefile"),
    (None, "=GNUmakefile", "text/x-makefile"),
    (None, ".mk", "text/x-makefile"),
    (None, "=CMakeLists.txt", "text/x-cmake"),
    (None, ".cmake", "text/x-cmake"),
    (None, "=meson.build", "text/x-meson"),
    (None, ".md", "text/markdown"),
    (None, ".rst", "text/x-rst"),
    (None, ".rst.txt", "text/x-rst"),
    (None, ".html", "text/html"),
    (None, ".css", "text/css"),
    (None, ".tex", "text/x-tex"),
    (None, ".sty", "text/x-tex"),
    (None, ".cls", "text/x-tex"),
    (None, ".bib", "text/x-bibtex"),
    (None, ".json", "application/json"),
    (None, ".yml", "application/x-yaml"),
    (None, ".yaml", "application/x-yaml"),
    (None, ".toml", "application/toml"),
    (None, ".xml", "application/xml"),
    (None, ".texi", "text/x-texinfo"),
    (None, ".texinfo", "text/x-texinfo"),
    (None, ".po", "text/x-gettext-translation"),
    (None, ".desktop", "application/x-desktop"),
    (None, ".awk", "application/x-awk"),
    (None, ".patch", "text/x-patch"),
    (None, ".diff", "text/x-patch"),
    (None, ".cr", "text/x-crystal"),
    (None, ".hx", "text/x-haxe"),
    (None, ".vala", "text/x-vala"),
    (None, ".vapi", "text/x-vala"),
    (None, ".scala", "text/x-scala"),
    (None, ".groovy", "text/x-groovy"),
    (None, ".kt", "text/x-kotlin"),
    (None, ".kts", "text/x-kotlin"),
    (None, ".coffee", "application/vnd.coffeescript"),
    (None, ".ps1", "application/x-powershell"),
    (None, ".psm1", "application/x-powershell"),
    # Vim script: no registry declares a type for it (the name is Pygments'), so its answer is
    # plain text; knowing it keeps Vim scripts from reading as the HTML, TeX or Python their
    # keywords resemble.
    (None, ".vim", "text/x-vim"),
    # Prose: the notes and licences every project ships. Without a class of its own, prose is
    # whatever language it happens to resemble, and the fallback threshold must carry it all.
    (None, "=README", "text/plain"),
    (None, "=README.txt", "text/plain"),
    (None, "=README.Debian", "text/plain"),
    (None, "=NEWS", "text/plain"),
    (None, "=AUTHORS", "text/plain"),
    (None, "=THANKS", "text/plain"),
    (None, "=TODO", "text/plain"),
    (None, "=BUGS", "text/plain"),
    (None, "=CREDITS", "text/plain"),
    (None, "=COPYING", "text/plain"),
    (None, "=COPYING.LIB", "text/plain"),
    (None, "=LICENSE", "text/plain"),
    (None, "=LICENSE.txt", "text/plain"),
    (None, "=copyright", "text/plain"),
    (None, "=INSTALL", "text/plain"),
    (None, "=HACKING", "text/plain"),
    (None, "=NOTICE", "text/plain"),
]

ARCHIVES = (".tar.xz", ".tar.gz", ".tgz", ".tar.bz2", ".zip", ".jar")


def label_for(package, path):
    """The MIME type a file's name gives it in `package`, or None."""
    name = path[:-3] if path.endswith(".gz") else path
    base = name.rsplit("/", 1)[-1]
    if base.startswith("."):
        return None
    for prefix, test, mime in LABELS:
        if prefix is not None and not package.startswith(prefix):
            continue
        if test.startswith("="):
            hit = base == test[1:]
        elif test.startswith("/"):
            hit = test in "/" + name
        else:
            hit = base.endswith(test) and len(base) > len(test)
        if hit:
            return mime
    return None


SOURCE_MARK = "source:"


def read_packages():
    """The listed binary packages and the listed source packages (`source:NAME` lines)."""
    binaries, sources = [], []
    with open(PACKAGES) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line.startswith(SOURCE_MARK):
                sources.append(line[len(SOURCE_MARK):])
            elif line:
                binaries.append(line)
    return binaries, sources


def source_tarballs(index_text, name):
    """(folder, file name, SHA-256) of every upstream tarball of source package `name` in a
    Sources index: the .orig tarballs, or the one tarball of a native package."""
    for block in index_text.split("\n\n"):
        if not block.startswith("Package: " + name + "\n"):
            continue
        folder, tarballs, in_checksums = None, [], False
        for line in block.split("\n"):
            if line.startswith("Directory: "):
                folder = line.split(": ", 1)[1]
            if line.startswith("Checksums-Sha256:"):
                in_checksums = True
                continue
            if in_checksums and line.startswith(" "):
                digest, _, file_name = line.split()
                if ".tar." in file_name and ".debian.tar." not in file_name:
                    tarballs.append((file_name, digest))
            elif not line.startswith(" "):
                in_checksums = False
        # The Directory field may come before or after the checksums.
        return [(folder, f, d) for f, d in tarballs]
    return []


def fetch(url, path):
    import urllib.request
    with urllib.request.urlopen(url, timeout=120) as response, open(path + ".part", "wb") as out:
        while True:
            chunk = response.read(1 << 20)
            if not chunk:
                break
            out.write(chunk)
    os.replace(path + ".part", path)


def download_sources(work, names):
    sources = os.path.join(work, "sources")
    os.makedirs(sources, exist_ok=True)
    index = os.path.join(work, "Sources.xz")
    if not os.path.exists(index):
        fetch(f"{ARCHIVE}/dists/{SUITE}/main/source/Sources.xz", index)
    with lzma.open(index, "rt", encoding="utf-8", errors="replace") as f:
        index_text = f.read()
    for name in names:
        tarballs = source_tarballs(index_text, name)
        if not tarballs:
            print("  no source package:", name, file=sys.stderr)
        for folder, file_name, digest in tarballs:
            path = os.path.join(sources, file_name)
            if os.path.exists(path):
                continue
            print("downloading", file_name, flush=True)
            try:
                fetch(f"{ARCHIVE}/{folder}/{file_name}", path)
            except OSError as error:   # urllib's errors are OSErrors; the archive may have dropped a file
                print("  not downloaded:", file_name, error, file=sys.stderr)
                continue
            with open(path, "rb") as f:
                if hashlib.sha256(f.read()).hexdigest() != digest:
                    os.remove(path)
                    print("  checksum mismatch, removed:", file_name, file=sys.stderr)


def download(work):
    binaries, sources = read_packages()
    debs = os.path.join(work, "debs")
    os.makedirs(debs, exist_ok=True)
    have = {f.split("_", 1)[0] for f in os.listdir(debs) if f.endswith(".deb")}
    for name in binaries:
        if name in have:
            continue
        print("downloading", name, flush=True)
        if subprocess.run(["apt-get", "download", "-q", name], cwd=debs).returncode != 0:
            print("  not downloaded:", name, file=sys.stderr)
    download_sources(work, sources)


def head_of(data, path):
    """The first PREFIX bytes of a file's content, decompressing .gz; None for binary."""
    if path.endswith(".gz"):
        try:
            data = gzip.GzipFile(fileobj=io.BytesIO(data)).read(PREFIX)
        except (OSError, EOFError):
            return None
    data = data[:PREFIX]
    if len(data.strip()) < MIN_BYTES or b"\0" in data:
        return None
    return data


class Collector:
    """Keeps every labelled file once, and at most CAP_PER_PACKAGE of a class per package."""

    def __init__(self):
        self.seen = set()
        self.samples = []
        self.count = {}

    def offer(self, package, path, read):
        mime = label_for(package, path)
        if mime is None:
            return
        key = (package, mime)
        # Over-collect (4x the cap) and choose by content hash later, so the order of a
        # package's files does not decide which ones are kept.
        if self.count.get(key, 0) >= 4 * CAP_PER_PACKAGE:
            return
        data = head_of(read(), path)
        if data is None:
            return
        digest = hashlib.sha1(data).hexdigest()
        if digest in self.seen:
            return
        self.seen.add(digest)
        self.count[key] = self.count.get(key, 0) + 1
        folder = path.rsplit("/", 1)[0] if "/" in path else ""
        self.samples.append({"package": package, "path": path, "folder": folder, "mime": mime,
                             "sha1": digest, "text": base64.b64encode(data).decode()})


def walk_tar(collector, package, fileobj, mode, prefix, depth):
    with tarfile.open(fileobj=fileobj, mode=mode) as tar:
        for member in tar:
            if not member.isfile():
                continue
            path = prefix + member.name.lstrip("./")
            walk_member(collector, package, path, lambda m=member: tar.extractfile(m).read(), depth,
                        size=member.size)


def walk_member(collector, package, path, read, depth, size):
    if depth < 2 and path.endswith(ARCHIVES) and size < 400_000_000:
        data = read()
        try:
            if path.endswith((".zip", ".jar")):
                with zipfile.ZipFile(io.BytesIO(data)) as z:
                    for info in z.infolist():
                        if not info.is_dir():
                            walk_member(collector, package, path + "!/" + info.filename,
                                        lambda i=info: z.open(i).read(), depth + 1, info.file_size)
            else:
                walk_tar(collector, package, io.BytesIO(data), "r|*", path + "!/", depth + 1)
        except (tarfile.TarError, zipfile.BadZipFile, OSError, EOFError, lzma.LZMAError) as error:
            print("  cannot open", path, error, file=sys.stderr)
        return
    collector.offer(package, path, read)


def extract(work):
    """Samples of the listed packages only: a package taken out of the list leaves the model,
    even while its download stays in the work folder."""
    binaries, sources = read_packages()
    debs = os.path.join(work, "debs")
    collector = Collector()
    for deb in sorted(os.listdir(debs)):
        if not deb.endswith(".deb"):
            continue
        package = deb.split("_", 1)[0]
        if package not in binaries:
            print(f"{package}: not listed, skipped", flush=True)
            continue
        before = len(collector.samples)
        tar = subprocess.Popen(["dpkg-deb", "--fsys-tarfile", os.path.join(debs, deb)], stdout=subprocess.PIPE)
        walk_tar(collector, package, tar.stdout, "r|", "", 0)
        tar.wait()
        print(f"{package}: {len(collector.samples) - before} files", flush=True)
    extract_sources(work, collector, sources)
    samples = cap(collector.samples)
    with open(os.path.join(work, "samples.jsonl"), "w") as f:
        for sample in samples:
            f.write(json.dumps(sample) + "\n")
    print(f"{len(samples)} samples kept of {len(collector.samples)}")


def extract_sources(work, collector, listed):
    """The tarballs of the listed source packages (`listed`, names without the mark); they
    count as packages named `source:NAME` (their own group when held out)."""
    sources = os.path.join(work, "sources")
    if not os.path.isdir(sources):
        return
    for file_name in sorted(os.listdir(sources)):
        if ".tar." not in file_name or file_name.endswith(".part"):
            continue
        name = file_name.split("_", 1)[0]
        package = SOURCE_MARK + name
        if name not in listed:
            print(f"{package} ({file_name}): not listed, skipped", flush=True)
            continue
        before = len(collector.samples)
        with open(os.path.join(sources, file_name), "rb") as f:
            try:
                walk_tar(collector, package, f, "r|*", "", 0)
            except (tarfile.TarError, OSError, EOFError, lzma.LZMAError) as error:
                print("  cannot open", file_name, error, file=sys.stderr)
        print(f"{package} ({file_name}): {len(collector.samples) - before} files", flush=True)


def cap(samples):
    """CAP_PER_PACKAGE per (package, class), then CAP_PER_CLASS per class, chosen by hash."""
    samples = sorted(samples, key=lambda s: s["sha1"])
    per_package, per_class, kept = {}, {}, []
    # Round-robin over packages so a big package does not fill a class before a small one.
    by_class = {}
    for s in samples:
        key = (s["package"], s["mime"])
        if per_package.get(key, 0) >= CAP_PER_PACKAGE:
            continue
        per_package[key] = per_package.get(key, 0) + 1
        by_class.setdefault(s["mime"], {}).setdefault(s["package"], []).append(s)
    for mime in sorted(by_class):
        queues = [by_class[mime][p] for p in sorted(by_class[mime])]
        taken = 0
        index = 0
        while taken < CAP_PER_CLASS and any(index < len(q) for q in queues):
            for q in queues:
                if index < len(q) and taken < CAP_PER_CLASS:
                    kept.append(q[index])
                    taken += 1
            index += 1
        per_class[mime] = taken
    return kept


# --- Features (TextClassifier.swift computes the same, byte for byte) ---------------------

MASK32 = 0xFFFFFFFF
FNV_OFFSET = 0x811C9DC5
FNV_PRIME = 0x01000193
TOKEN_SEED, PAIR_SEED, LINE_SEED = 0x1B873593, 0x68E31DA4, 0x2545F491
MAX_TOKEN = 24


def is_word(b):
    return (48 <= b <= 57) or (65 <= b <= 90) or (97 <= b <= 122) or b == 95 or b >= 0x80


def mix(h):
    """A 32-bit finaliser (murmur3's fmix32)."""
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & MASK32
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & MASK32
    h ^= h >> 16
    return h


def features(data):
    """The set of hashed feature buckets of a prefix.

    Tokens are runs of word bytes (letters, digits, '_', any byte >= 0x80; at most MAX_TOKEN
    of them hashed) and single punctuation bytes; whitespace separates and is not a token.
    For each token: the token itself, the pair (previous token, token), and for the first
    token of a line, the token marked as a line opening. Hash: FNV-1a over the token's bytes,
    combined with a seed per kind and the previous token's hash, then mixed.
    """
    out = set()
    n = len(data)
    i = 0
    previous = 0
    line_start = True
    while i < n:
        b = data[i]
        if b == 10:
            line_start = True
            i += 1
            continue
        if b in (32, 9, 13, 11, 12):
            i += 1
            continue
        h = FNV_OFFSET
        if is_word(b):
            length = 0
            while i < n and is_word(data[i]):
                if length < MAX_TOKEN:
                    h = ((h ^ data[i]) * FNV_PRIME) & MASK32
                length += 1
                i += 1
        else:
            h = ((h ^ b) * FNV_PRIME) & MASK32
            i += 1
        out.add(mix(h ^ TOKEN_SEED) & (BUCKETS - 1))
        out.add(mix(((previous * 31) & MASK32) ^ h ^ PAIR_SEED) & (BUCKETS - 1))
        if line_start:
            out.add(mix(h ^ LINE_SEED) & (BUCKETS - 1))
            line_start = False
        previous = h
    return out


# --- Training -------------------------------------------------------------------------------

def split(samples):
    """Held-out files, about a fifth of each class, by whole groups: a group is a package for
    classes that come from three packages or more, otherwise a folder inside the package (the
    only way to hold such a class out at all). Groups are taken in the order of a hash of their
    name until a fifth of the class is held out; every class keeps at least one group for
    training."""
    packages_of, groups_of = {}, {}
    for s in samples:
        packages_of.setdefault(s["mime"], set()).add(s["package"])

    def group(s):
        if len(packages_of[s["mime"]]) >= 3:
            return "package:" + s["package"]
        return "folder:" + s["package"] + "/" + s["folder"]

    for s in samples:
        groups_of.setdefault(s["mime"], {}).setdefault(group(s), []).append(s)
    held = set()
    for mime, groups in groups_of.items():
        total = sum(len(g) for g in groups.values())
        order = sorted(groups, key=lambda g: hashlib.sha1((str(SEED) + g).encode()).hexdigest())
        taken = 0
        for name in order[:-1]:
            if taken >= total / 5:
                break
            if taken + len(groups[name]) > total / 2:
                continue
            held.add((mime, name))
            taken += len(groups[name])
    train, test = [], []
    for s in samples:
        (test if (s["mime"], group(s)) in held else train).append(s)
    return train, test


def matrix(samples, classes):
    import numpy as np
    import scipy.sparse as sp
    rows, cols = [], []
    for r, s in enumerate(samples):
        for c in features(base64.b64decode(s["text"])):
            rows.append(r)
            cols.append(c)
    x = sp.csr_matrix((np.ones(len(rows), dtype=np.float64), (rows, cols)), shape=(len(samples), BUCKETS))
    y = np.array([classes.index(s["mime"]) for s in samples])
    return x, y


def fit(x, y, k, l2=1e-4, iterations=300):
    """Softmax regression, class-balanced, L-BFGS from zero (deterministic)."""
    import numpy as np
    from scipy.optimize import minimize
    n, d = x.shape
    counts = np.bincount(y, minlength=k).astype(np.float64)
    sample_weight = (n / (k * np.maximum(counts, 1)))[y]
    onehot = np.zeros((n, k))
    onehot[np.arange(n), y] = 1.0
    xt = x.T.tocsr()

    def loss(theta):
        w = theta[: d * k].reshape(d, k)
        b = theta[d * k:]
        z = x @ w + b
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        value = -(sample_weight * np.log(p[np.arange(n), y] + 1e-12)).sum() / n + l2 * (w * w).sum()
        g = (p - onehot) * sample_weight[:, None] / n
        gw = xt @ g + 2 * l2 * w
        gb = g.sum(axis=0)
        return value, np.concatenate([gw.ravel(), gb])

    result = minimize(loss, np.zeros(d * k + k), jac=True, method="L-BFGS-B",
                      options={"maxiter": iterations})
    return result.x[: d * k].reshape(d, k), result.x[d * k:]


def cached_fit(work, x, y, k):
    """``fit``, or its earlier result for the same matrix, labels and settings (kept in the work
    folder): fitting takes minutes, and a change to the calibration or the report should not
    pay for it again. The fit is deterministic, so the cache changes nothing but the time."""
    import numpy as np
    digest = hashlib.sha1()
    for part in (x.data, x.indices, x.indptr, np.asarray(y)):
        digest.update(np.ascontiguousarray(part).tobytes())
    digest.update(f"{k} {x.shape} {SEED} fit-v1".encode())
    path = os.path.join(work, f"fit-{digest.hexdigest()[:16]}.npz")
    if os.path.exists(path):
        with np.load(path) as stored:
            return stored["w"], stored["b"]
    w, b = fit(x, y, k)
    np.savez(path, w=w, b=b)
    return w, b


def quantize(w, b):
    """Int8 weights and Int16 biases on one scale: score = sum(w) + b, in units of 1/scale."""
    import numpy as np
    scale = 127.0 / max(np.abs(w).max(), 1e-9)
    wq = np.clip(np.rint(w * scale), -127, 127).astype(np.int8)
    bq = np.clip(np.rint(b * scale), -32767, 32767).astype(np.int16)
    return wq, bq, scale


def scores(x, wq, bq):
    import numpy as np
    return x @ wq.astype(np.int64) + bq.astype(np.int64)


def train(work):
    import numpy as np
    random.seed(SEED)
    with open(os.path.join(work, "samples.jsonl")) as f:
        samples = [json.loads(line) for line in f]
    sizes = {}
    for s in samples:
        sizes[s["mime"]] = sizes.get(s["mime"], 0) + 1
    left_out = sorted(m for m, n in sizes.items() if n < MIN_PER_CLASS)
    samples = [s for s in samples if sizes[s["mime"]] >= MIN_PER_CLASS]
    classes = sorted({s["mime"] for s in samples})
    train_set, test_set = split(samples)
    print(f"{len(classes)} classes, {len(train_set)} training files, {len(test_set)} held out", flush=True)
    xtr, ytr = matrix(train_set, classes)
    xte, yte = matrix(test_set, classes)
    w, b = cached_fit(work, xtr, ytr, len(classes))
    wq, bq, scale = quantize(w, b)
    held = scores(xte, wq, bq)
    threshold, tradeoff = calibrate(held, yte, scale)
    margins = calibrate_classes(held, yte, scale, threshold, len(classes))
    # Each held-out file's answer, for looking into mistakes and comparing models.
    with open(os.path.join(work, "held-out.jsonl"), "w") as f:
        for s, row, margin in zip(test_set, held, margin_of(held)):
            best = int(row.argmax())
            f.write(json.dumps({"package": s["package"], "path": s["path"], "mime": s["mime"],
                                "answer": classes[best], "answered": bool(margin >= margins[best])}) + "\n")
    report = evaluate(held, yte, classes, threshold, tradeoff, scale, train_set, test_set, margins)
    if left_out:
        report += "\nLeft out for want of files (fewer than %d): %s.\n" % (
            MIN_PER_CLASS, ", ".join(f"{m} ({sizes[m]})" for m in left_out))
    # The shipped model is fitted on every file, held-out ones included, with the same settings.
    xall, yall = matrix(samples, classes)
    w, b = cached_fit(work, xall, yall, len(classes))
    held_scale = scale
    wq, bq, scale = quantize(w, b)
    # The margins were found in the held-out model's score units; the shipped model has its own.
    write_model(classes, wq, bq, [round(t / held_scale * scale) for t in margins], scale)
    with open(REPORT, "w") as f:
        f.write(report)
    print(report)


def margin_of(s):
    import numpy as np
    top2 = np.sort(s, axis=1)[:, -2:]
    return top2[:, 1] - top2[:, 0]


def calibrate(held, y, scale):
    """The smallest margin (best minus second best score) at which held-out answers are right
    at least PRECISION of the time; below it the classifier answers plain text."""
    import numpy as np
    predicted = held.argmax(axis=1)
    margin = margin_of(held)
    right = predicted == y
    rows = []
    chosen = None
    for t in range(0, int(8 * scale) + 1, max(1, int(scale / 4))):
        answered = margin >= t
        coverage = answered.mean()
        precision = right[answered].mean() if answered.any() else 1.0
        rows.append((t / scale, coverage, precision))
        if chosen is None and precision >= PRECISION:
            chosen = t
    return (chosen if chosen is not None else int(8 * scale)), rows


def calibrate_classes(held, y, scale, threshold, k):
    """A margin for each class, in place of the one margin of ``calibrate`` for all: the
    smallest at which the held-out answers naming the class are right at least PRECISION of
    the time, while at least MIN_CALIBRATION of them are left to judge by. A class that is
    rarely mistaken (Elixir, PHP) then answers at lower margins than one that is easily
    confused with its neighbours (C and C++ headers, Java and Groovy), which needs more.
    A class with too few held-out answers keeps the common margin, and no margin is below half
    of it: the held-out files are labelled code, markup and prose of the same packages, and
    text unlike any of them still has to win by something."""
    predicted = held.argmax(axis=1)
    margin = margin_of(held)
    right = predicted == y
    step = max(1, int(scale / 4))
    margins = []
    for c in range(k):
        mine = predicted == c
        chosen = threshold
        for t in range(threshold // 2, int(8 * scale) + 1, step):
            answered = mine & (margin >= t)
            if answered.sum() < MIN_CALIBRATION:
                break
            if right[answered].mean() >= PRECISION:
                chosen = t
                break
        margins.append(chosen)
    return margins


def evaluate(held, y, classes, threshold, tradeoff, scale, train_set, test_set, margins):
    import numpy as np
    import numpy as np
    predicted = held.argmax(axis=1)
    margin = margin_of(held)
    common = margin >= threshold
    answered = margin >= np.asarray(margins)[predicted]
    lines = [
        "# Text classifier",
        "",
        "Generated by `Catalog/scripts/train-text-classifier.py`; do not edit.",
        "",
        "`TextClassifier` (ContentSniffing) names the language or format of text from its first "
        "4 KiB alone: a softmax regression over hashed token, token-pair and line-opening features "
        f"({BUCKETS} buckets, Int8 weights), trained on files of the Debian packages in "
        "`Catalog/scripts/text-classifier-packages.txt`, labelled by their names. Files shorter than "
        f"{MIN_BYTES} bytes (blank space at either end aside) say too little to learn from and are left "
        "out, so the model is neither trained nor calibrated on such text: the library does not ask it "
        "about text that short, which stays plain text.",
        "",
        f"- classes: {len(classes)}",
        f"- training files: {len(train_set)}; held-out files: {len(test_set)} (held out by package, "
        "or by folder for classes that come from fewer than three packages)",
        f"- held-out accuracy (top answer): {(predicted == y).mean():.3f}",
        f"- one fallback margin for all classes would be {threshold / scale:.2f} (score units): above it "
        f"{common.mean():.3f} of held-out files are answered, {(predicted == y)[common].mean():.3f} of them rightly",
        f"- each class has its own margin (the table below; `calibrate_classes`): "
        f"{answered.mean():.3f} of held-out files are answered, {(predicted == y)[answered].mean():.3f} of them rightly; "
        "below its class's margin the answer is plain text",
        "",
        "## Threshold trade-off, one margin for all (held out)",
        "",
        "| margin | answered | right when answered |",
        "| ---: | ---: | ---: |",
    ]
    for t, coverage, precision in tradeoff:
        lines.append(f"| {t:.2f} | {coverage:.3f} | {precision:.3f} |")
    lines += ["", "## Per class (held out)", "",
              "Accuracy: how often the top answer is right; margin: the class's fallback margin, which an "
              "answer naming it must reach; answered: the share of the class's held-out files whose "
              "margin reaches that of the class they are taken for (the others fall back to plain text).", "",
              "| MIME type | training | held out | accuracy | margin | answered | most often confused with |",
              "| --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    train_counts = {}
    for s in train_set:
        train_counts[s["mime"]] = train_counts.get(s["mime"], 0) + 1
    for k, mime in enumerate(classes):
        mask = y == k
        count = int(mask.sum())
        if count == 0:
            lines.append(f"| {mime} | {train_counts.get(mime, 0)} | 0 | – | {margins[k] / scale:.2f} | – | |")
            continue
        accuracy = (predicted[mask] == k).mean()
        cover = answered[mask].mean()
        wrong = predicted[mask][predicted[mask] != k]
        confused = ""
        if len(wrong):
            top = np.bincount(wrong, minlength=len(classes)).argmax()
            confused = f"{classes[top]} ({(wrong == top).sum()})"
        lines.append(f"| {mime} | {train_counts.get(mime, 0)} | {count} | {accuracy:.3f} | {margins[k] / scale:.2f} | "
                     f"{cover:.3f} | {confused} |")
    return "\n".join(lines) + "\n"


def write_model(classes, wq, bq, margins, scale):
    """The model in two generated files: its facts as Swift (classes, sizes, margins, scale) in
    MODEL_SWIFT, and its weights and biases as C arrays in MODEL_C, which the library reads in
    place, with nothing to decode at run time."""
    import numpy as np
    write_model_files(classes, wq.astype(np.int8).tobytes(order="C"), bq.astype("<i2").tobytes(), margins, scale)


def write_model_files(classes, weight_bytes, bias_bytes, margins, scale):
    """Writes MODEL_SWIFT and MODEL_C: `weight_bytes` bucket-major Int8 weights (bucket x class),
    `bias_bytes` little-endian Int16 biases (one per class)."""
    assert len(weight_bytes) == BUCKETS * len(classes) and len(bias_bytes) == 2 * len(classes)
    with open(MODEL_SWIFT, "w") as f:
        f.write("// Generated by Catalog/scripts/train-text-classifier.py; do not edit.\n\n")
        f.write("/// The text classifier's model: its classes (MIME types), feature bucket count, the fallback\n")
        f.write("/// margin of each class (in score units, in class order) and its scale. The weights and\n")
        f.write("/// biases are C arrays in Sources/CTextClassifierModel, written by the same script.\n")
        f.write("enum TextClassifierModelData {\n")
        f.write(f"    static let classes: StaticString = \"{' '.join(classes)}\"\n")
        f.write(f"    static let bucketCount = {BUCKETS}\n")
        f.write(f"    static let fallbackMargins: StaticString = \"{' '.join(str(int(m)) for m in margins)}\"\n")
        f.write("    /// The fewest bytes of text, blank space at either end aside, that the model was trained\n")
        f.write("    /// and calibrated on: it does not read shorter text.\n")
        f.write(f"    static let minimumTextBytes = {MIN_BYTES}\n")
        f.write(f"    /// Score units per unit of the fitted weights (the report's margins are in fitted units).\n")
        f.write(f"    static let scale: Float = {scale:.6f}\n")
        f.write("}\n")
    weights = [b - 256 if b > 127 else b for b in weight_bytes]
    biases = [int.from_bytes(bias_bytes[i:i + 2], "little", signed=True) for i in range(0, len(bias_bytes), 2)]

    def rows(values, per_line):
        return "\n".join("    " + ",".join(str(v) for v in values[i:i + per_line]) + "," for i in range(0, len(values), per_line))

    with open(MODEL_C + ".tmp", "w") as f:
        f.write("// Generated by Catalog/scripts/train-text-classifier.py; do not edit.\n")
        f.write(f"// The text classifier's weights: {BUCKETS} feature buckets x {len(classes)} classes, bucket-major,\n")
        f.write("// then one bias per class, in the class order of TextClassifierModelData.\n\n")
        f.write("#include \"text_classifier_model.h\"\n\n")
        f.write(f"static const signed char weights[{len(weights)}] = {{\n{rows(weights, 32)}\n}};\n\n")
        f.write(f"static const int16_t biases[{len(biases)}] = {{\n{rows(biases, 16)}\n}};\n\n")
        f.write("const signed char *openwith_text_classifier_weights(void) { return weights; }\n\n")
        f.write("size_t openwith_text_classifier_weight_count(void) { return sizeof weights; }\n\n")
        f.write("const int16_t *openwith_text_classifier_biases(void) { return biases; }\n\n")
        f.write("size_t openwith_text_classifier_bias_count(void) { return sizeof biases / sizeof biases[0]; }\n")
    os.replace(MODEL_C + ".tmp", MODEL_C)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", default=os.path.join(ROOT, "Catalog", "work", "text-classifier"))
    parser.add_argument("step", nargs="?", default="all", choices=["download", "extract", "train", "all"])
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    if args.step in ("download", "all"):
        download(args.work)
    if args.step in ("extract", "all"):
        extract(args.work)
    if args.step in ("train", "all"):
        train(args.work)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generate OpenWith's system type catalog: the type universe.

Merges these sources into one declaration table:

  Catalog/sources/apple-system-types.tsv   Apple's system-declared identifiers (facts table)
  Catalog/sources/apple-descriptions.tsv   our descriptions of those identifiers
  Catalog/sources/supplement.tsv           our own additions and MIME claims (and, in its optional
                                           `globs` column, file names such as `.vimrc` and patterns
                                           such as `*.pack`, which another format shares)
  Catalog/sources/spellings.tsv            names of declared types that no registry lists as aliases
  Catalog/sources/same-formats.tsv         Tika types that are a higher registry's type under another name
  Catalog/sources/media-type-parents.tsv   the functional parent of each media type (image/* -> public.image ...)
  Catalog/sources/text-formats.tsv         formats whose specification makes them text, which no registry
                                           places under text/plain (each with its evidence)
  Catalog/sources/xml-formats.tsv          formats whose specification makes them XML documents, which no
                                           registry places under XML (each with its evidence)
  Catalog/sources/xml-roots.tsv            root elements a format's specification gives its documents,
                                           which no registry lists as root-XML rules (with evidence)
  Catalog/sources/stable-identifiers.tsv   the declarations of the earlier catalog (Apple's table
                                           and shared-mime-info 2.2): identifiers and preferred MIME
                                           types kept unchanged
  Catalog/sources/upstream/shared-mime-info.freedesktop.org.xml.in   upstream shared-mime-info
  Catalog/sources/upstream/tika-mimetypes.xml                        Apache Tika's registry
  Catalog/sources/upstream/mime.types                                Debian's mime.types (media-types)

(versions and licences in Catalog/sources/upstream/README.md) and writes

  Catalog/system-types.tsv                             the readable, diffable source of truth
  Sources/UniformTypes/Generated/SystemTypeData.swift  the same table compiled into the library
  Catalog/type-conflicts.md                            what the registries disagree on, and who won
  Catalog/xml-root-elements.tsv                        root-XML rules of shared-mime-info and Tika (and
                                                       xml-roots.tsv)
  Sources/ContentSniffing/Generated/XMLRootElementData.swift  the same, compiled in
  Sources/UniformTypes/Generated/MediaTypeParentData.swift    the media-type parents, compiled in (for
                                                               dynamic types and imported packages)

Precedence, highest first: Apple's table (with our supplement) > upstream shared-mime-info >
Apache Tika > Debian's mime.types. A higher registry decides:
  * Identifiers and conformance. Apple's identifiers and parents are never changed by another
    registry; every identifier an earlier catalog declared is kept (stable-identifiers.tsv).
  * Names. Names that mean the same type (an alias in any registry, Tika's <alias>, the same MIME
    type, or a Tika type that same-formats.tsv shows, by its magic and globs, to be a higher
    registry's type under another name) become MIME tags of ONE declaration, the preferred name
    first. A name already given to a
    declaration by a higher registry stays there; when a lower registry groups names that higher
    ones keep apart, the names stay apart and the disagreement is reported.
  * Globs and extensions. Apple's table and shared-mime-info are one tier (the machine's installed
    shared-mime-info is imported on top of this table at run time anyway, so its globs keep
    shared-mime-info's own weights and ties). An extension or glob that tier claims for one type is
    never added from Tika or mime.types to another type, and Tika's claims are not added from
    mime.types to another type (nor a literal name such as Tika's `README` that a higher
    registry's pattern such as `README*` matches); within Tika and within mime.types the first
    claim wins. Every
    refusal is listed in the conflict report. mime.types' extensions are kept only where no higher
    registry claims the extension.
  * Parents (sub-class-of). shared-mime-info's parents apply to the declaration its names map to,
    Apple's too (as the catalog always did: Apple's parents stay, shared-mime-info's are added).
    A parent a registry names is the declaration its own type of that name joined, even where a
    lookup of the name finds another declaration (Apple lists `application/x-msdownload` on its
    DLL type too); a name it does not declare itself is looked up.
    A shared-mime-info alias that Apple's table makes a type of its own (`image/heic`, an alias
    of `image/heif`, is Apple's `public.heic`) makes that type a sub-type of the alias's type
    (reported under "Aliases split off as sub-types").
    Tika's apply only to the declarations Tika's names alone made: a type a higher registry names
    keeps that registry's hierarchy, and Tika's other parents are listed as disagreeing. Tika's parent
    edge already implied is not added; an edge that would close a cycle is dropped and reported.
  * tika:uti attaches Tika's MIME types to the named Apple identifier when no higher registry
    already maps those names elsewhere (a disagreement is reported).

Identifiers of new types:
  * named by shared-mime-info: org.freedesktop.mime.<media>.<sub> (the existing scheme);
  * named only by Tika:        org.apache.tika.mime.<media>.<sub>;
  * named only by mime.types:  org.iana.mime.<media>.<sub>;
where characters outside [A-Za-z0-9.-] become '-' (MIME parameters, as in Tika's
`application/x-berkeley-db;format=hash`, are part of <sub>). A shared-mime-info 2.2 name listed in
stable-identifiers.tsv keeps its identifier even where upstream renamed the type (video/x-matroska
is now video/matroska: the declaration is still org.freedesktop.mime.video.x-matroska), and a
declaration of the earlier catalog keeps its preferred MIME type while it lists it (video/x-matroska
stays the name shown, the name `file` and Debian's shared-mime-info print). A MIME type
with parameters becomes its own declaration conforming to the type of its essence; looking a MIME
type up takes its essence, so such a name finds the essence's type.
Every new file type conforms to public.data (and to its media type's functional parent);
inode/* and x-content/* types sit directly under public.item.

Provenance. Every tag carries the registries that state it, in the `provenance` column of
system-types.tsv: space-separated items KIND:VALUE=SOURCES, KIND `e` (filename extension), `m`
(MIME type) or `g` (glob pattern), SOURCES one letter per registry, in precedence order:
  a Apple's table   o OpenWith's supplement   f upstream shared-mime-info   t Apache Tika
  m Debian's mime.types   s stable-identifiers.tsv (a shared-mime-info 2.2 name no registry states now)
e.g. `e:pdf=aftm m:application/pdf=aftm g:*.pdf=ft`.

Usage: python3 Catalog/scripts/generate-system-types.py [--mime-xml PATH] [--check] [--no-compile]
  --mime-xml    read another shared-mime-info XML instead of the upstream copy in Catalog/sources.
  --check       regenerate in memory and exit 1 if the committed outputs differ.
  --no-compile  do not run `swift run compile-magic-rules` after writing (by default it does: the
                compiled magic rules record each rule's type's ordinal in the table's graph).
"""

import argparse
import csv
import fnmatch
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = os.path.join(ROOT, "Catalog", "sources")
UPSTREAM = os.path.join(SOURCES, "upstream")
DEFAULT_MIME_XML = os.path.join(UPSTREAM, "shared-mime-info.freedesktop.org.xml.in")
TIKA_XML = os.path.join(UPSTREAM, "tika-mimetypes.xml")
MIME_TYPES = os.path.join(UPSTREAM, "mime.types")
OUT_TSV = os.path.join(ROOT, "Catalog", "system-types.tsv")
OUT_SWIFT = os.path.join(ROOT, "Sources", "UniformTypes", "Generated", "SystemTypeData.swift")
OUT_CONFLICTS = os.path.join(ROOT, "Catalog", "type-conflicts.md")
OUT_ROOTS_TSV = os.path.join(ROOT, "Catalog", "xml-root-elements.tsv")
OUT_ROOTS_SWIFT = os.path.join(ROOT, "Sources", "ContentSniffing", "Generated", "XMLRootElementData.swift")
OUT_MEDIA_SWIFT = os.path.join(ROOT, "Sources", "UniformTypes", "Generated", "MediaTypeParentData.swift")
NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
TIKA_NS = "{https://tika.apache.org/}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

VERIFIED_ORDER = ["primary", "openwith", "conflict", "secondary", "freedesktop"]
# How a MIME lookup orders declarations that list the same name (TagIndexes.swift).
LOOKUP_RANK = {"primary": 0, "openwith": 1, "freedesktop": 2, "conflict": 3, "secondary": 4}
COLUMNS = ["identifier", "conforms_to", "extensions", "mime_types", "globs", "description", "icon", "origin", "verified",
           "provenance"]
# Registry letters in precedence order (see the docstring).
SOURCE_ORDER = "aoftms"
REGISTRY_NAMES = {"a": "Apple's table", "o": "OpenWith's supplement", "f": "shared-mime-info", "t": "Tika",
                  "m": "mime.types", "s": "stable identifiers"}
# Which registries form one tier for glob and extension claims (see the docstring).
GLOB_TIER = {"a": 0, "o": 0, "f": 0, "t": 1, "m": 2}


def fail(message):
    sys.stderr.write("generate-system-types: " + message + "\n")
    sys.exit(2)


def split_list(text):
    return [item for item in (part.strip() for part in text.split(",")) if item]


def read_tsv(path, required):
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    for number, row in enumerate(rows, start=2):
        for key in required:
            if row.get(key) is None:
                fail(f"{path}: line {number}: missing column {key}")
    return rows


def read_media_parents():
    """The functional parent of a derived type by its media type, in the table's order."""
    parents = {}
    for row in read_tsv(os.path.join(SOURCES, "media-type-parents.tsv"), ["media_type", "parent"]):
        media = row["media_type"]
        if not re.fullmatch(r"[a-z0-9][a-z0-9.+-]*", media) or media in parents:
            fail(f"media-type-parents.tsv: '{media}' is not a new lowercase media type")
        if not re.fullmatch(r"[A-Za-z0-9.-]+", row["parent"]):
            fail(f"media-type-parents.tsv: '{row['parent']}' is not an identifier")
        parents[media] = row["parent"]
    return parents


MEDIA_PARENTS = read_media_parents()


def normalized_mime(text, where):
    """A registry's MIME name without white space around parameters; fails on a malformed one."""
    mime = re.sub(r"\s*;\s*", ";", (text or "").strip())
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9!#$&^_.+*-]+(;[A-Za-z0-9_.-]+=[A-Za-z0-9_.+-]+)*", mime):
        fail(f"{where}: '{text}' is not a MIME type")
    return mime


def derived_identifier(mime, prefix="org.freedesktop.mime."):
    media, _, sub = mime.partition("/")
    return prefix + re.sub(r"[^A-Za-z0-9.-]", "-", media) + "." + re.sub(r"[^A-Za-z0-9.-]", "-", sub)


def essence(mime):
    return mime.split(";", 1)[0]


class Declaration:
    def __init__(self, identifier, origin, verified, created_by):
        self.identifier = identifier
        self.created_by = created_by  # the registry letter that made the declaration
        self.parents = []
        self.extensions = []
        self.mimes = []
        self.globs = []  # (pattern, weight, case_sensitive)
        self.description = ""
        self.icon = ""
        self.origin = origin
        self.verified = verified
        self.sources = {}  # (kind, folded value) -> set of registry letters

    def note(self, kind, value, letter):
        self.sources.setdefault((kind, value.lower()), set()).add(letter)

    def add_unique(self, field, values, letter=None):
        target = getattr(self, field)
        seen = {v.lower() for v in target}
        kind = {"extensions": "e", "mimes": "m"}.get(field)
        for value in values:
            if value.lower() not in seen:
                target.append(value)
                seen.add(value.lower())
            if letter and kind:
                self.note(kind, value, letter)

    def add_glob(self, pattern, weight, case_sensitive, letter):
        if not any(p == pattern for p, _, _ in self.globs):
            self.globs.append((pattern, weight, case_sensitive))
        self.note("g", pattern, letter)


# ---------------------------------------------------------------------------------------------
# Readers of the registries. Each yields types as dicts: type, aliases, parents, globs, comment,
# icon, roots, uti.


def glob_entry(pattern, weight, case_sensitive, where):
    if not pattern or re.search(r"\s", pattern) or "=" in pattern:
        fail(f"{where}: glob pattern {pattern!r} is empty or has white space or '='")
    return (pattern, weight, case_sensitive)


def plain_comment(element, names):
    comment = ""
    for name in names:
        for c in element.findall(name):
            if c.get(XML_LANG) is None and not comment:
                comment = " ".join((c.text or "").split())
    return comment


def parse_mime_xml(path):
    """shared-mime-info's XML (the upstream .xml.in uses <_comment> or <comment>)."""
    tree = ET.parse(path)
    types = []
    for element in tree.getroot().findall(NS + "mime-type"):
        where = f"{os.path.basename(path)}: type {element.get('type')}"
        mime = normalized_mime(element.get("type"), where)
        globs = [glob_entry(g.get("pattern"), int(g.get("weight", "50")), g.get("case-sensitive") == "true", where)
                 for g in element.findall(NS + "glob")]
        generic = element.find(NS + "generic-icon")
        types.append({
            "type": mime,
            "comment": plain_comment(element, [NS + "comment", NS + "_comment"]),
            "aliases": [normalized_mime(a.get("type"), where) for a in element.findall(NS + "alias")],
            "parents": [normalized_mime(p.get("type"), where) for p in element.findall(NS + "sub-class-of")],
            "globs": globs,
            "icon": generic.get("name", "") if generic is not None else "",
            "roots": [(r.get("namespaceURI", ""), r.get("localName", "")) for r in element.findall(NS + "root-XML")],
            "uti": None,
        })
    return types


def parse_tika_xml(path, report):
    """Apache Tika's tika-mimetypes.xml (no namespace; regex globs are not filename globs)."""
    tree = ET.parse(path)
    types = []
    for element in tree.getroot().findall("mime-type"):
        where = f"{os.path.basename(path)}: type {element.get('type')}"
        mime = normalized_mime(element.get("type"), where)
        globs = []
        for g in element.findall("glob"):
            if g.get("isregex") == "true":
                report["regex globs"].append(f"`{mime}`: regular-expression glob `{g.get('pattern')}` is not a filename glob; skipped")
                continue
            globs.append(glob_entry(g.get("pattern"), 50, False, where))
        uti = element.find(TIKA_NS + "uti")
        types.append({
            "type": mime,
            "comment": plain_comment(element, ["_comment", "comment"]),
            "aliases": [normalized_mime(a.get("type"), where) for a in element.findall("alias")],
            "parents": [normalized_mime(p.get("type"), where) for p in element.findall("sub-class-of")],
            "globs": globs,
            "icon": "",
            "roots": [(r.get("namespaceURI", ""), r.get("localName", "")) for r in element.findall("root-XML")],
            "uti": (uti.text or "").strip() if uti is not None else None,
        })
    return types


def parse_mime_types(path):
    """Debian's mime.types: `media/subtype ext ext ...` per line, '#' comments."""
    types = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = line.split()
            mime = normalized_mime(fields[0], f"{os.path.basename(path)}: line {number}")
            for ext in fields[1:]:
                if not re.fullmatch(r"[A-Za-z0-9_+~%.-]+", ext) or ext.startswith("."):
                    fail(f"{os.path.basename(path)}: line {number}: '{ext}' is not an extension")
            types.append({"type": mime, "extensions": fields[1:]})
    return types


# ---------------------------------------------------------------------------------------------
# The merge.


class Universe:
    """The declarations being merged, the owner of every name and of every glob."""

    def __init__(self):
        self.declarations = {}  # folded identifier -> Declaration (insertion ordered)
        self.owner = {}  # folded MIME name -> Declaration
        self.claims = {}  # folded glob pattern -> [(tier, Declaration, letter)], first claim first
        self.wildcards = []  # (folded pattern with wildcards, its claimants), for literal names
        self.stable = {}  # folded MIME name -> stable identifier
        self.stable_rows = []
        self.report = {key: [] for key in REPORT_SECTIONS}

    def declare(self, identifier, origin, verified, created_by):
        if identifier.lower() in self.declarations:
            fail(f"identifier {identifier} would be declared twice")
        d = Declaration(identifier, origin, verified, created_by)
        self.declarations[identifier.lower()] = d
        return d

    def identifier_for(self, names, prefix):
        for name in names:
            stable = self.stable.get(name.lower())
            if stable and stable.lower() not in self.declarations:
                return stable, True
        return derived_identifier(names[0], prefix), False

    def claim(self, d, pattern, weight, case_sensitive, letter, what):
        """Adds `d` to the claimants of a glob unless a higher tier (or, in a lower tier, an
        earlier claim) gives it to another type only; returns whether it may be added."""
        # A case-sensitive pattern (`*.C` for C++) is its own key; others are compared folded.
        key = pattern + " (case-sensitive)" if case_sensitive else pattern.lower()
        tier = GLOB_TIER[letter]
        claimants = self.claims.setdefault(key, [])
        if any(c is d for _, c, _ in claimants):
            return True
        blocking = [(t, c, l) for t, c, l in claimants if t < tier or (t == tier and tier > 0)]
        if not blocking and tier > 0 and not re.search(r"[*?\[]", pattern):
            # A literal name (Tika's `README`) that a higher registry's pattern (`README*`) matches.
            blocking = [(t, c, l) for wildcard, entries in self.wildcards for t, c, l in entries
                        if t < tier and c is not d and fnmatch.fnmatchcase(pattern.lower(), wildcard)]
        if blocking:
            _, winner, winner_letter = blocking[0]
            self.report["globs"].append((key, winner.identifier, REGISTRY_NAMES[winner_letter], d.identifier,
                                         REGISTRY_NAMES[letter], what))
            return False
        claimants.append((tier, d, letter))
        if len(claimants) == 1 and re.search(r"[*?\[]", pattern) and not case_sensitive:
            self.wildcards.append((key, claimants))
        return True


REPORT_SECTIONS = ["globs", "parents", "aliases", "mime", "uti", "regex globs", "cycles", "split"]


def read_apple(universe):
    apple = read_tsv(os.path.join(SOURCES, "apple-system-types.tsv"), ["identifier", "conforms_to", "extensions", "mime_types", "verified"])
    descriptions = {r["identifier"]: r["description"] for r in read_tsv(os.path.join(SOURCES, "apple-descriptions.tsv"), ["identifier", "description"])}
    supplement = read_tsv(os.path.join(SOURCES, "supplement.tsv"), ["identifier", "conforms_to", "extensions", "mime_types", "verified", "description"])
    for row in apple:
        ident = row["identifier"]
        if ident not in descriptions:
            fail(f"apple-descriptions.tsv: no description for {ident}")
        d = universe.declare(ident, "apple", row["verified"], "a")
        d.parents = split_list(row["conforms_to"])
        d.add_unique("extensions", split_list(row["extensions"]), "a")
        d.add_unique("mimes", split_list(row["mime_types"]), "a")
        d.description = descriptions[ident]
    for row in supplement:
        ident = row["identifier"]
        d = universe.declarations.get(ident.lower())
        if d is None:
            d = universe.declare(ident, "openwith", row["verified"], "o")
            d.description = row["description"]
        d.add_unique("parents", split_list(row["conforms_to"]))
        d.add_unique("extensions", split_list(row["extensions"]), "o")
        d.add_unique("mimes", split_list(row["mime_types"]), "o")
        # File names the format's own tool gives its files (`.vimrc`), and extensions it shares
        # with a format the top tier already has (`*.pack`, Pack200's and Git's), claimed as
        # weight-50 case-insensitive globs in the top tier, as shared-mime-info's own are.
        for pattern in (row.get("globs") or "").split():
            glob_entry(pattern, 50, False, f"supplement.tsv: {ident}")
            if universe.claim(d, pattern, 50, False, "o", ident):
                d.add_glob(pattern, 50, False, "o")
    for d in universe.declarations.values():
        for ext in d.extensions:
            universe.claim(d, "*." + ext, 50, False, "a" if d.origin == "apple" else "o", ext)
    for row in read_tsv(os.path.join(SOURCES, "stable-identifiers.tsv"), ["identifier", "origin", "mime_types", "conforms_to", "description"]):
        universe.stable_rows.append(row)
        if row["origin"] != "freedesktop":
            continue
        for mime in split_list(row["mime_types"]):
            universe.stable.setdefault(mime.lower(), row["identifier"])


def merge_freedesktop(universe, fd_types):
    """shared-mime-info: as the earlier catalogs did, a type an Apple declaration claims (by its
    name or an alias) joins that declaration; any other becomes a declaration of its own."""
    canonical_of = {}
    for t in fd_types:
        canonical_of[t["type"].lower()] = t["type"]
        for alias in t["aliases"]:
            if canonical_of.setdefault(alias.lower(), t["type"]) != t["type"]:
                universe.report["aliases"].append(
                    f"`{alias}`: shared-mime-info gives it to `{canonical_of[alias.lower()]}` and to `{t['type']}`; the first keeps it")
    claimants = {}
    for d in universe.declarations.values():
        for position, mime in enumerate(d.mimes):
            canonical = canonical_of.get(mime.lower())
            if canonical:
                claimants.setdefault(canonical.lower(), []).append((d, position))
    owners = {}
    for t in fd_types:
        candidates = claimants.get(t["type"].lower(), [])
        if not candidates:
            continue
        glob_exts = {p[2:].lower() for p, _, _ in t["globs"] if p.startswith("*.")}

        def preference(entry):
            d, position = entry
            overlap = len(glob_exts & {e.lower() for e in d.extensions})
            return (-overlap, position, VERIFIED_ORDER.index(d.verified) if d.verified in VERIFIED_ORDER else 9, len(d.identifier), d.identifier)

        owners[t["type"].lower()] = sorted(candidates, key=preference)[0][0]
    for t in fd_types:
        if t["type"].lower() not in owners:
            ident, _ = universe.identifier_for([t["type"]] + t["aliases"], "org.freedesktop.mime.")
            d = universe.declare(ident, "freedesktop", "freedesktop", "f")
            d.description = t["comment"]
            owners[t["type"].lower()] = d
    for t in fd_types:
        d = owners[t["type"].lower()]
        names = [t["type"]] + [a for a in t["aliases"] if canonical_of[a.lower()] == t["type"]]
        for name in names:
            universe.owner.setdefault(name.lower(), d)
        d.add_unique("mimes", [n for n in names if universe.owner[n.lower()] is d], "f")
        for pattern, weight, case_sensitive in t["globs"]:
            universe.claim(d, pattern, weight, case_sensitive, "f", t["type"])
            d.add_glob(pattern, weight, case_sensitive, "f")
            simple = re.fullmatch(r"\*\.([^*?\[\]]+)", pattern)
            if simple and not case_sensitive:
                d.add_unique("extensions", [simple.group(1).lower()], "f")
        if not d.icon:
            d.icon = t["icon"]
    # The Apple declarations' own names that shared-mime-info does not know.
    for d in list(universe.declarations.values()):
        for mime in d.mimes:
            universe.owner.setdefault(mime.lower(), d)
    # On Linux the shared-mime-info canonical name is the one to show. Of the freedesktop types
    # merged into a declaration, the preferred MIME type is the one whose glob for the
    # declaration's preferred extension weighs most (`*.py` weighs 60 for text/x-python, 50 for
    # text/x-python3), else the one with the heaviest glob; the first among equals.
    preferred = {}
    for t in fd_types:
        d = owners[t["type"].lower()]
        first_ext = d.extensions[0].lower() if d.extensions else None
        on_first = [w for p, w, cs in t["globs"] if first_ext and p.lower() == "*." + first_ext]
        score = (max(on_first) if on_first else -1, max([w for _, w, _ in t["globs"]], default=0))
        current = preferred.get(d.identifier.lower())
        if current is None or score > current[1]:
            preferred[d.identifier.lower()] = (t["type"], score)
    for key, (mime, _) in preferred.items():
        d = universe.declarations[key]
        d.mimes = [mime] + [m for m in d.mimes if m.lower() != mime.lower()]
    # A declaration of the earlier catalogs keeps its preferred MIME type while it still lists it:
    # upstream renamed some types (audio/x-wav is now audio/vnd.wave), and the names `file` and
    # the installed shared-mime-info print stay the ones shown; the new names are aliases.
    for row in universe.stable_rows:
        d = universe.declarations.get(row["identifier"].lower())
        earlier = split_list(row["mime_types"])
        if d is not None and earlier and any(m.lower() == earlier[0].lower() for m in d.mimes):
            d.mimes = [earlier[0]] + [m for m in d.mimes if m.lower() != earlier[0].lower()]
    # A name several declarations list belongs to the one a lookup finds (TagIndexes' order: how
    # well verified, the tag's position, the identifier), so lower registries' aliases join it.
    listed = {}
    for d in universe.declarations.values():
        for position, mime in enumerate(d.mimes):
            rank = LOOKUP_RANK.get(d.verified, len(LOOKUP_RANK))
            listed.setdefault(mime.lower(), []).append((rank, position, d.identifier.lower(), d))
    for key, entries in listed.items():
        if len(entries) > 1:
            universe.owner[key] = min(entries, key=lambda entry: entry[:3])[3]
    return owners


def read_same_formats(universe):
    """Catalog/sources/same-formats.tsv: Tika types that describe a format a higher registry
    already declares under another name (the same magic at the same offset, the same globs),
    where no registry lists the names as aliases; `same_as` is a MIME type or, for a declaration
    without one, an identifier. Returns {Tika name: declaration}."""
    same = {}
    for row in read_tsv(os.path.join(SOURCES, "same-formats.tsv"), ["mime_type", "same_as", "evidence"]):
        mime, other = row["mime_type"].strip().lower(), row["same_as"].strip().lower()
        target = universe.owner.get(other) or universe.declarations.get(other)
        if target is None:
            fail(f"same-formats.tsv: {mime}: '{other}' names no type of a higher registry")
        if not row["evidence"].strip():
            fail(f"same-formats.tsv: {mime}: the evidence column is empty")
        same[mime] = target
    return same


def merge_tika(universe, tika_types):
    """Tika: its names join the declaration a higher registry gives them (by name, or by
    same-formats.tsv); others join the declaration of their tika:uti, or become
    org.apache.tika.mime.* declarations."""
    owners = {}
    same_formats = read_same_formats(universe)

    def higher(name):
        """The declaration a higher registry gives `name`, by name or by same-formats.tsv."""
        return universe.owner.get(name.lower()) or same_formats.get(name.lower())

    for t in tika_types:
        names = [t["type"]] + t["aliases"]
        mapped = []
        for name in names:
            d = higher(name)
            if d is not None and d not in mapped:
                mapped.append(d)
        uti = universe.declarations.get(t["uti"].lower()) if t["uti"] else None
        if t["uti"] and uti is None:
            universe.report["uti"].append(f"`{t['type']}`: tika:uti `{t['uti']}` is not declared; ignored")
        target = higher(t["type"]) or (mapped[0] if mapped else None) or uti
        if target is None:
            ident, stable = universe.identifier_for(names, "org.apache.tika.mime.")
            target = universe.declare(ident, "freedesktop" if stable else "tika", "freedesktop" if stable else "tika", "t")
            target.description = t["comment"]
        if uti is not None and target is not uti:
            universe.report["uti"].append(
                f"`{t['type']}`: Tika says `{t['uti']}`, a higher registry gives the name to `{target.identifier}`; kept there")
        if len(mapped) > 1:
            universe.report["aliases"].append(
                f"`{t['type']}`: Tika makes " + ", ".join(f"`{n}`" for n in names)
                + " one type; higher registries (or earlier Tika types) keep them apart (" + ", ".join(f"`{d.identifier}`" for d in mapped)
                + "); each name stays with its declaration")
        for name in names:
            d = universe.owner.setdefault(name.lower(), target)
            if d is target:
                target.add_unique("mimes", [name], "t")
            else:
                d.note("m", name, "t")
        if not target.description:
            target.description = t["comment"]
        for pattern, weight, case_sensitive in t["globs"]:
            if universe.claim(target, pattern, weight, case_sensitive, "t", t["type"]):
                # A plain `*.ext` becomes an extension tag (as Apple's and mime.types' do), any
                # other pattern a glob.
                simple = re.fullmatch(r"\*\.([^*?\[\]]+)", pattern)
                if simple:
                    target.add_unique("extensions", [simple.group(1).lower()], "t")
                    if any(p.lower() == pattern.lower() for p, _, _ in target.globs):
                        target.note("g", pattern, "t")
                else:
                    target.add_glob(pattern, weight, case_sensitive, "t")
        owners[t["type"].lower()] = target
    return owners


def merge_mime_types(universe, entries):
    """mime.types: a name joins its declaration or becomes an org.iana.mime.* one; an extension
    is added only where no higher registry (or earlier line) claims it."""
    for entry in entries:
        mime = entry["type"]
        target = universe.owner.get(mime.lower())
        if target is None:
            ident, stable = universe.identifier_for([mime], "org.iana.mime.")
            target = universe.declare(ident, "freedesktop" if stable else "iana", "freedesktop" if stable else "iana", "m")
            universe.owner[mime.lower()] = target
        target.add_unique("mimes", [mime], "m")
        for ext in entry["extensions"]:
            key = "*." + ext.lower()
            if universe.claim(target, key, 50, False, "m", mime):
                target.add_unique("extensions", [ext.lower()], "m")


def claim_bare_essences(universe):
    """A lookup takes a MIME type's essence, so a name with parameters whose essence no registry
    names makes its declaration answer to the essence too."""
    for name, d in list(universe.owner.items()):
        bare = essence(name)
        if bare != name and bare not in universe.owner:
            universe.owner[bare] = d
            d.add_unique("mimes", [bare])
            for letter in d.sources.get(("m", name), set()):
                d.note("m", bare, letter)


def add_spellings(universe):
    """Catalog/sources/spellings.tsv: names that mean a type the registries already declare, but
    that no registry lists as its alias (libmagic's `application/x-mach-binary` for Tika's
    `application/x-mach-o`). Each becomes an extra MIME tag of that declaration (provenance `o`);
    `same_as` is a MIME type or, for a declaration without one, an identifier. A name some
    declaration already owns is left with it and reported."""
    for row in read_tsv(os.path.join(SOURCES, "spellings.tsv"), ["mime_type", "same_as", "note"]):
        mime, same = row["mime_type"].strip(), row["same_as"].strip()
        target = universe.owner.get(same.lower()) or universe.declarations.get(same.lower())
        if target is None:
            fail(f"spellings.tsv: {mime}: '{same}' names no declared type")
        owner = universe.owner.get(mime.lower())
        if owner is not None:
            if owner is not target:
                universe.report["aliases"].append(f"`{mime}`: spellings.tsv gives it to `{target.identifier}`, but `{owner.identifier}` owns it; kept there")
            continue
        target.add_unique("mimes", [mime], "o")
        universe.owner[mime.lower()] = target


def declare_stable_leftovers(universe):
    """Identifiers of earlier catalogs whose names no registry states any more stay declared."""
    for row in universe.stable_rows:
        if row["identifier"].lower() in universe.declarations:
            continue
        if row["origin"] != "freedesktop":
            fail(f"stable-identifiers.tsv: {row['identifier']} is no longer declared")
        d = universe.declare(row["identifier"], "freedesktop", "freedesktop", "s")
        d.description = row["description"]
        # Its earlier parents, where still declared (checked with the rest).
        d.parents = [p for p in split_list(row["conforms_to"]) if p.lower() in universe.declarations]
        for mime in split_list(row["mime_types"]):
            owner = universe.owner.setdefault(mime.lower(), d)
            if owner is not d:
                # Its name now belongs to a declaration made for the same format (image/jxl went
                # to Apple's public.jpeg-xl; upstream renamed application/x-awk text/x-awk, and
                # spellings.tsv gives the old name to it): the old identifier stays, as a kind of
                # that declaration, and the name is left to the owner, so that a lookup finds it
                # whatever the two declarations' ranks.
                if owner.identifier.lower() not in [p.lower() for p in d.parents]:
                    d.parents = [owner.identifier] + [p for p in d.parents if not conforms(universe.declarations, owner.identifier, p)]
                continue
            d.add_unique("mimes", [mime], "s")


def would_cycle(declarations, child, parent):
    """True if making `parent` a parent of `child` closes a cycle (parent already conforms to child)."""
    stack, seen = [parent.lower()], set()
    while stack:
        current = stack.pop()
        if current == child.lower():
            return True
        if current in seen or current not in declarations:
            continue
        seen.add(current)
        stack.extend(p.lower() for p in declarations[current].parents)
    return False


def conforms(declarations, ident, target):
    stack, seen = [ident.lower()], set()
    while stack:
        key = stack.pop()
        if key == target.lower():
            return True
        if key in seen or key not in declarations:
            continue
        seen.add(key)
        stack.extend(p.lower() for p in declarations[key].parents)
    return False


def add_parents(universe, types, owners, registry):
    declarations = universe.declarations
    for t in types:
        d = owners[t["type"].lower()]
        parent_names = list(t["parents"])
        if ";" in t["type"] and essence(t["type"]).lower() != t["type"].lower():
            parent_names.append(essence(t["type"]))
        for parent_mime in parent_names:
            # A parent is the declaration the registry's own type of that name joined:
            # shared-mime-info's `application/x-msdownload` (a Windows or DOS program) joined Apple's
            # Windows executable, although Apple lists that name on its DLL type too and a lookup
            # finds it there. A name the registry does not declare itself is looked up.
            parent = owners.get(parent_mime.lower()) or universe.owner.get(parent_mime.lower())
            if parent is None:
                universe.report["parents"].append(f"`{t['type']}`: {registry} sub-class-of `{parent_mime}` names no type; skipped")
                continue
            if parent is d or any(p.lower() == parent.identifier.lower() for p in d.parents):
                continue
            if registry == "Tika" and conforms(declarations, d.identifier, parent.identifier):
                continue
            if registry == "Tika" and d.created_by != "t":
                universe.report["parents"].append(
                    f"`{t['type']}` (`{d.identifier}`): Tika sub-class-of `{parent_mime}` (`{parent.identifier}`): "
                    "the type's hierarchy is its higher registry's; not added")
                continue
            add_parent_edge(universe, d, parent, f"`{t['type']}`: {registry} sub-class-of `{parent_mime}`")


def add_parent_edge(universe, child, parent, what):
    """Adds `parent` to `child`'s parents, unless the edge would close a cycle (then the
    edge, described by `what`, is reported and dropped). Returns whether it was added."""
    if would_cycle(universe.declarations, child.identifier, parent.identifier):
        universe.report["cycles"].append(
            f"{what} (`{parent.identifier}`) would close a cycle with `{child.identifier}`; edge dropped")
        return False
    child.parents.append(parent.identifier)
    return True


def add_split_alias_parents(universe, fd_types, fd_owners):
    """A shared-mime-info alias that a higher registry made a type of its own (Apple's
    `public.heic` for `image/heic`, an alias of shared-mime-info's `image/heif`) names files that
    shared-mime-info counts as its type: that type becomes a parent of the split-off one, so apps
    that claim the shared-mime-info type are offered those files, as on the desktop. Only where
    the alias is the split-off type's preferred name, the edge is not already implied and closes
    no cycle."""
    declarations = universe.declarations
    for t in fd_types:
        d = fd_owners[t["type"].lower()]
        for alias in t["aliases"]:
            o = universe.owner.get(alias.lower())
            if o is None or o is d or not o.mimes or o.mimes[0].lower() != alias.lower():
                continue
            if conforms(declarations, o.identifier, d.identifier):
                continue
            if add_parent_edge(universe, o, d, f"`{alias}`: shared-mime-info alias of `{t['type']}`"):
                universe.report["split"].append(
                    f"`{alias}`: an alias of shared-mime-info's `{t['type']}`, `{o.identifier}`'s own name; `{o.identifier}` conforms to `{d.identifier}`")


def add_text_parents(universe):
    """Catalog/sources/text-formats.tsv: formats whose specification makes them text but that no
    registry places under text/plain (shared-mime-info's `application/sparql-query` is a kind of
    data only, its `image/x-xfig` an image only). The declaration of each MIME type becomes a kind of `public.plain-text` as well,
    so text editors are offered for it and text content can be refined to it."""
    add_specified_parents(universe, "text-formats.tsv", "public.plain-text", "public.text", "text")


def add_xml_parents(universe):
    """Catalog/sources/xml-formats.tsv: formats whose specification makes them XML documents but
    that no registry places under XML (Tika's and mime.types' `text/vnd.wap.sl`, WAP Service
    Loading, a kind of text only). The declaration of each MIME type becomes a kind of
    `public.xml` as well, so text that does not open as XML refutes its name (an S-Lang library
    named `.sl`)."""
    add_specified_parents(universe, "xml-formats.tsv", "public.xml", "public.xml", "XML")


def add_specified_parents(universe, filename, parent, already, kind):
    """Makes the declaration of each MIME type listed in Catalog/sources/`filename` (columns
    mime_type and evidence) a kind of `parent`; a row whose type already conforms to `already`
    (it is a kind of `kind`), that names no declared type or that gives no evidence is an error."""
    for row in read_tsv(os.path.join(SOURCES, filename), ["mime_type", "evidence"]):
        mime = row["mime_type"].strip()
        target = evidenced_target(universe, filename, mime, row["evidence"])
        if conforms(universe.declarations, target.identifier, already):
            fail(f"{filename}: {mime}: {target.identifier} is already a kind of {kind}")
        target.parents.append(parent)


def evidenced_target(universe, filename, mime, evidence):
    """The declaration that a row of one of our own tables (Catalog/sources/`filename`) names by
    `mime`; a MIME type no declared type has, or a row without evidence, is an error."""
    target = universe.owner.get(mime.lower())
    if target is None:
        fail(f"{filename}: {mime}: no declared type has this MIME type")
    if not evidence.strip():
        fail(f"{filename}: {mime}: the evidence column is empty")
    return target


# RFC 6839 structured syntax suffixes: a media type named `…+xml` is XML, `…+json` JSON and
# `…+zip` a ZIP archive, whatever else it is.
SUFFIX_PARENTS = {"+xml": "public.xml", "+json": "public.json", "+zip": "public.zip-archive"}


def add_suffix_parents(universe):
    """A declaration whose preferred MIME type carries a structured syntax suffix (RFC 6839) and
    that no registry gave a parent becomes a kind of the suffix's syntax: `application/route-s-tsid+xml`
    (IANA, a kind of nothing in any registry) is XML, so text without XML's opening `<` refutes
    its name and text editors are offered for it. A declaration with a parent keeps its own
    (shared-mime-info's `model/3mf` is a ZIP archive, not the XML its MIME type's suffix
    names: the suffix there names the main part)."""
    for d in universe.declarations.values():
        if d.origin in ("apple", "openwith") or not d.mimes or d.parents:
            continue
        mime = d.mimes[0].lower()
        for suffix, syntax in SUFFIX_PARENTS.items():
            if mime.endswith(suffix) and d.identifier.lower() != syntax:
                d.parents.append(syntax)


def add_functional_parents(universe):
    declarations = universe.declarations
    for d in declarations.values():
        if d.origin in ("apple", "openwith") or not d.mimes:
            continue
        media = d.mimes[0].split("/", 1)[0].lower()
        if media in ("inode", "x-content"):
            if not d.parents:
                d.parents.append("public.item")
            continue
        functional = MEDIA_PARENTS.get(media)
        if functional and not conforms(declarations, d.identifier, functional):
            d.parents.append(functional)
        if not conforms(declarations, d.identifier, "public.data"):
            d.parents.append("public.data")


def check_consistency(declarations):
    for d in declarations.values():
        for p in d.parents:
            if p.lower() not in declarations:
                fail(f"{d.identifier}: parent {p} is not declared")
    state = {}

    def visit(key, path):
        state[key] = 1
        for p in declarations[key].parents:
            pk = p.lower()
            if state.get(pk) == 1:
                fail("conformance cycle: " + " -> ".join(path + [p]))
            if pk not in state:
                visit(pk, path + [p])
        state[key] = 2

    sys.setrecursionlimit(10000)
    for key in list(declarations):
        if key not in state:
            visit(key, [declarations[key].identifier])


def build(mime_xml):
    universe = Universe()
    read_apple(universe)
    fd_types = parse_mime_xml(mime_xml)
    tika_types = parse_tika_xml(TIKA_XML, universe.report)
    fd_owners = merge_freedesktop(universe, fd_types)
    tika_owners = merge_tika(universe, tika_types)
    merge_mime_types(universe, parse_mime_types(MIME_TYPES))
    claim_bare_essences(universe)
    add_spellings(universe)
    declare_stable_leftovers(universe)
    add_parents(universe, fd_types, fd_owners, "shared-mime-info")
    add_parents(universe, tika_types, tika_owners, "Tika")
    add_split_alias_parents(universe, fd_types, fd_owners)
    add_text_parents(universe)
    add_xml_parents(universe)
    add_suffix_parents(universe)
    add_functional_parents(universe)
    check_consistency(universe.declarations)
    roots, seen_roots = [], set()
    for types, owners, registry in [(fd_types, fd_owners, "shared-mime-info"), (tika_types, tika_owners, "Tika")]:
        for t in types:
            for namespace, local in t["roots"]:
                # Tika has rules by namespace alone (an empty local name) and by local name alone.
                if "\t" in namespace + local or "\n" in namespace + local or not (local or namespace):
                    fail(f"{registry}: {t['type']}: malformed root-XML")
                key = (namespace, local)
                ident = owners[t["type"].lower()].identifier
                if key in seen_roots:
                    first = next(r for r in roots if (r[0], r[1]) == key)
                    if first[2] != ident:
                        universe.report["mime"].append(
                            f"root-XML `{namespace}` `{local}`: {first[3]} says `{first[2]}`, {registry} `{ident}`; the first kept")
                    continue
                seen_roots.add(key)
                roots.append((namespace, local, ident, registry))
    add_specified_roots(universe, roots, seen_roots)
    return list(universe.declarations.values()), universe.report, [(n, l, i) for n, l, i, _ in roots], universe.owner


def add_specified_roots(universe, roots, seen_roots):
    """Catalog/sources/xml-roots.tsv: root elements that a format's specification gives its
    documents but that no registry lists as a root-XML rule (an XMP packet's `x:xmpmeta`
    wrapper, whose content is RDF/XML). Each row (namespace, local_name, mime_type, evidence)
    comes after the registries' rules; a root a registry already maps, a MIME type no declared
    type has, a type that is not XML or a row without evidence is an error."""
    filename = "xml-roots.tsv"
    for row in read_tsv(os.path.join(SOURCES, filename), ["namespace", "local_name", "mime_type", "evidence"]):
        namespace, local, mime = row["namespace"].strip(), row["local_name"].strip(), row["mime_type"].strip()
        if not local:
            fail(f"{filename}: {namespace}: a root needs a local name")
        target = evidenced_target(universe, filename, mime, row["evidence"])
        if not conforms(universe.declarations, target.identifier, "public.xml"):
            fail(f"{filename}: {mime}: {target.identifier} is not a kind of XML")
        if (namespace, local) in seen_roots:
            fail(f"{filename}: {namespace} {local}: a registry already maps this root")
        seen_roots.add((namespace, local))
        roots.append((namespace, local, target.identifier, "OpenWith"))


# ---------------------------------------------------------------------------------------------
# Output.


def provenance(d):
    def letters(kind, value):
        found = d.sources.get((kind, value.lower()))
        if not found:
            fail(f"{d.identifier}: {kind} tag {value} has no source")
        return "".join(c for c in SOURCE_ORDER if c in found)

    items = [f"e:{e}={letters('e', e)}" for e in d.extensions]
    items += [f"m:{m}={letters('m', m)}" for m in d.mimes]
    items += [f"g:{p}={letters('g', p)}" for p, _, _ in d.globs]
    return " ".join(items)


def render_tsv(declarations):
    lines = ["\t".join(COLUMNS)]
    for d in declarations:
        for text in [d.description, d.icon]:
            if "\t" in text or "\n" in text:
                fail(f"{d.identifier}: description or icon contains a tab or newline")
        globs = " ".join(f"{p}:{w}" + (":cs" if cs else "") for p, w, cs in d.globs)
        lines.append("\t".join([
            d.identifier, ",".join(d.parents), ",".join(d.extensions), ",".join(d.mimes),
            globs, d.description, d.icon, d.origin, d.verified, provenance(d),
        ]))
    return "\n".join(lines) + "\n"
def source_digest(data):
    """The 64-bit digest UniformTypes computes of a source's bytes (TypeGraph.sourceDigest):
    8-byte little-endian words, then the tail with the length in its top byte, each mixed in."""
    mask = (1 << 64) - 1
    value = 0x9E3779B97F4A7C15

    def mix(value, word):
        x = ((value ^ word) * 0xFF51AFD7ED558CCD) & mask
        x ^= x >> 33
        return ((x * 0xC4CEB9FE1A85EC53) & mask) ^ (x >> 29)

    whole = len(data) - len(data) % 8
    for offset in range(0, whole, 8):
        value = mix(value, int.from_bytes(data[offset:offset + 8], "little"))
    tail = int.from_bytes(data[whole:], "little")
    return mix(value, tail ^ ((len(data) << 56) & mask))


def render_swift(tsv):
    if '"""##' in tsv:
        fail("the table contains the raw string delimiter")
    return (
        "// Generated by Catalog/scripts/generate-system-types.py from Catalog/system-types.tsv.\n"
        "// Do not edit: change the sources in Catalog/sources and run the script again.\n\n"
        "extension SystemTypeCatalog {\n"
        "    /// The system type declaration table, as in `Catalog/system-types.tsv`.\n"
        "    static let table: StaticString = ##\"\"\"\n"
        + tsv + "\n"
        "\"\"\"##\n\n"
        "    /// The table's digest (`TypeGraph.sourceDigest(ofBytes:)` of its UTF-8 bytes), computed\n"
        "    /// when the table was generated, so no process hashes the table to find it.\n"
        f"    static let generatedTableDigest: UInt64 = 0x{source_digest(tsv.encode('utf-8')):016x}\n"
        "}\n"
    )


def render_roots_tsv(roots):
    lines = ["namespace\tlocal_name\tidentifier"]
    for namespace, local, ident in roots:
        lines.append(f"{namespace}\t{local}\t{ident}")
    return "\n".join(lines) + "\n"


def render_roots_swift(tsv):
    return (
        "// Generated by Catalog/scripts/generate-system-types.py from Catalog/xml-root-elements.tsv.\n"
        "// Do not edit: run the script again.\n\n"
        "extension XMLRootElementTable {\n"
        "    /// The root-XML rules of shared-mime-info and Tika, as in `Catalog/xml-root-elements.tsv`.\n"
        "    static let table: StaticString = ##\"\"\"\n"
        + tsv + "\n"
        "\"\"\"##\n"
        "}\n"
    )


def render_media_swift(parents):
    rows = "".join(f'        ("{media}", "{parent}"),\n' for media, parent in parents.items())
    return (
        "// Generated by Catalog/scripts/generate-system-types.py from Catalog/sources/media-type-parents.tsv.\n"
        "// Do not edit: change the sources in Catalog/sources and run the script again.\n\n"
        "extension TypeIdentifier {\n"
        "    /// The functional parent of each media type, as in `Catalog/sources/media-type-parents.tsv`.\n"
        "    static let mediaTypeParentTable: [(mediaType: String, parent: TypeIdentifier)] = [\n"
        + rows +
        "    ]\n"
        "}\n"
    )


def shared_names_report(declarations, universe_owner):
    """Names that several declarations list: which one a MIME lookup finds."""
    listed = {}
    for d in declarations:
        for mime in d.mimes:
            listed.setdefault(mime.lower(), []).append(d)
    lines = []
    for key, ds in listed.items():
        if len(ds) > 1:
            owner = universe_owner.get(key)
            lines.append(f"`{key}`: listed by " + ", ".join(f"`{d.identifier}`" for d in ds)
                         + (f"; a lookup finds `{owner.identifier}`" if owner else ""))
    return lines


def render_conflicts(declarations, report, owner):
    globs = {}
    for key, winner, winner_registry, loser, loser_registry, mime in report["globs"]:
        globs.setdefault(key, []).append((winner, winner_registry, loser, loser_registry, mime))
    shared = shared_names_report(declarations, owner)
    counts = {
        "extensions and globs refused": len(report["globs"]),
        "parents that disagree": len(report["parents"]),
        "parent edges dropped (cycles)": len(report["cycles"]),
        "aliases that disagree": len(report["aliases"]),
        "aliases split off as sub-types": len(report["split"]),
        "tika:uti disagreements": len(report["uti"]),
        "MIME types several declarations list": len(shared),
        "root-XML rules that disagree": len(report["mime"]),
        "regular-expression globs skipped": len(report["regex globs"]),
    }
    out = [
        "# Type conflicts",
        "",
        "Generated by `Catalog/scripts/generate-system-types.py`; do not edit. What the registries merged",
        "into `Catalog/system-types.tsv` disagree on, and which answer the table keeps. Precedence, highest",
        "first: Apple's table (with OpenWith's supplement) > upstream shared-mime-info > Apache Tika >",
        "Debian's mime.types (the script's docstring gives the rules).",
        "",
        f"{len(declarations)} declared types.",
        "",
        "| conflict | count |",
        "|---|---:|",
    ]
    out += [f"| {name} | {count} |" for name, count in counts.items()]
    out += ["", "## Extensions and globs claimed for several types", "",
            "A lower registry's claim on an extension or glob that a higher one (or an earlier entry of the",
            "same lower registry) gives to another type is not added: the first type keeps it.", ""]
    for key in sorted(globs):
        entries = globs[key]
        winner, winner_registry = entries[0][0], entries[0][1]
        losers = "; ".join(f"{lr} `{mime}` (`{loser}`)" for _, _, loser, lr, mime in entries)
        out.append(f"- `{key}`: `{winner}` ({winner_registry}) wins over {losers}")
    sections = [
        ("Parents that disagree", report["parents"]),
        ("Parent edges dropped because they would close a cycle", report["cycles"]),
        ("Aliases that disagree", report["aliases"]),
        ("Aliases split off as sub-types", report["split"]),
        ("tika:uti that disagree", report["uti"]),
        ("MIME types several declarations list",
         ["Apple's table gives these names to several of its types; a MIME lookup finds the first in",
          "preference order (verification, then the tag's position, then the identifier), and the",
          "lower registries' aliases of the name join that one.", ""] + shared),
        ("Root-XML rules that disagree", report["mime"]),
        ("Regular-expression globs", report["regex globs"]),
    ]
    for title, lines in sections:
        out += ["", "## " + title, ""]
        out += [line if not line or line[0] not in "`r" else "- " + line for line in lines] or ["None."]
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mime-xml", default=DEFAULT_MIME_XML)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--no-compile", action="store_true", help="do not run swift run compile-magic-rules after writing")
    args = parser.parse_args()
    for path in [args.mime_xml, TIKA_XML, MIME_TYPES]:
        if not os.path.exists(path):
            fail(f"{path}: not found (see Catalog/sources/upstream/README.md)")
    declarations, report, roots, owner = build(args.mime_xml)
    tsv = render_tsv(declarations)
    swift = render_swift(tsv)
    roots_tsv = render_roots_tsv(roots)
    outputs = [
        (OUT_TSV, tsv), (OUT_SWIFT, swift), (OUT_ROOTS_TSV, roots_tsv), (OUT_ROOTS_SWIFT, render_roots_swift(roots_tsv)),
        (OUT_MEDIA_SWIFT, render_media_swift(MEDIA_PARENTS)), (OUT_CONFLICTS, render_conflicts(declarations, report, owner)),
    ]
    if args.check:
        stale = [path for path, text in outputs
                 if not os.path.exists(path) or open(path, encoding="utf-8").read() != text]
        if stale:
            sys.stderr.write("out of date: " + ", ".join(os.path.relpath(p, ROOT) for p in stale) + "\n")
            sys.exit(1)
        print(f"up to date: {len(declarations)} declarations")
        return
    for path, text in outputs:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    print(f"wrote {len(declarations)} declarations (conflicts in {os.path.relpath(OUT_CONFLICTS, ROOT)})")
    # The compiled magic rules record each rule's ordinal in the system catalog's graph: compiled
    # again against the table just written.
    if not args.no_compile:
        status = subprocess.call(["swift", "run", "compile-magic-rules"], cwd=ROOT)
        if status != 0:
            fail(f"swift run compile-magic-rules exited with {status}")


if __name__ == "__main__":
    main()

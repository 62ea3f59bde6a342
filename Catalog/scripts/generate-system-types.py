#!/usr/bin/env python3
"""Generate OpenWith's system type catalog.

Merges three sources into one declaration table:

  Catalog/sources/apple-system-types.tsv   Apple's system-declared identifiers (facts table)
  Catalog/sources/apple-descriptions.tsv   our descriptions of those identifiers
  Catalog/sources/supplement.tsv           our own additions and MIME claims
  Catalog/sources/media-type-parents.tsv   the functional parent of each media type (image/* → public.image …)
  shared-mime-info's freedesktop.org.xml   every freedesktop MIME type (default: the system copy)

and writes

  Catalog/system-types.tsv                             the readable, diffable source of truth
  Sources/UniformTypes/Generated/SystemTypeData.swift  the same table compiled into the library
  Catalog/xml-root-elements.tsv                        shared-mime-info's root-XML rules (namespace, element → type)
  Sources/ContentSniffing/Generated/XMLRootElementData.swift  the same, compiled in
  Sources/UniformTypes/Generated/MediaTypeParentData.swift    the media-type parents, compiled in (for
                                                               dynamic types and imported packages)

Merge rules (DESIGN.md, "Types"):
  * A MIME type that an Apple type claims (directly or through one of its aliases) becomes a tag of
    that Apple type, together with its aliases, its globs and its sub-class-of parents (a parent
    edge that would close a cycle is dropped and reported).
  * A MIME type that no Apple type claims becomes a declared type `org.freedesktop.mime.<media>.<sub>`
    (characters outside [A-Za-z0-9.-] become '-'), with its sub-class-of parents, its aliases as extra
    MIME tags, its globs, and a functional parent from its media type.
  * Every file type conforms to public.data; inode/* types sit directly under public.item.

Usage: python3 Catalog/scripts/generate-system-types.py [--mime-xml PATH] [--check]
  --check  regenerate in memory and exit 1 if the committed outputs differ.
"""

import argparse
import csv
import os
import re
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = os.path.join(ROOT, "Catalog", "sources")
OUT_TSV = os.path.join(ROOT, "Catalog", "system-types.tsv")
OUT_SWIFT = os.path.join(ROOT, "Sources", "UniformTypes", "Generated", "SystemTypeData.swift")
OUT_ROOTS_TSV = os.path.join(ROOT, "Catalog", "xml-root-elements.tsv")
OUT_ROOTS_SWIFT = os.path.join(ROOT, "Sources", "ContentSniffing", "Generated", "XMLRootElementData.swift")
OUT_MEDIA_SWIFT = os.path.join(ROOT, "Sources", "UniformTypes", "Generated", "MediaTypeParentData.swift")
DEFAULT_MIME_XML = "/usr/share/mime/packages/freedesktop.org.xml"
NS = "{http://www.freedesktop.org/standards/shared-mime-info}"

VERIFIED_ORDER = ["primary", "openwith", "conflict", "secondary", "freedesktop"]
COLUMNS = ["identifier", "conforms_to", "extensions", "mime_types", "globs", "description", "icon", "origin", "verified"]


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
    """The functional parent of a freedesktop type by its media type, in the table's order."""
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


def derived_identifier(mime):
    media, _, sub = mime.partition("/")
    return "org.freedesktop.mime." + re.sub(r"[^A-Za-z0-9.-]", "-", media) + "." + re.sub(r"[^A-Za-z0-9.-]", "-", sub)


class Declaration:
    def __init__(self, identifier, origin, verified):
        self.identifier = identifier
        self.parents = []
        self.extensions = []
        self.mimes = []
        self.globs = []  # (pattern, weight, case_sensitive)
        self.description = ""
        self.icon = ""
        self.origin = origin
        self.verified = verified

    def add_unique(self, field, values):
        target = getattr(self, field)
        seen = {v.lower() for v in target}
        for value in values:
            if value.lower() not in seen:
                target.append(value)
                seen.add(value.lower())


def parse_mime_xml(path):
    tree = ET.parse(path)
    types = []
    for element in tree.getroot().findall(NS + "mime-type"):
        mime = element.get("type")
        comment = ""
        for c in element.findall(NS + "comment"):
            if c.get("{http://www.w3.org/XML/1998/namespace}lang") is None:
                comment = (c.text or "").strip()
        globs = []
        for g in element.findall(NS + "glob"):
            pattern = g.get("pattern")
            if not pattern or re.search(r"\s", pattern):
                fail(f"{path}: type {mime}: glob pattern {pattern!r} is empty or has white space")
            globs.append((pattern, int(g.get("weight", "50")), g.get("case-sensitive") == "true"))
        icon = ""
        generic = element.find(NS + "generic-icon")
        if generic is not None:
            icon = generic.get("name", "")
        roots = [(r.get("namespaceURI", ""), r.get("localName", "")) for r in element.findall(NS + "root-XML")]
        types.append({
            "roots": roots,
            "type": mime,
            "comment": comment,
            "aliases": [a.get("type") for a in element.findall(NS + "alias")],
            "parents": [p.get("type") for p in element.findall(NS + "sub-class-of")],
            "globs": globs,
            "icon": icon,
        })
    return types


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


def build(mime_xml):
    apple = read_tsv(os.path.join(SOURCES, "apple-system-types.tsv"), ["identifier", "conforms_to", "extensions", "mime_types", "verified"])
    descriptions = {r["identifier"]: r["description"] for r in read_tsv(os.path.join(SOURCES, "apple-descriptions.tsv"), ["identifier", "description"])}
    supplement = read_tsv(os.path.join(SOURCES, "supplement.tsv"), ["identifier", "conforms_to", "extensions", "mime_types", "verified", "description"])

    declarations = {}  # folded id -> Declaration (insertion ordered)
    for row in apple:
        ident = row["identifier"]
        if ident.lower() in declarations:
            fail(f"apple-system-types.tsv: identifier {ident} declared twice")
        d = Declaration(ident, "apple", row["verified"])
        d.parents = split_list(row["conforms_to"])
        d.extensions = split_list(row["extensions"])
        d.mimes = split_list(row["mime_types"])
        if ident not in descriptions:
            fail(f"apple-descriptions.tsv: no description for {ident}")
        d.description = descriptions[ident]
        declarations[ident.lower()] = d
    for row in supplement:
        ident = row["identifier"]
        d = declarations.get(ident.lower())
        if d is None:
            d = Declaration(ident, "openwith", row["verified"])
            d.description = row["description"]
            declarations[ident.lower()] = d
        d.add_unique("parents", split_list(row["conforms_to"]))
        d.add_unique("extensions", split_list(row["extensions"]))
        d.add_unique("mimes", split_list(row["mime_types"]))

    fd_types = parse_mime_xml(mime_xml)
    canonical_of = {}
    for t in fd_types:
        canonical_of[t["type"].lower()] = t["type"]
        for alias in t["aliases"]:
            canonical_of.setdefault(alias.lower(), t["type"])

    # Which declaration claims each freedesktop type: an Apple/supplement type naming it or an alias.
    claimants = {}
    for d in declarations.values():
        for position, mime in enumerate(d.mimes):
            canonical = canonical_of.get(mime.lower())
            if canonical:
                claimants.setdefault(canonical.lower(), []).append((d, position))
    owner = {}
    for t in fd_types:
        candidates = claimants.get(t["type"].lower(), [])
        if not candidates:
            owner[t["type"].lower()] = None
            continue
        glob_exts = {p[2:].lower() for p, _, _ in t["globs"] if p.startswith("*.")}

        def preference(entry):
            d, position = entry
            overlap = len(glob_exts & {e.lower() for e in d.extensions})
            return (-overlap, position, VERIFIED_ORDER.index(d.verified) if d.verified in VERIFIED_ORDER else 9, len(d.identifier), d.identifier)

        owner[t["type"].lower()] = sorted(candidates, key=preference)[0][0]

    report = []
    # Declare the unclaimed types first so that parent references resolve.
    for t in fd_types:
        if owner[t["type"].lower()] is None:
            ident = derived_identifier(t["type"])
            if ident.lower() in declarations:
                fail(f"derived identifier {ident} of {t['type']} collides with an existing declaration")
            d = Declaration(ident, "freedesktop", "freedesktop")
            d.description = t["comment"]
            declarations[ident.lower()] = d
            owner[t["type"].lower()] = d

    def uti_for_mime(mime):
        canonical = canonical_of.get(mime.lower())
        return owner.get(canonical.lower()) if canonical else None

    for t in fd_types:
        d = owner[t["type"].lower()]
        d.add_unique("mimes", [t["type"]] + t["aliases"])
        for pattern, weight, case_sensitive in t["globs"]:
            d.globs.append((pattern, weight, case_sensitive))
            simple = re.fullmatch(r"\*\.([^*?\[\]]+)", pattern)
            if simple and not case_sensitive:
                d.add_unique("extensions", [simple.group(1).lower()])
        if not d.icon:
            d.icon = t["icon"]
        for parent_mime in t["parents"]:
            parent = uti_for_mime(parent_mime)
            if parent is None:
                report.append(f"{t['type']}: sub-class-of {parent_mime} is not a known type; edge skipped")
                continue
            if parent is d or parent.identifier.lower() in (p.lower() for p in d.parents):
                continue
            if would_cycle(declarations, d.identifier, parent.identifier):
                report.append(f"{t['type']}: sub-class-of {parent_mime} ({parent.identifier}) would close a cycle with {d.identifier}; edge skipped")
                continue
            d.parents.append(parent.identifier)

    # On Linux the shared-mime-info canonical name is the one to show. Of the freedesktop types
    # merged into a declaration, the preferred MIME type is the one whose glob for the
    # declaration's preferred extension weighs most (`*.py` weighs 60 for text/x-python, 50 for
    # text/x-python3), else the one with the heaviest glob; the first among equals.
    preferred = {}
    for t in fd_types:
        d = owner[t["type"].lower()]
        first_ext = d.extensions[0].lower() if d.extensions else None
        on_first = [w for p, w, cs in t["globs"] if first_ext and p.lower() == "*." + first_ext]
        score = (max(on_first) if on_first else -1, max([w for _, w, _ in t["globs"]], default=0))
        current = preferred.get(d.identifier.lower())
        if current is None or score > current[1]:
            preferred[d.identifier.lower()] = (t["type"], score)
    for key, (mime, _) in preferred.items():
        d = declarations[key]
        d.mimes = [mime] + [m for m in d.mimes if m.lower() != mime.lower()]

    def conforms(ident, target, seen=None):
        seen = seen if seen is not None else set()
        key = ident.lower()
        if key == target:
            return True
        if key in seen or key not in declarations:
            return False
        seen.add(key)
        return any(conforms(p, target, seen) for p in declarations[key].parents)

    # Functional and physical parents of the derived types.
    for t in fd_types:
        d = owner[t["type"].lower()]
        if d.origin != "freedesktop":
            continue
        media = t["type"].split("/", 1)[0].lower()
        if media == "inode" or media == "x-content":
            if not d.parents:
                d.parents.append("public.item")
            continue
        functional = MEDIA_PARENTS.get(media)
        if functional and not conforms(d.identifier, functional):
            d.parents.append(functional)
        if not conforms(d.identifier, "public.data"):
            d.parents.append("public.data")

    # Consistency: every parent declared, no cycles.
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

    for key in list(declarations):
        if key not in state:
            visit(key, [declarations[key].identifier])
    roots = []
    for t in fd_types:
        for namespace, local in t["roots"]:
            if "\t" in namespace + local or not local:
                fail(f"{t['type']}: malformed root-XML")
            roots.append((namespace, local, owner[t["type"].lower()].identifier))
    return list(declarations.values()), report, roots


def render_tsv(declarations):
    lines = ["\t".join(COLUMNS)]
    for d in declarations:
        for text in [d.description, d.icon]:
            if "\t" in text or "\n" in text:
                fail(f"{d.identifier}: description or icon contains a tab or newline")
        globs = " ".join(f"{p}:{w}" + (":cs" if cs else "") for p, w, cs in d.globs)
        lines.append("\t".join([
            d.identifier, ",".join(d.parents), ",".join(d.extensions), ",".join(d.mimes),
            globs, d.description, d.icon, d.origin, d.verified,
        ]))
    return "\n".join(lines) + "\n"


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
        "\"\"\"##\n"
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
        "    /// The shared-mime-info root-XML rules, as in `Catalog/xml-root-elements.tsv`.\n"
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mime-xml", default=DEFAULT_MIME_XML)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if not os.path.exists(args.mime_xml):
        fail(f"{args.mime_xml}: not found (install Debian's shared-mime-info package)")
    declarations, report, roots = build(args.mime_xml)
    tsv = render_tsv(declarations)
    swift = render_swift(tsv)
    roots_tsv = render_roots_tsv(roots)
    outputs = [
        (OUT_TSV, tsv), (OUT_SWIFT, swift), (OUT_ROOTS_TSV, roots_tsv), (OUT_ROOTS_SWIFT, render_roots_swift(roots_tsv)),
        (OUT_MEDIA_SWIFT, render_media_swift(MEDIA_PARENTS)),
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
    for line in report:
        sys.stderr.write("note: " + line + "\n")
    print(f"wrote {len(declarations)} declarations")


if __name__ == "__main__":
    main()

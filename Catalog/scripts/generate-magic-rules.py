#!/usr/bin/env python3
"""Generate OpenWith's content-magic rule table from shared-mime-info and Apache Tika.

Reads every <magic priority=..> element, with its nested <match> tree, of both registries kept in
Catalog/sources/upstream/: shared-mime-info's source database (freedesktop.org.xml.in) and Apache
Tika's tika-mimetypes.xml. Maps each rule's MIME type to an OpenWith type identifier with
Catalog/system-types.tsv (the first row whose mime_types column lists it, or lists one of the
type's aliases in either registry), and writes

  Catalog/magic-rules.txt                     the readable, diffable source of truth

and then runs `swift run compile-magic-rules`, which compiles that text into the rule image the
library carries (Sources/CMagicRuleImage/magic_rule_image.c); a test checks the image is current.

Both registries' rules are kept. Two rules for the same identifier with the same checks are one
rule (with the higher priority, and both sources named). The table is ordered by priority, highest
first; among equal priorities shared-mime-info's rules come before Tika's, each in document order.

shared-mime-info's values and masks are decoded as update-mime-database decodes them (its
reference compiler), so that the table means what /usr/share/mime/magic means:
  * string values take the C escapes \\n \\r \\t \\b \\f \\v, \\xHH (one or two hex digits), \\OOO
    (one to three octal digits) and \\c for any other character c; other bytes are the UTF-8 of
    the attribute text;
  * numbers (byte, host16/32, big16/32, little16/32) are read like strtoul(value, 0): decimal,
    0x hexadecimal or 0 octal; masks of numbers the same way;
  * string masks are hexadecimal with a 0x prefix, written from the first byte on; a mask shorter
    than its value leaves the remaining bytes unmasked-off (zero), as update-mime-database does;
  * offset is "start" or "start:end", both inclusive.

Tika's are decoded as Tika's MimeTypesReader decodes them:
  * a <match> without a type is a string; without an offset, at offset 0;
  * string, stringignorecase, unicodeLE and regex values that start with 0x are hexadecimal bytes;
    others take the escapes \\\\ \\xHH \\r \\n \\t, \\ and octal digits, and \\c for any other
    character c, each character then being one byte (Latin-1); unicodeLE values become UTF-16LE;
  * stringignorecase compares ASCII letters without regard to case;
  * host16/host32 are little-endian (Tika reads them so), numbers are decimal, 0x hexadecimal or
    0 octal;
  * a mask shorter than its value is padded with ones (compare the rest), a longer one pads the
    value with zeros;
  * <match minShouldMatch="N"> holds no test of its own: it matches when at least N of its nested
    matches match;
  * regex values are Java regular expressions, tried at each offset of the range against a window
    of at most 8 KiB from that offset and anchored at its start (Matcher.lookingAt). Only the
    subset that OpenWith's engine (Sources/ContentSniffing/MagicRules/MagicRegex*.swift) compiles
    is accepted: literals, ., classes with ranges and negation, \\d \\D \\s \\S \\w \\W, \\b \\B, ^ and $,
    groups (?:..) and (..), alternation, * + ? {m} {m,} {m,n} greedy or lazy, the flags (?s)
    and (?i), and the escapes \\xHH \\uHHHH (up to \\u00FF) \\t \\n \\r \\f \\e \\a \\0OOO. A rule with a
    pattern outside it (lookaround, atomic groups, backreferences) is left out, with a message
    naming its type: one alternative fewer only narrows what the rule matches; a match left with
    none of its nested matches, or a minShouldMatch left with fewer than N, goes too, and so does
    a rule left with no match.

MIME types are read with white space removed (Tika writes "application/x-geopackage; version=1.1Or1.0";
the catalog lists "application/x-geopackage;version=1.1Or1.0").

Malformed data (an unknown type, a number that does not fit, a mask longer than a
shared-mime-info value, a MIME type that no row of system-types.tsv lists) stops the script with
a message naming the type; --skip-unmapped leaves unmapped types out instead, with a count.

Usage: python3 Catalog/scripts/generate-magic-rules.py [--mime-xml PATH] [--tika-xml PATH] [--check] [--no-compile]
       [--skip-unmapped]
  --check  regenerate in memory and exit 1 if the committed outputs differ.
"""

import argparse
import csv
import os
import re
import sys
import subprocess
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TYPES_TSV = os.path.join(ROOT, "Catalog", "system-types.tsv")
OUT_TEXT = os.path.join(ROOT, "Catalog", "magic-rules.txt")
UPSTREAM = os.path.join(ROOT, "Catalog", "sources", "upstream")
DEFAULT_MIME_XML = os.path.join(UPSTREAM, "shared-mime-info.freedesktop.org.xml.in")
DEFAULT_TIKA_XML = os.path.join(UPSTREAM, "tika-mimetypes.xml")
NS = "{http://www.freedesktop.org/standards/shared-mime-info}"

# Width in bytes of each numeric match type.
NUMBER_WIDTHS = {"byte": 1, "host16": 2, "big16": 2, "little16": 2, "host32": 4, "big32": 4, "little32": 4}

# The most bytes a regex looks at from the offset it starts at (Tika's window).
REGEX_WINDOW = 8192

HEADER = """\
# OpenWith content-magic rules, generated by Catalog/scripts/generate-magic-rules.py from
# shared-mime-info's freedesktop.org.xml.in and Apache Tika's tika-mimetypes.xml (both in
# Catalog/sources/upstream). Do not edit: run the script again.
#
# {rules} rules with {matches} matches: {smi} from shared-mime-info, {tika} from Tika ({both} of
# them in both), ordered by priority (highest first; among equal priorities shared-mime-info's
# before Tika's, each in document order).
#
# A rule is a block of lines that ends with an empty line:
#
#   [PRIORITY:MIME-TYPE] IDENTIFIER SOURCES
#   >TYPE OFFSET =VALUE [&MASK] ["TEXT"]
#   >>TYPE OFFSET =VALUE [&MASK] ["TEXT"]
#   >>least N
#
# The header line gives the rule's priority (0-100; 50 when the XML gives none), its MIME type as
# the registry names it, the OpenWith type identifier that Catalog/system-types.tsv gives that
# MIME type, and the registries the rule comes from (smi, tika or smi,tika). Each following line
# is one <match>; its number of '>' is its depth (1 = top level). A rule matches when one of its
# top-level matches matches; a match with nested matches matches only when its own test passes
# and one of its nested matches matches too (<a><b/><c/></a> means "a and (b or c)"). A
# "least N" line (Tika's minShouldMatch) has no test of its own: it matches when at least N of
# its nested matches match. The highest priority wins; equal priorities go to the rule that
# comes first.
#
#   TYPE    string, stringignorecase, unicodeLE, regex, byte, big16, big32, little16, little32,
#           host16 or host32 (host: the byte order of the machine that evaluates the rule).
#           unicodeLE is a string whose VALUE is already the UTF-16LE bytes of the text.
#           stringignorecase compares ASCII letters without regard to case.
#   OFFSET  START or START:END, decimal byte offsets, both inclusive: the value may begin at any
#           offset in the range.
#   VALUE   for the string types, the bytes in hexadecimal (two digits a byte); for regex, the
#           bytes of the pattern (a Java regular expression, in the subset the generator's
#           docstring lists), matched at each offset of the range against at most 8192 bytes
#           from there and anchored at that offset; for the number types, the number in
#           hexadecimal with a 0x prefix and two digits a byte (byte: 2, *16: 4, *32: 8).
#   MASK    optional, in the same form as VALUE and of the same length: only the bits set in
#           the mask are compared, (file & MASK) == (VALUE & MASK). Never on a regex.
#   TEXT    for strings and regexes, the value as text for readers (\\xHH for bytes outside
#           printable ASCII and for '"' and the backslash). It is a comment: VALUE is what counts.
"""


def fail(message):
    sys.stderr.write("generate-magic-rules: " + message + "\n")
    sys.exit(2)


def hex_digit(byte):
    """The value of an ASCII hex digit byte, or -1 (update-mime-database's hextoint)."""
    char = chr(byte)
    if char in "0123456789":
        return byte - 0x30
    if char in "abcdef":
        return byte - 0x61 + 10
    if char in "ABCDEF":
        return byte - 0x41 + 10
    return -1


def decode_string(text):
    """The bytes of a string match value, with C escapes resolved as update-mime-database's getstr."""
    source = text.encode("utf-8")
    out = bytearray()
    index = 0
    simple = {ord("n"): 0x0A, ord("r"): 0x0D, ord("b"): 0x08, ord("t"): 0x09, ord("f"): 0x0C, ord("v"): 0x0B}
    while index < len(source):
        byte = source[index]
        index += 1
        if byte != 0x5C:  # backslash
            out.append(byte)
            continue
        if index >= len(source):
            break  # a trailing backslash ends the value
        byte = source[index]
        index += 1
        if byte in simple:
            out.append(simple[byte])
        elif 0x30 <= byte <= 0x37:  # up to three octal digits
            value = byte - 0x30
            for _ in range(2):
                if index < len(source) and 0x30 <= source[index] <= 0x37:
                    value = (value << 3) | (source[index] - 0x30)
                    index += 1
                else:
                    break
            out.append(value & 0xFF)
        elif byte == ord("x"):  # up to two hex digits; "\x" alone is 'x'
            value = ord("x")
            if index < len(source) and hex_digit(source[index]) >= 0:
                value = hex_digit(source[index])
                index += 1
                if index < len(source) and hex_digit(source[index]) >= 0:
                    value = (value << 4) | hex_digit(source[index])
                    index += 1
            out.append(value)
        else:
            out.append(byte)
    return bytes(out)


def parse_number(text, what):
    """strtoul(text, 0) without its leniency: decimal, 0x hexadecimal or 0 octal, whole string."""
    stripped = text.strip()
    if re.fullmatch(r"0[xX][0-9A-Fa-f]+", stripped):
        return int(stripped[2:], 16)
    if re.fullmatch(r"0[0-7]*", stripped):
        return int(stripped, 8)
    if re.fullmatch(r"[1-9][0-9]*", stripped):
        return int(stripped, 10)
    fail(f"{what}: {text!r} is not a number")


def decode_string_mask(text, length, what):
    """A string mask: 0x + hex digits, filled from the first byte, zero-padded to `length`."""
    if not text.startswith("0x"):
        fail(f"{what}: string mask {text!r} must start with 0x")
    digits = text[2:]
    if len(digits) > 2 * length:
        fail(f"{what}: mask {text!r} is longer than the value ({length} bytes)")
    mask = bytearray(length)
    for position, char in enumerate(digits):
        value = hex_digit(ord(char)) if len(char.encode("utf-8")) == 1 else -1
        if value < 0:
            fail(f"{what}: {char!r} in mask {text!r} is not a hex digit")
        mask[position >> 1] |= value if position & 1 else value << 4
    return bytes(mask)


def parse_offset(text, what):
    match = re.fullmatch(r"\s*([0-9]+)(?::([0-9]+))?\s*", text or "")
    if not match:
        fail(f"{what}: invalid offset {text!r}")
    start = int(match.group(1))
    end = int(match.group(2)) if match.group(2) is not None else start
    if end < start or end > 0x7FFF_FFFF:
        fail(f"{what}: invalid offset {text!r}")
    return start, end



def decode_tika_string(text, what):
    """The bytes of a Tika string-like value: 0x hex, or escapes resolved, one byte a character."""
    if text.startswith("0x"):
        # Tika reads whole pairs of digits: an odd last digit is dropped.
        digits = text[2:2 + (len(text) - 2) // 2 * 2]
        if not re.fullmatch(r"[0-9A-Fa-f]*", digits):
            fail(f"{what}: {text!r} is not hexadecimal bytes")
        return list(bytes.fromhex(digits))
    out = []
    index = 0
    simple = {"r": 0x0D, "n": 0x0A, "t": 0x09}
    while index < len(text):
        char = text[index]
        index += 1
        if char != "\\" or index >= len(text):
            out.append(ord(char))
            continue
        char = text[index]
        index += 1
        if char == "x" and re.fullmatch(r"[0-9A-Fa-f]{2}", text[index:index + 2]):
            out.append(int(text[index:index + 2], 16))
            index += 2
        elif char in simple:
            out.append(simple[char])
        elif char.isdigit():
            digits = char
            while len(digits) < 3 and index < len(text) and text[index] in "01234567":
                digits += text[index]
                index += 1
            out.append(int(digits, 8) & 0xFF)
        else:
            out.append(ord(char))
    for code in out:
        if code > 0xFFFF:
            fail(f"{what}: {text!r} has a character outside the 16-bit range")
    return out  # code units; the caller narrows to bytes or widens to UTF-16LE


def parse_tika_number(text, what):
    stripped = text.strip()
    if stripped.startswith("0x") or stripped.startswith("0X"):
        digits = stripped[2:]
        if re.fullmatch(r"[0-9A-Fa-f]+", digits):
            return int(digits, 16)
    elif re.fullmatch(r"0[0-7]*", stripped):
        return int(stripped, 8)
    elif re.fullmatch(r"[1-9][0-9]*", stripped):
        return int(stripped, 10)
    fail(f"{what}: {text!r} is not a number")


class Match:
    def __init__(self, kind, start, end, value, mask, children, least=0):
        self.kind = kind          # a string type, "regex", a key of NUMBER_WIDTHS, or "least"
        self.start = start
        self.end = end
        self.value = value        # bytes (string types, regex) or int (numbers)
        self.mask = mask          # bytes (string types), int (numbers) or None
        self.children = children
        self.least = least        # for "least": how many nested matches must match


def parse_smi_match(element, what):
    kind = element.get("type")
    value_text = element.get("value")
    mask_text = element.get("mask")
    start, end = parse_offset(element.get("offset"), what)
    if value_text is None or value_text == "":
        fail(f"{what}: a match has no value")
    if kind == "string":
        value = decode_string(value_text)
        if not value:
            fail(f"{what}: string value {value_text!r} is empty")
        mask = decode_string_mask(mask_text, len(value), what) if mask_text is not None else None
    elif kind in NUMBER_WIDTHS:
        limit = 1 << (8 * NUMBER_WIDTHS[kind])
        value = parse_number(value_text, what)
        if value >= limit:
            fail(f"{what}: value {value_text} does not fit in a {kind}")
        mask = None
        if mask_text is not None:
            mask = parse_number(mask_text, what)
            if mask >= limit:
                fail(f"{what}: mask {mask_text} does not fit in a {kind}")
    else:
        fail(f"{what}: unknown match type {kind!r}")
    children = [parse_smi_match(child, what) for child in element.findall(NS + "match")]
    return Match(kind, start, end, value, mask, children)


class Unsupported(Exception):
    """A regex outside the subset the engine compiles."""


def parse_tika_matches(elements, what, report):
    """The matches that can be compiled. A match with a regex outside the subset is left out
    (reported): one alternative fewer only narrows what a rule matches. A match whose nested
    matches were all left out is left out too (it would otherwise match on its own test)."""
    matches = []
    for element in elements:
        try:
            match = parse_tika_match(element, what, report)
        except Unsupported as problem:
            report.append(f"{what}: a match left out, {problem}")
            continue
        if match is not None:
            matches.append(match)
    return matches


def parse_tika_match(element, what, report):
    nested = element.findall("match")
    children = parse_tika_matches(nested, what, report)
    if nested and not children:
        return None
    least = element.get("minShouldMatch")
    if least is not None:
        if not re.fullmatch(r"[1-9][0-9]*", least) or element.get("value") is not None:
            fail(f"{what}: bad minShouldMatch match")
        if int(least) > len(nested):
            fail(f"{what}: minShouldMatch={least} with {len(nested)} nested matches")
        if int(least) > len(children):
            return None
        return Match("least", 0, 0, None, None, children, int(least))
    kind = element.get("type", "string")
    value_text = element.get("value")
    mask_text = element.get("mask")
    start, end = parse_offset(element.get("offset", "0"), what)
    if value_text is None or value_text == "":
        fail(f"{what}: a match has no value")
    if kind in ("string", "stringignorecase", "unicodeLE", "regex"):
        units = decode_tika_string(value_text, what)
        if kind == "unicodeLE":
            value = b"".join(code.to_bytes(2, "little") for code in units)
        else:
            value = bytes(code & 0xFF for code in units)
        if kind == "stringignorecase":
            value = value.lower()
        if not value:
            fail(f"{what}: value {value_text!r} is empty")
        mask = None
        if mask_text is not None:
            if kind == "regex":
                fail(f"{what}: a regex with a mask")
            mask = bytes(code & 0xFF for code in decode_tika_string(mask_text, what))
            if len(mask) < len(value):
                mask += b"\xff" * (len(value) - len(mask))
            elif len(mask) > len(value):
                value += b"\x00" * (len(mask) - len(value))
        if kind == "regex":
            problem = regex_problem(value)
            if problem:
                raise Unsupported(f"regex \"{display(value)}\": {problem}")
        return Match(kind, start, end, value, mask, children)
    if kind in NUMBER_WIDTHS:
        limit = 1 << (8 * NUMBER_WIDTHS[kind])
        value = parse_tika_number(value_text, what)
        mask = parse_tika_number(mask_text, what) if mask_text is not None else None
        if value >= limit or (mask is not None and mask >= limit):
            fail(f"{what}: value or mask does not fit in a {kind}")
        # Tika reads host16/host32 little-endian.
        kind = {"host16": "little16", "host32": "little32"}.get(kind, kind)
        return Match(kind, start, end, value, mask, children)
    fail(f"{what}: unknown match type {kind!r}")


# ---- The regex subset (mirrors MagicRegexCompiler.swift) ----

def regex_problem(pattern):
    """None when the engine compiles `pattern`, else why not."""
    try:
        parser = RegexSyntax(pattern)
        parser.alternation(0)
        if parser.index != len(pattern):
            return f"unbalanced ')' at {parser.index}"
    except Unsupported as problem:
        return str(problem)
    return None


class RegexSyntax:
    """A recursive-descent reader of the accepted regex grammar; raises Unsupported."""

    def __init__(self, pattern):
        self.pattern = pattern
        self.index = 0

    def peek(self, ahead=0):
        position = self.index + ahead
        return self.pattern[position] if position < len(self.pattern) else None

    def alternation(self, depth):
        if depth > 32:
            raise Unsupported("groups nested too deeply")
        self.sequence(depth)
        while self.peek() == ord("|"):
            self.index += 1
            self.sequence(depth)

    def sequence(self, depth):
        while self.peek() is not None and self.peek() not in (ord("|"), ord(")")):
            quantifiable = self.atom(depth)
            self.quantifier(quantifiable)

    def atom(self, depth):
        byte = self.peek()
        self.index += 1
        if byte == ord("("):
            if self.peek() == ord("?"):
                flags = re.match(rb"\?([is]+)\)", self.pattern[self.index:])
                if flags:
                    self.index += len(flags.group(0))
                    return False
                if self.peek(1) != ord(":"):
                    raise Unsupported(f"group (?{chr(self.peek(1) or 32)} at {self.index - 1}")
                self.index += 2
            self.alternation(depth + 1)
            if self.peek() != ord(")"):
                raise Unsupported("unclosed group")
            self.index += 1
            return True
        if byte == ord("["):
            self.char_class()
            return True
        if byte in (ord("^"), ord("$")):
            return False
        if byte == ord("\\"):
            return self.escape(in_class=False)
        if byte in (ord("*"), ord("+"), ord("?"), ord("{")):
            raise Unsupported(f"quantifier {chr(byte)!r} with nothing to repeat at {self.index - 1}")
        return True

    def escape(self, in_class):
        byte = self.peek()
        if byte is None:
            raise Unsupported("trailing backslash")
        self.index += 1
        char = chr(byte)
        if char == "x":
            self.hex_digits(2)
        elif char == "u":
            if self.hex_digits(4) > 0xFF:
                raise Unsupported("\\u beyond \\u00FF")
        elif char == "0":
            count = 0
            while count < 3 and self.peek() is not None and ord("0") <= self.peek() <= ord("7"):
                self.index += 1
                count += 1
            if count == 0:
                raise Unsupported("\\0 without octal digits")
        elif char in "bB":
            if in_class:
                raise Unsupported("\\b in a class")
            return False
        elif char in "1234567890" or char.isalpha() and char not in "dDsSwWtnrfea":
            raise Unsupported(f"escape \\{char}")
        return True

    def hex_digits(self, count):
        text = self.pattern[self.index:self.index + count]
        if len(text) != count or not re.fullmatch(rb"[0-9A-Fa-f]+", text):
            raise Unsupported("malformed hex escape")
        self.index += count
        return int(text, 16)

    def char_class(self):
        if self.peek() == ord("^"):
            self.index += 1
        first = True
        while True:
            byte = self.peek()
            if byte is None:
                raise Unsupported("unclosed class")
            if byte == ord("]") and not first:
                self.index += 1
                return
            if byte == ord("[") or (byte == ord("&") and self.peek(1) == ord("&")):
                raise Unsupported("nested class or class intersection")
            first = False
            self.index += 1
            if byte == ord("\\"):
                self.escape(in_class=True)
            if self.peek() == ord("-") and self.peek(1) not in (None, ord("]")):
                self.index += 1
                if self.peek() == ord("\\"):
                    self.index += 1
                    self.escape(in_class=True)
                else:
                    self.index += 1

    def quantifier(self, quantifiable):
        byte = self.peek()
        if byte in (ord("*"), ord("+"), ord("?")):
            self.index += 1
        elif byte == ord("{"):
            bounds = re.match(rb"\{([0-9]{1,5})(,([0-9]{0,5}))?\}", self.pattern[self.index:])
            if not bounds:
                raise Unsupported(f"malformed repetition at {self.index}")
            low = int(bounds.group(1))
            high = low if bounds.group(2) is None else (int(bounds.group(3)) if bounds.group(3) else None)
            if (high is not None and high < low) or low > 4096 or (high or 0) > 4096:
                raise Unsupported(f"repetition {bounds.group(0).decode()} out of range")
            self.index += len(bounds.group(0))
        else:
            return
        if not quantifiable:
            raise Unsupported(f"quantifier after an anchor or flag at {self.index - 1}")
        if self.peek() == ord("?"):
            self.index += 1
        elif self.peek() == ord("+"):
            raise Unsupported("possessive quantifier")
        if self.peek() in (ord("*"), ord("+"), ord("?"), ord("{")):
            raise Unsupported(f"quantifier of a quantifier at {self.index}")


# ---- Reading the registries ----

def check_priority(text, what):
    if not re.fullmatch(r"[0-9]+", text) or int(text) > 100:
        fail(f"{what}: bad priority {text!r}")
    return int(text)


def parse_smi(path):
    """(priority, mime type, [Match], aliases) for every <magic> element, in document order."""
    rules = []
    for element in ET.parse(path).getroot().findall(NS + "mime-type"):
        mime = re.sub(r"\s+", "", element.get("type") or "")
        aliases = [re.sub(r"\s+", "", alias.get("type") or "") for alias in element.findall(NS + "alias")]
        for magic in element.findall(NS + "magic"):
            what = f"{mime} <magic> (shared-mime-info)"
            priority = check_priority(magic.get("priority", "50"), what)
            matches = [parse_smi_match(child, what) for child in magic.findall(NS + "match")]
            if not matches:
                fail(f"{what}: no <match> elements")
            rules.append((priority, mime, matches, aliases))
    return rules


def parse_tika(path, report):
    """The same for Tika's registry; rules with a regex outside the subset are reported and skipped."""
    rules = []
    for element in ET.parse(path).getroot().findall("mime-type"):
        mime = re.sub(r"\s+", "", element.get("type") or "")
        aliases = [re.sub(r"\s+", "", alias.get("type") or "") for alias in element.findall("alias")]
        for magic in element.findall("magic"):
            what = f"{mime} <magic> (Tika)"
            priority = check_priority(magic.get("priority", "50"), what)
            if not magic.findall("match"):
                fail(f"{what}: no <match> elements")
            matches = parse_tika_matches(magic.findall("match"), what, report)
            if not matches:
                report.append(f"{what}: rule left out, none of its matches can be compiled")
                continue
            rules.append((priority, mime, matches, aliases))
    return rules


def identifiers_by_mime():
    """Folded MIME type -> identifier of the first row of system-types.tsv listing it."""
    with open(TYPES_TSV, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    table = {}
    for row in rows:
        for mime in (part.strip() for part in (row.get("mime_types") or "").split(",")):
            if mime:
                table.setdefault(mime.lower(), row["identifier"])
    return table


def display(value):
    """Bytes as readable text: printable ASCII as is, everything else as \\xHH."""
    return "".join(chr(b) if 0x20 <= b < 0x7F and b not in (0x22, 0x5C) else f"\\x{b:02x}" for b in value)


def render_match(match, depth, lines):
    if match.kind == "least":
        lines.append(f"{'>' * depth}least {match.least}")
    else:
        offset = str(match.start) if match.start == match.end else f"{match.start}:{match.end}"
        if match.kind in NUMBER_WIDTHS:
            digits = 2 * NUMBER_WIDTHS[match.kind]
            line = f"{'>' * depth}{match.kind} {offset} =0x{match.value:0{digits}x}"
            if match.mask is not None:
                line += f" &0x{match.mask:0{digits}x}"
        else:
            line = f"{'>' * depth}{match.kind} {offset} ={match.value.hex()}"
            if match.mask is not None:
                line += f" &{match.mask.hex()}"
            line += f' "{display(match.value)}"'
        lines.append(line)
    for child in match.children:
        render_match(child, depth + 1, lines)


def count_matches(matches):
    return sum(1 + count_matches(m.children) for m in matches)


def merge(sources, identifiers, skip_unmapped, report):
    """[(priority, mime, identifier, sources, lines)] deduplicated and ordered by priority."""
    merged = []
    by_key = {}
    unmapped = set()
    for source, rules in sources:
        for priority, mime, matches, aliases in rules:
            identifier = next((identifiers[m.lower()] for m in [mime] + aliases if m and m.lower() in identifiers), None)
            if identifier is None:
                if not skip_unmapped:
                    fail(f"{mime} ({source}): no row of {os.path.relpath(TYPES_TSV, ROOT)} lists this MIME type")
                unmapped.add((source, mime))
                continue
            if re.search(r"\s", mime + identifier):
                fail(f"{mime}: white space in the MIME type or its identifier {identifier!r}")
            lines = []
            for match in matches:
                render_match(match, 1, lines)
            key = (identifier.lower(), tuple(lines))
            if key in by_key:
                entry = by_key[key]
                entry["priority"] = max(entry["priority"], priority)
                if source not in entry["sources"]:
                    entry["sources"].append(source)
                continue
            entry = {"priority": priority, "mime": mime, "identifier": identifier, "sources": [source],
                     "lines": lines, "matches": count_matches(matches), "order": len(merged)}
            by_key[key] = entry
            merged.append(entry)
    if unmapped:
        for source in ("smi", "tika"):
            names = sorted(m for s, m in unmapped if s == source)
            if names:
                report.append(f"{len(names)} {source} MIME types left out, unmapped: {', '.join(names[:8])}{' …' if len(names) > 8 else ''}")
    merged.sort(key=lambda entry: (-entry["priority"], entry["order"]))
    return merged


def render_text(merged):
    lines = []
    for entry in merged:
        lines.append(f"[{entry['priority']}:{entry['mime']}] {entry['identifier']} {','.join(entry['sources'])}")
        lines.extend(entry["lines"])
        lines.append("")
    counts = {source: sum(1 for e in merged if source in e["sources"]) for source in ("smi", "tika")}
    both = sum(1 for e in merged if len(e["sources"]) > 1)
    header = HEADER.format(rules=len(merged), matches=sum(e["matches"] for e in merged),
                           smi=counts["smi"], tika=counts["tika"], both=both)
    return header + "\n" + "\n".join(lines), counts, both


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mime-xml", default=DEFAULT_MIME_XML)
    parser.add_argument("--tika-xml", default=DEFAULT_TIKA_XML)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--skip-unmapped", action="store_true")
    parser.add_argument("--no-compile", action="store_true", help="write the text only; do not compile the rule image")
    args = parser.parse_args()
    for path in (args.mime_xml, args.tika_xml):
        if not os.path.exists(path):
            fail(f"{path}: not found")
    report = []
    sources = [("smi", parse_smi(args.mime_xml)), ("tika", parse_tika(args.tika_xml, report))]
    merged = merge(sources, identifiers_by_mime(), args.skip_unmapped, report)
    text, counts, both = render_text(merged)
    for line in report:
        sys.stderr.write("generate-magic-rules: " + line + "\n")
    outputs = [(OUT_TEXT, text)]
    summary = f"{len(merged)} rules ({counts['smi']} shared-mime-info, {counts['tika']} Tika, {both} in both)"
    if args.check:
        stale = [path for path, content in outputs
                 if not os.path.exists(path) or open(path, encoding="utf-8").read() != content]
        if stale:
            sys.stderr.write("out of date: " + ", ".join(os.path.relpath(p, ROOT) for p in stale) + "\n")
            sys.exit(1)
        print(f"up to date: {summary}")
        return
    for path, content in outputs:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(content)
    print(f"wrote {summary}")
    if not args.no_compile:
        status = subprocess.call(["swift", "run", "compile-magic-rules"], cwd=ROOT)
        if status != 0:
            fail(f"swift run compile-magic-rules exited with {status}")


if __name__ == "__main__":
    main()

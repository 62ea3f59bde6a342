#!/usr/bin/env python3
"""Writes the openwith(1) manual page, in roff, from the command tree of a built openwith.

    python3 Scripts/generate-manual.py [OPENWITH] > openwith.1

OPENWITH is the binary to describe (default: openwith on PATH). The page is made from what the
binary says of itself (`openwith --experimental-dump-help`: every command, its abstract, its
arguments and options), so it never drifts from the commands; the sections the command tree
cannot give (conventions, exit status, environment, files, examples) are written here.
"""

import json
import subprocess
import sys

# Written here, not in the command tree: what every command shares.
CONVENTIONS = [
    ("-q, --quiet", "Print nothing on standard output; errors still go to standard error and the exit status still tells. Accepted by every command, before or after it."),
    ("--json", "Print JSON (sorted keys, UTF-8) instead of text; every command that prints takes it."),
    ("--catalog FILE", "The catalog to use. Its folder must exist. Before the subcommand too: openwith --catalog FILE apps list."),
    ("--version", "Print the version."),
    ("-", "As a file, standard input: resolved by its content alone."),
    ("--files-from LIST", "Also the files listed in LIST, one per line (with --null, NUL-separated); - reads the list from standard input."),
]
EXIT_STATUS = [
    ("0", "Everything asked for was found and done."),
    ("1", "Nothing found: no handler, an unknown type, no match."),
    ("2", "Bad input: a missing file, a malformed identifier, a bad option, a mistyped command."),
    ("3", "The catalog could not be opened, read or written."),
]
ENVIRONMENT = [
    ("OPENWITH_CATALOG", "The catalog file when --catalog is not given."),
    ("XDG_DATA_HOME, XDG_DATA_DIRS", "Where the catalog lives by default ($XDG_DATA_HOME/openwith/catalog.sqlite) and where desktop entries and shared-mime-info packages are read."),
    ("XDG_CONFIG_HOME, XDG_CONFIG_DIRS, XDG_CURRENT_DESKTOP", "Where mimeapps.list files are read, and which desktop's apps are shown."),
    ("NO_COLOR", "When set and not empty, no colour, even on a terminal. TERM=dumb also turns colour off."),
    ("LC_ALL, LC_CTYPE, LANG", "The first one set decides the character set of human output: outside UTF-8 (C, POSIX, ISO-8859-1 …) OpenWith's punctuation is written in ASCII."),
    ("LC_MESSAGES", "The language of app names, where desktop entries give them in several (Name[fr])."),
]
EXAMPLES = [
    ("openwith photo.png", "What the file is and the apps that can open it, the default first."),
    ("openwith type --mime-type -Lb FILE", "The MIME type alone, in the form of file --mime-type -Lb."),
    ("openwith type --brief FILE", "The MIME type alone, as xdg-mime query filetype prints it."),
    ("find . -name '*.pdf' -print0 | openwith type --null --files-from - --json", "Resolve a list of files."),
    ("openwith apps register Catalog/apps/", "Register every app declared in a folder."),
    ("openwith default set .txt org.example.editor.desktop", "Make an app the default for an extension."),
]


def roff(text):
    """Escapes text for roff: backslashes, hyphens, and a leading dot or quote."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def option_names(argument):
    names = []
    for name in argument.get("names", []):
        names.append(("-" if name["kind"] == "short" else "--") + name["name"])
    return names


def argument_line(argument):
    """The tagged line of one argument: -v, --explain, or --catalog <catalog>, or <files>."""
    value = argument.get("valueName", "")
    if argument["kind"] == "positional":
        return "<" + value + ">" + ("..." if argument.get("isRepeating") else "")
    line = ", ".join(option_names(argument))
    if argument["kind"] == "option":
        line += " <" + value + ">"
    return line


def usage(path, command):
    parts = [path]
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True) or argument["kind"] == "flag" and "help" in option_names(argument)[-1:]:
            continue
        if argument["kind"] == "positional":
            parts.append(argument_line(argument))
    if command.get("subcommands"):
        parts.append("<subcommand>")
    return " ".join(parts)


def describe(lines, path, command):
    """A subsection for a command with arguments, then one for each of its subcommands."""
    if path != "openwith" and (command.get("arguments") or not command.get("subcommands")):
        lines.append(".SS " + roff(path.removeprefix("openwith ")))
        lines.append(".B " + roff(usage(path, command)))
        if command.get("abstract"):
            lines.append(".PP")
            lines.append(roff(command["abstract"]))
        if command.get("discussion"):
            lines.append(".PP")
            lines.append(roff(command["discussion"]))
        for argument in command.get("arguments", []):
            if not argument.get("shouldDisplay", True) or option_names(argument) in (["-h", "--help"], ["--version"]):
                continue
            lines.append(".TP")
            lines.append(".B " + roff(argument_line(argument)))
            text = argument.get("abstract", "")
            if argument.get("defaultValue") and argument["kind"] == "option":
                text += " (default: " + argument["defaultValue"] + ")"
            if argument.get("allValues"):
                text += " One of: " + ", ".join(argument["allValues"]) + "."
            lines.append(roff(text) if text else "")
    elif path != "openwith" and command.get("abstract"):
        lines.append(".SS " + roff(path.removeprefix("openwith ")))
        lines.append(roff(command["abstract"]))
    for sub in command.get("subcommands", []):
        if sub["commandName"] != "help" and sub.get("shouldDisplay", True):
            describe(lines, path + " " + sub["commandName"], sub)


def table(lines, title, rows):
    lines.append(".SH " + title)
    for tag, text in rows:
        lines.append(".TP")
        lines.append(".B " + roff(tag))
        lines.append(roff(text))


def manual(tree, version):
    root = tree["command"]
    lines = [
        '.\\" Generated by Scripts/generate-manual.py from openwith --experimental-dump-help. Do not edit.',
        ".TH OPENWITH 1 \"\" \"openwith " + roff(version) + "\" \"User Commands\"",
        ".SH NAME",
        "openwith \\- " + roff(root.get("abstract", "")),
        ".SH SYNOPSIS",
        ".B openwith",
        "[\\fIoptions\\fR] \\fIFILE\\fR...",
        ".br",
        ".B openwith",
        "\\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]",
        ".SH DESCRIPTION",
        roff(root.get("abstract", "")),
        ".PP",
        roff(root.get("discussion", "")),
        ".PP",
        "Without a command, the arguments are files: \\fBopenwith FILE\\fR is \\fBopenwith handlers FILE\\fR.",
        "Errors are written as \\fBopenwith: \\fIwhat\\fB: \\fIwhy\\fR, followed by a \\fBhint:\\fR line when there is something to do.",
        "Colour is used only on a terminal.",
    ]
    table(lines, "COMMON OPTIONS", CONVENTIONS)
    lines.append(".SH COMMANDS")
    describe(lines, "openwith", root)
    table(lines, "EXIT STATUS", EXIT_STATUS)
    table(lines, "ENVIRONMENT", ENVIRONMENT)
    lines += [
        ".SH FILES",
        ".TP",
        ".B ~/.local/share/openwith/catalog.sqlite",
        "The default catalog; beside it, catalog.sqlite.types and catalog.sqlite.snapshot are caches that are always safe to delete.",
    ]
    table(lines, "EXAMPLES", EXAMPLES)
    lines += [".SH SEE ALSO", "file(1), xdg\\-mime(1), xdg\\-open(1)"]
    return "\n".join(line for line in lines) + "\n"


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "openwith"
    tree = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True).stdout)
    version = subprocess.run([binary, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    sys.stdout.write(manual(tree, version))


if __name__ == "__main__":
    main()

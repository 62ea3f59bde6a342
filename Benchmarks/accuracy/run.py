#!/usr/bin/env python3
"""Compare OpenWith, `file --mime-type` (libmagic) and `gio info` (GLib) with the labels.

    python3 Benchmarks/accuracy/run.py [OPENWITH_BINARY]

The OpenWith binary is the first argument, else $OPENWITH, else
(…/.build/release/openwith, …/.build/debug/openwith of
the package this script sits in), else `swift run openwith` in that package. A
throw-away catalog (--catalog in a temp folder) is used, so no user catalog is touched.

For every file in work/corpus/labels.tsv it asks
  * OpenWith, name + content:  openwith type --json FILE...
  * OpenWith, content only:    openwith type --content-only --json FILE...
  * libmagic:                  file --mime-type -N -F <tab> FILE...
  * GLib:                      gio info -a standard::content-type FILE...
(many files per invocation) and counts an answer as exact when, after mapping
shared-mime-info aliases to their canonical type, it equals the label. GLib always
uses the name when there is one; on the nameless subset it sniffs the content, so
its figures there are its content-only figures.

Prints a table per subset and OpenWith's top disagreements with the labels, and
writes Benchmarks/accuracy/results.md and work/answers.tsv (every answer).
"""
from __future__ import annotations

import collections
import datetime
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from label import MimeDB  # noqa: E402  (alias/sub-class tables from shared-mime-info)

WORK = os.path.join(HERE, "work")
CORPUS = os.path.join(WORK, "corpus")
PACKAGE = os.path.abspath(os.path.join(HERE, "..", ".."))
BATCH = 200
TOOLS = ["openwith", "openwith-content", "file", "gio"]
TITLES = {"openwith": "OpenWith (name+content)", "openwith-content": "OpenWith (content only)",
          "file": "file --mime-type", "gio": "gio info"}
FAILED = "(failed)"


def batches(items, n=BATCH):
    for i in range(0, len(items), n):
        yield items[i:i + n]


# --------------------------------------------------------------------------- OpenWith

def openwith_command() -> list[str]:
    cand = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("OPENWITH")
    if cand:
        return shlex.split(cand) if " " in cand and not os.path.exists(cand) else [cand]
    for p in (os.path.join(PACKAGE, ".build", "release", "openwith"),
              os.path.join(PACKAGE, ".build", "debug", "openwith")):
        if os.access(p, os.X_OK):
            return [p]
    return ["swift", "run", "--package-path", PACKAGE, "openwith"]


def openwith_version(cmd: list[str]) -> str:
    exe = cmd[0]
    if os.path.exists(exe):
        st = os.stat(exe)
        # The binary's name and build time only: a report names no folder of the machine it ran on.
        return f"{os.path.basename(exe)} (built {datetime.datetime.fromtimestamp(st.st_mtime):%Y-%m-%d %H:%M})"
    return " ".join(os.path.basename(part) if os.sep in part else part for part in cmd)


def snapshot(cmd: list[str], folder: str) -> list[str]:
    """Copy the binary (and the openwith-commands beside it) into folder and run the copy: others
    may be rebuilding it meanwhile (exec of a file being written fails with ETXTBSY). Waits for a
    stable file."""
    exe = cmd[0]
    if not os.path.isfile(exe):
        return cmd
    for _ in range(60):
        try:
            before = os.stat(exe)
            time.sleep(2)
            if os.stat(exe).st_mtime != before.st_mtime or os.stat(exe).st_size != before.st_size:
                continue  # still being written
            dst = os.path.join(folder, os.path.basename(exe))
            shutil.copy2(exe, dst)
            # openwith hands --json and every other command to openwith-commands beside it.
            commands = os.path.join(os.path.dirname(exe), "openwith-commands")
            if os.path.isfile(commands):
                shutil.copy2(commands, os.path.join(folder, "openwith-commands"))
            if os.stat(exe).st_mtime == before.st_mtime:
                return [dst] + cmd[1:]
        except OSError:
            pass
        time.sleep(10)
    raise SystemExit(f"{exe} kept changing; try again later")


def run_openwith(cmd, catalog, files, content_only, failures):
    """path -> mimeType; files OpenWith could not answer get FAILED (and a note in failures)."""
    out: dict[str, str] = {}
    args = cmd + ["type", "--json", "--catalog", catalog] + (["--content-only"] if content_only else [])

    def one_call(chunk):
        try:
            p = subprocess.run(args + ["--"] + chunk, cwd=CORPUS, capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            return None, "timeout"
        try:
            data = json.loads(p.stdout) if p.stdout.strip() else None
        except json.JSONDecodeError:
            data = None
        return data, (p.stderr.strip() or f"exit {p.returncode}")

    def go(chunk):
        data, err = one_call(chunk)
        if data is None and len(chunk) > 1:  # crashed or printed nothing: split to isolate the culprit
            mid = len(chunk) // 2
            go(chunk[:mid])
            go(chunk[mid:])
            return
        got = {}
        for obj in data or []:
            got[obj.get("path")] = obj
        for f in chunk:
            obj = got.get(f)
            if obj is None:
                out[f] = FAILED
                msg = next((line for line in err.splitlines() if f in line), err.splitlines()[-1] if err else "no output")
                failures.append((f, msg[:200]))
            else:
                out[f] = obj.get("mimeType") or FAILED
                if "conflict" in obj and obj["conflict"]:
                    conflicts[content_only].add(f)
                for ev in obj.get("evidence") or []:
                    if ev.get("agrees") is False:
                        conflicts[content_only].add(f)
    for chunk in batches(files):
        go(chunk)
    return out


conflicts: dict[bool, set] = {False: set(), True: set()}


# --------------------------------------------------------------------------- file, gio

def run_file(files, cwd=CORPUS):
    """`file --mime-type` on every path (relative to `cwd`), in batches: path -> MIME type,
    FAILED where file printed nothing."""
    out = {}
    for chunk in batches(files, 500):
        p = subprocess.run(["file", "--mime-type", "-N", "-F", "\t", "--"] + chunk, cwd=cwd,
                           capture_output=True, text=True)
        for line in p.stdout.splitlines():
            if "\t" in line:
                path, mime = line.split("\t", 1)
                out[path] = mime.strip()
    return {f: out.get(f, FAILED) for f in files}


def run_gio(files):
    out = {}
    for chunk in batches(files):
        absmap = {os.path.join(CORPUS, f): f for f in chunk}
        p = subprocess.run(["gio", "info", "-a", "standard::content-type", "--"] + list(absmap), capture_output=True, text=True)
        current = None
        for line in p.stdout.splitlines():
            if line.startswith("local path: "):
                current = absmap.get(line[len("local path: "):])
            elif line.strip().startswith("standard::content-type:") and current:
                out[current] = line.split(":", 3)[-1].strip()
    return {f: out.get(f, FAILED) for f in files}


# --------------------------------------------------------------------------- report

def bare(mime: str) -> str:
    """The type without parameters (text/plain;charset=utf-8 -> text/plain)."""
    return mime.split(";", 1)[0].strip()


def pct(n, d):
    return f"{100.0 * n / d:5.1f}%" if d else "   - "


def main() -> int:
    labels_path = os.path.join(CORPUS, "labels.tsv")
    if not os.path.exists(labels_path):
        print("no corpus: run Benchmarks/accuracy/build-corpus.sh first", file=sys.stderr)
        return 2
    for tool in ("file", "gio"):
        if not shutil.which(tool):
            print(f"missing {tool}: apt-get install {'file' if tool == 'file' else 'libglib2.0-bin'}", file=sys.stderr)
            return 2
    rows = []
    with open(labels_path) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            rows.append(dict(zip(header, line.rstrip("\n").split("\t"))))
    files = [r["path"] for r in rows]
    db = MimeDB()
    cmd = openwith_command()
    print(f"corpus: {len(files)} files; OpenWith: {' '.join(cmd)}", file=sys.stderr)

    answers: dict[str, dict[str, str]] = {}
    failures: dict[str, list] = {"openwith": [], "openwith-content": []}
    with tempfile.TemporaryDirectory(prefix="openwith-accuracy-") as tmp:
        catalog = os.path.join(tmp, "catalog.sqlite")
        runnable = snapshot(cmd, tmp)
        print("… openwith type", file=sys.stderr)
        answers["openwith"] = run_openwith(runnable, catalog, files, False, failures["openwith"])
        print("… openwith type --content-only", file=sys.stderr)
        answers["openwith-content"] = run_openwith(runnable, catalog, files, True, failures["openwith-content"])
    print("… file --mime-type", file=sys.stderr)
    answers["file"] = run_file(files)
    print("… gio info", file=sys.stderr)
    answers["gio"] = run_gio(files)

    def exact(tool, r):
        return db.canonical(bare(answers[tool][r["path"]])) == r["label"]

    def broader(tool, r):
        a = db.canonical(bare(answers[tool][r["path"]]))
        return a == r["label"] or a in db.ancestors(r["label"]) - {"text/plain", "application/octet-stream"}

    with open(os.path.join(WORK, "answers.tsv"), "w") as f:
        f.write("path\tlabel\tsubset\t" + "\t".join(TOOLS) + "\n")
        for r in rows:
            f.write("\t".join([r["path"], r["label"], r["subset"]] + [answers[t][r["path"]] for t in TOOLS]) + "\n")

    subsets = [("all", rows)] + [(s, [r for r in rows if r["subset"] == s]) for s in ("named", "renamed", "nameless")]
    md = []
    md.append("# OpenWith accuracy results\n")
    md.append(f"Run {datetime.datetime.now():%Y-%m-%d %H:%M} on {len(rows)} labelled files "
              f"({', '.join(f'{s} {len(rs)}' for s, rs in subsets[1:])}; {len({r['label'] for r in rows})} distinct labels).  ")
    md.append(f"OpenWith: `{openwith_version(cmd)}`; "
              f"file: `{subprocess.run(['file', '--version'], capture_output=True, text=True).stdout.splitlines()[0]}`; "
              f"GLib: `{glib_version()}`; shared-mime-info: `{smi_version()}`.\n")
    md.append("Exact = the answer (without MIME parameters) equals the label after mapping shared-mime-info aliases to canonical types. "
              "Broader = exact, or the answer is a type the label is a sub-class of (e.g. `text/x-python` for "
              "`text/x-python3`, `application/zip` for an ODF file), not counting `text/plain` and "
              "`application/octet-stream`. Per-label mean = the mean of the per-label exact accuracies "
              "(every format weighs the same). gio always uses the file name when there is one, so only its "
              "nameless figures are content-only.\n")
    md.append("| subset | files | " + " | ".join(TITLES[t] for t in TOOLS) + " |")
    md.append("|---|---:|" + "---:|" * len(TOOLS))
    for name, rs in subsets:
        md.append(f"| {name} — exact | {len(rs)} | " + " | ".join(pct(sum(exact(t, r) for r in rs), len(rs)).strip() for t in TOOLS) + " |")
        md.append(f"| {name} — broader | {len(rs)} | " + " | ".join(pct(sum(broader(t, r) for r in rs), len(rs)).strip() for t in TOOLS) + " |")
        by_label = collections.defaultdict(list)
        for r in rs:
            by_label[r["label"]].append(r)
        means = []
        for t in TOOLS:
            accs = [sum(exact(t, r) for r in v) / len(v) for v in by_label.values()]
            means.append(pct(sum(accs), len(accs)).strip())
        md.append(f"| {name} — per-label mean | {len(by_label)} labels | " + " | ".join(means) + " |")
    md.append("")

    for t in ("openwith", "openwith-content"):
        fl = failures[t]
        md.append(f"{TITLES[t]}: {len(fl)} files failed (counted as wrong)" + (":" if fl else "."))
        for f_, msg in fl[:10]:
            md.append(f"  - `{f_}`: {msg}")
        if len(fl) > 10:
            md.append(f"  - … and {len(fl) - 10} more")
        md.append("")
    for t in TOOLS:
        n = sum(1 for r in rows if ";" in answers[t][r["path"]])
        if n:
            ex = next(answers[t][r["path"]] for r in rows if ";" in answers[t][r["path"]])
            md.append(f"{TITLES[t]}: {n} answers carry MIME parameters (e.g. `{ex}`); compared without them.\n")
    ren = [r for r in rows if r["subset"] == "renamed"]
    if ren:
        flagged = sum(1 for r in ren if r["path"] in conflicts[False])
        md.append(f"Renamed files on which OpenWith (name+content) reported a name/content conflict: "
                  f"{flagged} of {len(ren)}.\n")
        lost = [r for r in ren if exact("openwith-content", r) and not exact("openwith", r)]
        if lost:
            by = collections.Counter(r["label"] for r in lost)
            md.append(f"Renamed files that OpenWith gets right from content alone but wrong with the (wrong) name: "
                      f"{len(lost)} — the wrong extension beat these signatures: "
                      + ", ".join(f"`{lb}` ×{c}" for lb, c in by.most_common()) + ".\n")

    for t in TOOLS:
        top = 25 if t.startswith("openwith") else 10
        dis = collections.Counter()
        example = {}
        for r in rows:
            if not exact(t, r):
                key = (r["label"], answers[t][r["path"]])
                dis[key] += 1
                example.setdefault(key, r["path"])
        md.append(f"## Top {top} disagreements: {TITLES[t]} vs label\n")
        md.append(f"{sum(dis.values())} wrong answers in {len(dis)} (label, answer) pairs.\n")
        md.append(f"| label | {TITLES[t].split(' (')[0]}'s answer | count | example (under work/corpus/) |")
        md.append("|---|---|---:|---|")
        for (lb, ans), c in dis.most_common(top):
            md.append(f"| {lb} | {ans} | {c} | `{example[(lb, ans)]}` |")
        md.append("")

    md.append("## Per label (all subsets; exact)\n")
    md.append("| label | files | " + " | ".join(TITLES[t] for t in TOOLS) + " |")
    md.append("|---|---:|" + "---:|" * len(TOOLS))
    by_label = collections.defaultdict(list)
    for r in rows:
        by_label[r["label"]].append(r)
    for lb, rs in sorted(by_label.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        md.append(f"| {lb} | {len(rs)} | " + " | ".join(pct(sum(exact(t, r) for r in rs), len(rs)).strip() for t in TOOLS) + " |")
    md.append("")
    md.append("Every answer: `Benchmarks/accuracy/work/answers.tsv` (path, label, subset, one column per tool).")

    text = "\n".join(md) + "\n"
    with open(os.path.join(HERE, "results.md"), "w") as f:
        f.write(text)
    print(text)
    return 0


def glib_version() -> str:
    p = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libglib2.0-0"], capture_output=True, text=True)
    return p.stdout.strip() or "?"


def smi_version() -> str:
    p = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "shared-mime-info"], capture_output=True, text=True)
    return p.stdout.strip() or "?"


if __name__ == "__main__":
    sys.exit(main())

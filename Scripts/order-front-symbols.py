#!/usr/bin/env python3
"""Write the symbol order of the `openwith` front executable: the functions its plain commands
run, first, so that they share as few pages as possible.

    python3 Scripts/order-front-symbols.py OPENWITH [--rounds N] > Scripts/front-symbol-order.txt

OPENWITH is a release build of `openwith` compiled with one section per function
(`-Xfrontend -function-sections`) and linked by lld, as `Benchmarks/release-cli.sh` builds it.
Why: a short process touches a few hundred functions scattered over megabytes of code (the
standard library's, the C library's, libmagic's, OpenWith's), and every page it touches is
read, mapped and counted in its resident size, with the kernel mapping up to 64 KiB around each
fault. Gathered, the same functions fill a few hundred KiB.

The workload: `openwith type FILE` and `openwith FILE` on one file of each extension found under
/usr/share, /usr/lib/python3, /usr/bin and /etc (at most 400), with a throw-away catalog, each
run `--rounds` times (default 20). The functions it touches are found two ways, both with
`perf`: every page fault's address (the first touch of each page), and the program counter
sampled at a high rate. A function seen by either is listed, most often seen first. The files
are the machine's own, not any corpus the accuracy is measured on.

Functions the workload does not reach stay where the linker puts them; a symbol the order names
that a later build lacks is ignored, so an old order degrades to no order, never to a failure.
"""
from __future__ import annotations

import bisect
import collections
import os
import random
import subprocess
import sys
import tempfile


def workload_files(limit: int = 400) -> list[str]:
    """One regular file per extension under a few system folders, chosen reproducibly."""
    by_extension: dict[str, list[str]] = collections.defaultdict(list)
    for root in ("/usr/share", "/usr/lib/python3", "/usr/bin", "/etc"):
        for folder, _, names in os.walk(root):
            for name in sorted(names):
                path = os.path.join(folder, name)
                if os.path.islink(path) or not os.path.isfile(path) or not os.access(path, os.R_OK):
                    continue
                extension = os.path.splitext(name)[1].lower() or "(none)"
                if len(by_extension[extension]) < 20:
                    by_extension[extension].append(path)
    chooser = random.Random(7)
    files = [chooser.choice(paths) for _, paths in sorted(by_extension.items())]
    chooser.shuffle(files)
    return files[:limit]


def code_range(binary: str) -> tuple[int, int]:
    """The start and end addresses of the binary's .text section."""
    sections = subprocess.run(["readelf", "-S", "-W", binary], capture_output=True, text=True, check=True)
    for line in sections.stdout.splitlines():
        parts = line.replace("[", " ").replace("]", " ").split()
        if ".text" in parts:
            at = parts.index(".text")
            start, size = int(parts[at + 2], 16), int(parts[at + 4], 16)
            return start, start + size
    raise SystemExit(f"{binary}: no .text section")


def function_symbols(binary: str) -> tuple[list[int], list[str]]:
    """Start addresses and names of the binary's functions in .text, in address order."""
    low, high = code_range(binary)
    listing = subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True, check=True)
    starts, names = [], []
    for line in listing.stdout.splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[1] in "tTwW" and low <= int(parts[0], 16) < high:
            starts.append(int(parts[0], 16))
            names.append(parts[2])
    return starts, names


def sampled_addresses(binary: str, files: list[str], rounds: int, catalog: str) -> list[int]:
    """Page-fault addresses and sampled program counters of the workload, in the binary."""
    addresses: list[int] = []
    env = dict(os.environ, OPENWITH_CATALOG=catalog)
    with tempfile.TemporaryDirectory(prefix="openwith-order-") as folder:
        script = os.path.join(folder, "workload.sh")
        with open(script, "w") as handle:
            handle.write("#!/bin/sh\n")
            for _ in range(rounds):
                for path in files:
                    quoted = "'" + path.replace("'", "'\\''") + "'"
                    handle.write(f"{binary} type {quoted} >/dev/null 2>&1\n{binary} {quoted} >/dev/null 2>&1\n")
            handle.write("exit 0\n")
        os.chmod(script, 0o755)
        for event, extra in (("page-faults", ["-c", "1", "-d"]), ("cpu-clock", ["-F", "20000"])):
            data = os.path.join(folder, event + ".data")
            subprocess.run(["perf", "record", "-q", "-e", event, *extra, "-o", data, "--", script], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            fields = "ip,addr,dso" if event == "page-faults" else "ip,dso"
            report = subprocess.run(["perf", "script", "-i", data, "-F", fields], capture_output=True, text=True)
            for line in report.stdout.splitlines():
                parts = line.split()
                if not parts or os.path.basename(binary) not in line:
                    continue
                for part in parts[:2]:
                    try:
                        addresses.append(int(part, 16))
                    except ValueError:
                        pass
    return addresses


def main() -> int:
    args = sys.argv[1:]
    rounds = 20
    if "--rounds" in args:
        index = args.index("--rounds")
        rounds = int(args[index + 1])
        del args[index:index + 2]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    binary = os.path.abspath(args[0])
    starts, names = function_symbols(binary)
    files = workload_files()
    with tempfile.TemporaryDirectory(prefix="openwith-order-catalog-") as folder:
        catalog = os.path.join(folder, "catalog.sqlite")
        subprocess.run([binary, "type", files[0]], env=dict(os.environ, OPENWITH_CATALOG=catalog),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        addresses = sampled_addresses(binary, files, rounds, catalog)
    low, high = code_range(binary)
    seen: collections.Counter[str] = collections.Counter()
    for address in addresses:
        index = bisect.bisect_right(starts, address) - 1
        if index >= 0 and low <= address < high:
            seen[names[index]] += 1
    print(f"{len(files)} files, {rounds} rounds: {len(seen)} functions", file=sys.stderr)
    for name, _ in sorted(seen.items(), key=lambda item: (-item[1], item[0])):
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())

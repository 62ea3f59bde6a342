#!/usr/bin/env python3
"""Write the symbol order of the `openwith` front executable: the functions its plain commands
run, first, so that they share as few pages as possible.

    python3 Scripts/order-front-symbols.py OPENWITH [--jobs N] > Scripts/front-symbol-order.txt

OPENWITH is a release build of `openwith` compiled with one section per function
(`-Xfrontend -function-sections`) and linked by lld, as `Benchmarks/release-cli.sh` builds it.
Why: a short process touches a few hundred functions scattered over megabytes of code (the
standard library's, the C library's, libmagic's, OpenWith's), and every page it touches is
read, mapped and counted in its resident size, with the kernel mapping up to 64 KiB around each
fault. Gathered, the same functions fill a few hundred KiB.

The workload: `openwith type FILE` and `openwith FILE` on one file of each extension found under
/usr/share, /usr/lib/python3, /usr/bin and /etc (at most 400), with a throw-away catalog. Each
run is executed under Valgrind's callgrind, which names every function the process enters, not
a sample of them: a function that runs once for a microsecond is listed as surely as the hot
loops (page faults and samples from `perf`, as this script read first, left out 262 of the 1,688
functions one `openwith FILE` runs, and each one left out can cost its own 64 KiB of resident
code). The resolvers of the C library's indirect functions, which every static process runs at
its start, are listed too. Functions run by more of the processes come first (start-up, then
the common paths, then the rarer ones), ties by the instructions spent in them. The files are the machine's own, not any corpus the
accuracy is measured on. Needs `valgrind` (`apt-get install valgrind`); Valgrind cannot read the
debug information of a static Swift build, so a copy without it is what runs.

Functions the workload does not reach stay where the linker puts them; a symbol the order names
that a later build lacks is ignored, so an old order degrades to no order, never to a failure.
"""
from __future__ import annotations

import collections
import concurrent.futures
import os
import random
import re
import shutil
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


def code_symbols(binary: str) -> set[str]:
    """The names of the functions in the binary's code (defined text symbols)."""
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True)
    names = set()
    for line in listing.stdout.splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[1] in "tTwWi":  # i: the resolver of an indirect function
            names.add(parts[2])
    return names


def executed_functions(profile: str) -> dict[str, int]:
    """The functions a callgrind profile saw run, each with the instructions spent in it."""
    names: dict[str, str] = {}
    cost: collections.Counter[str] = collections.Counter()
    current = None
    call_cost = False  # the line after `calls=` is the cost of that call, not of `current` itself
    with open(profile, errors="replace") as handle:
        for line in handle:
            if line.startswith(("fn=", "cfn=")):
                key, _, name = line.rstrip("\n").partition("=")[2].partition(" ")
                if name:
                    names[key] = name
                if line.startswith("fn="):
                    current = names.get(key, key)
                    cost[current] += 0
            elif line.startswith("calls="):
                call_cost = True
            elif call_cost:
                call_cost = False
            elif current and line[:1].isdigit():
                parts = line.split()
                if len(parts) >= 2 and parts[1].isdigit():
                    cost[current] += int(parts[1])
    return dict(cost)


def profile_one(job: tuple[int, str, list[str], str, str]) -> dict[str, int]:
    """Runs one command of the workload under callgrind; the functions it ran."""
    number, binary, arguments, catalog, folder = job
    out = os.path.join(folder, f"callgrind.{number}")
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--dump-instr=no", "--dump-line=no",
                    "--compress-pos=no", f"--callgrind-out-file={out}", binary, *arguments],
                   env=dict(os.environ, OPENWITH_CATALOG=catalog),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        return executed_functions(out)
    except FileNotFoundError:
        return {}
    finally:
        if os.path.exists(out):
            os.remove(out)


def string_function_family(name: str) -> str | None:
    """`__memchr` for `__memchr_evex_rtm`: the C library function a processor-specific variant
    implements, or None for a name that is no such variant."""
    match = re.match(r"^(__\w+?)_(?:sse2|ssse3|sse4_1|sse4_2|sse42|avx|avx2|evex|evex512|avx512)", name)
    return match.group(1) if match else None


def main() -> int:
    args = sys.argv[1:]
    jobs = os.cpu_count() or 1
    if "--jobs" in args:
        index = args.index("--jobs")
        jobs = int(args[index + 1])
        del args[index:index + 2]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    binary = os.path.abspath(args[0])
    code = code_symbols(binary)
    files = workload_files()
    runs: collections.Counter[str] = collections.Counter()
    instructions: collections.Counter[str] = collections.Counter()
    with tempfile.TemporaryDirectory(prefix="openwith-order-") as folder:
        plain = os.path.join(folder, "openwith")
        shutil.copyfile(binary, plain)
        os.chmod(plain, 0o755)
        subprocess.run(["strip", "--strip-debug", plain], check=True)
        catalog = os.path.join(folder, "catalog.sqlite")
        # The first run creates the catalog and the caches, as a user's first run would; it is
        # no part of the workload.
        subprocess.run([plain, "type", files[0]], env=dict(os.environ, OPENWITH_CATALOG=catalog),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        commands = [arguments for path in files for arguments in (["type", path], [path])]
        work = [(number, plain, arguments, catalog, folder) for number, arguments in enumerate(commands)]
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
            for seen in pool.map(profile_one, work):
                for name, count in seen.items():
                    if name in code:
                        runs[name] += 1
                        instructions[name] += count
    # The C library picks among variants of its string functions (`__memchr_avx2`,
    # `__memchr_evex` …) by the processor it runs on, and Valgrind's virtual processor lacks
    # some of the extensions this one has: every variant of a function the workload ran is
    # listed beside it.
    variants: dict[str, list[str]] = collections.defaultdict(list)
    for name in sorted(code):
        family = string_function_family(name)
        if family:
            variants[family].append(name)
    for name in list(runs):
        for other in variants.get(string_function_family(name) or "", []):
            if other not in runs:
                runs[other] = runs[name]
                instructions[other] = 0
    print(f"{len(files)} files, {len(work)} processes: {len(runs)} functions", file=sys.stderr)
    for name in sorted(runs, key=lambda name: (-runs[name], -instructions[name], name)):
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())

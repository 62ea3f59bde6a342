#!/usr/bin/env python3
"""Time whole `openwith` processes against `file --mime-type` on the same files, paired.

    python3 Benchmarks/side-by-side/whole-process.py OPENWITH [--command type|open] [--rounds N] FILE...

For every file and round, three processes run back to back in alternating order: `openwith type
FILE` (or `openwith FILE` with `--command open`), `file --mime-type FILE` and `/bin/true` (the
cost of starting any process here). Each is started with posix_spawn, its output thrown away,
and timed by wall clock and by the CPU time the kernel charged it (user + system).

Reported: medians of each command's times, and the median over all pairs of
    (openwith - no-op) / (file - no-op)
for wall and CPU time, so the process start-up that both pay is taken off both. Also the largest
peak resident size of `openwith` and of `file` over the files, each run three more times under
GNU time (`/usr/bin/time -f %M`): the ru_maxrss of a process started with posix_spawn from here
is no measure of it, since the child shares this Python process's memory until it executes the
command, and the kernel keeps that high-water mark across the exec (a spawned /bin/true reports
this process's 13 MB).

Before anything runs, the programs (`openwith`, the `openwith-commands` beside it, `file`),
libmagic's database and openwith's cut of it to the text rules (kept in the user's cache folder)
are dropped from the page cache (written back, then posix_fadvise
DONTNEED), so that the first untimed runs read them in as a process after a reboot would. How a
file came into the page cache decides the size of the pieces (folios) it is held in, and a page
fault maps the whole piece: a binary just written by the linker, `strip` or `cp` is held in large
pieces, and the same bytes then showed 5.2 to 8.2 MiB of peak resident size, and ran faster,
than when read back from disk. Without the drop, two builds would be compared by their files'
histories.

A throw-away catalog is used (OPENWITH_CATALOG): the first, untimed run of each file creates it,
imports the machine's registries and writes the graph image and stored snapshot, as a user's
first run would. XDG_DATA_DIRS, HOME and the rest of the environment are this process's.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time


def spawn(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Runs argv once: (wall seconds, CPU seconds)."""
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=[
        (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, "/dev/null", os.O_WRONLY, 0),
    ])
    _, _, usage = os.wait4(pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def drop_from_page_cache(paths: list[str]) -> None:
    """Writes back and drops each file's cached pages (see the module's notes); missing files
    and files the kernel will not drop are passed over."""
    for path in paths:
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.fsync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        except OSError:
            pass
        finally:
            os.close(fd)


def peak_resident_kib(argv: list[str], env: dict[str, str]) -> int | None:
    """The peak resident size of one run of argv in KiB, as GNU time reports it, or None."""
    if not os.path.exists("/usr/bin/time"):
        return None
    run = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    last = run.stderr.strip().splitlines()[-1:] or [""]
    return int(last[0]) if last[0].isdigit() else None


def magic_text_cuts() -> list[str]:
    """The cuts of libmagic's database to its text rules that openwith keeps between processes
    ($XDG_CACHE_HOME/openwith, else ~/.cache/openwith): dropped with the database they stand for."""
    cache = os.environ.get("XDG_CACHE_HOME", "")
    folder = os.path.join(cache if cache.startswith("/") else os.path.expanduser("~/.cache"), "openwith")
    try:
        return [os.path.join(folder, n) for n in os.listdir(folder) if n.startswith("magic-text-") and n.endswith(".mgc")]
    except OSError:
        return []


def main() -> int:
    args = sys.argv[1:]
    command, rounds = "type", 40
    if "--command" in args:
        i = args.index("--command")
        command = args[i + 1]
        del args[i:i + 2]
    if "--rounds" in args:
        i = args.index("--rounds")
        rounds = int(args[i + 1])
        del args[i:i + 2]
    if len(args) < 2 or command not in ("type", "open"):
        print(__doc__, file=sys.stderr)
        return 2
    openwith, files = os.path.abspath(args[0]), [os.path.abspath(f) for f in args[1:]]
    true_path = "/bin/true" if os.path.exists("/bin/true") else "/usr/bin/true"
    with tempfile.TemporaryDirectory(prefix="openwith-whole-") as tmp:
        env = dict(os.environ, OPENWITH_CATALOG=os.path.join(tmp, "catalog.sqlite"))

        def ours(f: str) -> list[str]:
            return [openwith, "type", f] if command == "type" else [openwith, f]

        drop_from_page_cache([openwith, os.path.join(os.path.dirname(openwith), "openwith-commands"),
                              "/usr/bin/file", "/usr/lib/file/magic.mgc"] + magic_text_cuts())
        for f in files:
            spawn(ours(f), env)
        times: dict[str, list[tuple[float, float]]] = {"o": [], "f": [], "n": []}
        wall_ratios, cpu_ratios = [], []
        for i in range(rounds):
            for f in files:
                seq = [("o", ours(f)), ("f", ["/usr/bin/file", "--mime-type", f]), ("n", [true_path])]
                if i % 2:
                    seq.reverse()
                r = {k: spawn(argv, env) for k, argv in seq}
                for k in r:
                    times[k].append(r[k])
                wall_base, cpu_base = r["f"][0] - r["n"][0], r["f"][1] - r["n"][1]
                if wall_base > 0:
                    wall_ratios.append((r["o"][0] - r["n"][0]) / wall_base)
                if cpu_base > 0:
                    cpu_ratios.append((r["o"][1] - r["n"][1]) / cpu_base)
        peaks: dict[str, list[int]] = {"o": [], "f": []}
        for f in files:
            for _ in range(3):
                for k, argv in (("o", ours(f)), ("f", ["/usr/bin/file", "--mime-type", f])):
                    kib = peak_resident_kib(argv, env)
                    if kib is not None:
                        peaks[k].append(kib)
    med = statistics.median
    label = "openwith type" if command == "type" else "openwith FILE"
    print(f"{len(files)} files, {rounds} rounds, {len(times['o'])} pairs; {label} against file --mime-type")
    for name, index, ratios in (("wall", 0, wall_ratios), ("cpu", 1, cpu_ratios)):
        o, f, n = (med(t[index] for t in times[k]) * 1e3 for k in "ofn")
        print(f"{name:4} ms: openwith {o:.2f}  file {f:.2f}  no-op {n:.2f}; "
              f"median pair ratio, no-op taken off: {med(ratios):.2f}")
    if peaks["o"] and peaks["f"]:
        print(f"peak resident size (GNU time, largest over the files): openwith {max(peaks['o']) / 1024:.1f} MiB, "
              f"file {max(peaks['f']) / 1024:.1f} MiB")
    else:
        print("peak resident size: not measured (no /usr/bin/time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env bash
# Builds the release `openwith` CLI, both of its executables (`openwith` and the
# `openwith-commands` it hands other commands to), fully static, and prints the path of `openwith`.
#
# Fully static (Swift runtime, Foundation, libmagic, SQLite and libc linked in) because a
# short-lived command pays for every shared library it loads: here the dynamic loader and
# the relocations of the system libraries cost more than answering the question.
#
#   bash Benchmarks/release-cli.sh        # prints .build/static-cli/release/openwith
#
# Needs the static archives of libmagic's compression libraries (installed when missing and
# running as root): liblzma-dev, libbz2-dev, zlib1g-dev, plus libmagic-dev and libsqlite3-dev.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LIBDIR=/usr/lib/$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu)
missing=()
for pair in liblzma.a:liblzma-dev libbz2.a:libbz2-dev libz.a:zlib1g-dev libmagic.a:libmagic-dev libsqlite3.a:libsqlite3-dev; do
    [ -e "$LIBDIR/${pair%%:*}" ] || missing+=("${pair#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
            || { apt-get update -qq >/dev/null && apt-get install -y -qq "${missing[@]}" >/dev/null; }
    else
        echo "release-cli.sh: install ${missing[*]} first" >&2
        exit 1
    fi
fi
cd "$ROOT"
RELEASE_FLAGS_ROOT="$ROOT"
source "$ROOT/Scripts/release-flags.sh"
flags=("${RELEASE_FLAGS[@]}" --scratch-path .build/static-cli -Xswiftc -static-executable
    -Xlinker -llzma -Xlinker -lbz2 -Xlinker -lz)
# The symbol order is no input the build tracks: the executables are removed so that they are
# linked again, in the order of today's Scripts/front-symbol-order.txt.
rm -f "$(swift build "${flags[@]}" --show-bin-path)"/openwith{,-commands}
swift build "${flags[@]}" --product openwith-commands >&2
swift build "${flags[@]}" --product openwith >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/openwith"

#!/usr/bin/env bash
# Installs openwith under a prefix: its two executables, its manual page, its shell completions,
# and the C library for programs that embed it.
#
#   Scripts/install.sh [--prefix DIR] [--binary PATH] [--library PATH] [--uninstall]
#
#   --prefix DIR    where to install (default: ~/.local): DIR/bin/openwith and, beside it,
#                   DIR/bin/openwith-commands (every command but the plain `openwith FILE`
#                   and `openwith type FILE`, which openwith hands the rest to),
#                   DIR/share/man/man1/openwith.1, and the completions for bash
#                   (DIR/share/bash-completion/completions/openwith), zsh
#                   (DIR/share/zsh/site-functions/_openwith) and fish
#                   (DIR/share/fish/vendor_completions.d/openwith.fish).
#   --binary PATH   install this openwith, and the openwith-commands beside it, instead of
#                   building the release binaries (swift build -c release --static-swift-stdlib).
#   --library PATH  install this libOpenWithC.so instead of building the release library
#                   (swift build -c release --product OpenWithC); with --binary, the one
#                   beside the binary when there is one. The library goes to DIR/lib, its
#                   header to DIR/include/openwith.h, and DIR/lib/pkgconfig/openwith.pc lets
#                   `pkg-config --cflags --libs openwith` build against it.
#   --uninstall     remove what an install put under the prefix.
#
# Each part is a step (install_<part>, its files in files_<part>); STEPS lists them in order.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PREFIX="${HOME}/.local"
BINARY=""
LIBRARY=""
UNINSTALL=0
STEPS=(binary manual completions clibrary)

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }
fail() { echo "install.sh: $1" >&2; [ $# -gt 1 ] && echo "hint: $2" >&2; exit 2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || fail "--prefix: needs a folder"; PREFIX="$2"; shift 2 ;;
        --prefix=*) PREFIX="${1#--prefix=}"; shift ;;
        --binary) [ $# -ge 2 ] || fail "--binary: needs a path"; BINARY="$2"; shift 2 ;;
        --binary=*) BINARY="${1#--binary=}"; shift ;;
        --library) [ $# -ge 2 ] || fail "--library: needs a path"; LIBRARY="$2"; shift 2 ;;
        --library=*) LIBRARY="${1#--library=}"; shift ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) fail "$1: not an option" "Scripts/install.sh --help lists the options" ;;
    esac
done
[ -n "$PREFIX" ] || fail "--prefix: the folder cannot be empty"
case "$PREFIX" in /*) ;; *) PREFIX="$(pwd)/$PREFIX" ;; esac

files_binary() {
    echo "$PREFIX/bin/openwith"
    echo "$PREFIX/bin/openwith-commands"
}
files_manual() { echo "$PREFIX/share/man/man1/openwith.1"; }
files_completions() {
    echo "$PREFIX/share/bash-completion/completions/openwith"
    echo "$PREFIX/share/zsh/site-functions/_openwith"
    echo "$PREFIX/share/fish/vendor_completions.d/openwith.fish"
}
files_clibrary() {
    echo "$PREFIX/lib/libOpenWithC.so"
    echo "$PREFIX/include/openwith.h"
    echo "$PREFIX/lib/pkgconfig/openwith.pc"
}

# The openwith the other steps describe: the installed one.
INSTALLED="$PREFIX/bin/openwith"

# openwith and openwith-commands go side by side: openwith finds the full command set beside itself.
install_binary() {
    if [ -z "$BINARY" ]; then
        echo "building the release binaries (swift build -c release --static-swift-stdlib)"
        # The shared release flags (Scripts/release-flags.sh), the standard library linked in.
        local RELEASE_FLAGS_ROOT="$ROOT"
        source "$ROOT/Scripts/release-flags.sh"
        local flags=("${RELEASE_FLAGS[@]}" --static-swift-stdlib)
        # Linked again every time: the symbol order is no input the build tracks.
        rm -f "$(cd "$ROOT" && swift build "${flags[@]}" --show-bin-path)"/openwith{,-commands}
        (cd "$ROOT" && swift build "${flags[@]}" --product openwith && swift build "${flags[@]}" --product openwith-commands)
        BINARY="$(cd "$ROOT" && swift build "${flags[@]}" --show-bin-path)/openwith"
    fi
    [ -x "$BINARY" ] || fail "$BINARY: not an executable file" "build it first, or leave out --binary to build the release binaries"
    local commands; commands="$(dirname "$BINARY")/openwith-commands"
    [ -x "$commands" ] || fail "$commands: not an executable file" "build both executables (swift build), or leave out --binary to build the release binaries"
    install -D -m 755 "$BINARY" "$INSTALLED"
    install -D -m 755 "$commands" "$PREFIX/bin/openwith-commands"
}

install_manual() {
    local page; page="$(files_manual)"
    mkdir -p "$(dirname "$page")"
    python3 "$ROOT/Scripts/generate-manual.py" "$INSTALLED" > "$page.tmp"
    mv "$page.tmp" "$page"
}

install_completions() {
    local shell target
    for shell in bash zsh fish; do
        case "$shell" in
            bash) target="$PREFIX/share/bash-completion/completions/openwith" ;;
            zsh) target="$PREFIX/share/zsh/site-functions/_openwith" ;;
            fish) target="$PREFIX/share/fish/vendor_completions.d/openwith.fish" ;;
        esac
        mkdir -p "$(dirname "$target")"
        "$INSTALLED" --generate-completion-script "$shell" > "$target.tmp"
        mv "$target.tmp" "$target"
    done
}

# The C library, its header and a pkg-config file naming them. The library links the Swift
# runtime dynamically: it finds it through its run path (the toolchain it was built with).
install_clibrary() {
    if [ -z "$LIBRARY" ] && [ -n "$BINARY" ]; then
        if [ -f "$(dirname "$BINARY")/libOpenWithC.so" ]; then
            LIBRARY="$(dirname "$BINARY")/libOpenWithC.so"
        else
            echo "no libOpenWithC.so beside $BINARY: the C library is not installed (--library PATH installs one)"
            return 0
        fi
    fi
    if [ -z "$LIBRARY" ]; then
        echo "building the release library (swift build -c release --product OpenWithC)"
        (cd "$ROOT" && swift build -c release --product OpenWithC)
        LIBRARY="$(cd "$ROOT" && swift build -c release --show-bin-path)/libOpenWithC.so"
    fi
    [ -f "$LIBRARY" ] || fail "$LIBRARY: no such library" "build it first (swift build), or leave out --library to build the release library"
    local version; version="$("$INSTALLED" --version | head -n 1)"
    install -D -m 755 "$LIBRARY" "$PREFIX/lib/libOpenWithC.so"
    install -D -m 644 "$ROOT/Sources/OpenWithC/include/openwith.h" "$PREFIX/include/openwith.h"
    mkdir -p "$PREFIX/lib/pkgconfig"
    cat > "$PREFIX/lib/pkgconfig/openwith.pc.tmp" <<PC
prefix=$PREFIX
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: openwith
Description: What a file is and which apps open it: Uniform Type Identifiers and Launch Services for Linux
Version: $version
Libs: -L\${libdir} -Wl,-rpath,\${libdir} -lOpenWithC
Cflags: -I\${includedir}
PC
    mv "$PREFIX/lib/pkgconfig/openwith.pc.tmp" "$PREFIX/lib/pkgconfig/openwith.pc"
}

if [ "$UNINSTALL" = 1 ]; then
    for step in "${STEPS[@]}"; do
        "files_$step" | while read -r file; do
            if [ -e "$file" ]; then rm -f "$file" && echo "removed $file"; fi
        done
    done
    exit 0
fi

for step in "${STEPS[@]}"; do "install_$step"; done
for step in "${STEPS[@]}"; do "files_$step"; done | while read -r file; do
    if [ -e "$file" ]; then echo "installed $file"; fi
done
case ":$PATH:" in
    *":$PREFIX/bin:"*) ;;
    *) echo "hint: $PREFIX/bin is not on PATH; add it (export PATH=\"$PREFIX/bin:\$PATH\")" ;;
esac

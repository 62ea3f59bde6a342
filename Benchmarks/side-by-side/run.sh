#!/usr/bin/env bash
# Times OpenWith and its peers — GLib/GIO's content types and app infos, libmagic, and the
# command-line tools people use (file, gio, xdg-mime) — on the SAME inputs, made from this
# machine's own files, and prints one Markdown table (also written to results.md here).
#
#   bash Benchmarks/side-by-side/run.sh
#
# Environment:
#   APPS=100          synthetic desktop entries both GLib and OpenWith are pointed at
#   MAX_SECONDS=2     time budget per in-process operation and program
#   SKIP_CLI=1        skip the whole-process comparison (and the openwith release build)
#   OPENWITH_BIN=...  use this openwith binary instead of building one
#   KEEP_WORK=1       keep the temporary folder with the inputs and raw results
#
# Steps: install missing Debian packages (as root, with apt); make the inputs in a temporary
# folder; build the C peers (cc -O2) and OpenWith's driver (Benchmarks package, SideBySide
# product, -c release); run each in-process timing, one program after the other; compare the
# answers; build the CLI (Benchmarks/release-cli.sh: release, fully static) and time whole processes
# with hyperfine; print the table.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BENCHMARKS=$(cd "$HERE/.." && pwd)
ROOT=$(cd "$BENCHMARKS/.." && pwd)
APPS=${APPS:-100}
MAX_SECONDS=${MAX_SECONDS:-2}

say() { printf '== %s\n' "$*" >&2; }

# --- Dependencies -----------------------------------------------------------------------------
need_packages=()
pkg-config --exists gio-2.0 2>/dev/null || need_packages+=(libglib2.0-dev)
[ -e /usr/include/magic.h ] || need_packages+=(libmagic-dev)
command -v hyperfine >/dev/null || need_packages+=(hyperfine)
command -v xdg-mime >/dev/null || need_packages+=(xdg-utils)
command -v file >/dev/null || need_packages+=(file)
command -v gio >/dev/null || need_packages+=(libglib2.0-bin)
command -v pkg-config >/dev/null || need_packages+=(pkg-config)
if [ ${#need_packages[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        say "installing ${need_packages[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -qq "${need_packages[@]}" >/dev/null 2>&1 \
            || { apt-get update -qq >/dev/null && apt-get install -y -qq "${need_packages[@]}" >/dev/null; }
    else
        echo "missing: ${need_packages[*]} (install them, or run as root with apt-get)" >&2
        exit 1
    fi
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/openwith-side-by-side-XXXXXX")
if [ "${KEEP_WORK:-0}" = 1 ]; then
    say "work folder: $WORK"
else
    trap 'rm -rf "$WORK"' EXIT
fi
mkdir -p "$WORK/made" "$WORK/out"

# --- Inputs -----------------------------------------------------------------------------------
say "collecting inputs from this machine's files"
find /usr/share /usr/lib /usr/bin /etc /var/cache/apt/archives -xdev -type f -size +0 -readable 2>/dev/null \
    | LC_ALL=C sort > "$WORK/all-files.txt" || true

# Names: every fifth distinct file name (extensions, compound extensions, literal names, none).
awk -F/ '{ print $NF }' "$WORK/all-files.txt" | LC_ALL=C sort -u \
    | awk 'NR % 5 == 1 && n++ < 3000' > "$WORK/names.txt"

# MIME types: shared-mime-info's types and aliases.
if [ -r /usr/share/mime/types ]; then
    cat /usr/share/mime/types > "$WORK/mimes.txt"
    awk '{ print $1 }' /usr/share/mime/aliases >> "$WORK/mimes.txt" 2>/dev/null || true
else
    printf '%s\n' image/png image/jpeg application/pdf text/plain text/html application/zip audio/mpeg video/mp4 > "$WORK/mimes.txt"
fi

# is-a pairs: the declared subclass relations (true), and every third type against common
# supertypes (mostly false, some true).
{
    [ -r /usr/share/mime/subclasses ] && awk '{ print $1 "\t" $2 }' /usr/share/mime/subclasses
    awk 'NR % 3 == 0 { print $1 "\ttext/plain"; print $1 "\tapplication/zip"; print $1 "\tapplication/xml"; print $1 "\timage/png" }' "$WORK/mimes.txt"
} > "$WORK/isa.txt"

# Files to sniff: up to six of each family found here, plus a few made from local files.
: > "$WORK/sniff.txt"
for pattern in '\.png$' '\.jpe?g$' '\.gif$' '\.svg$' '\.ico$' '\.pdf$' '\.zip$' '\.jar$' '\.deb$' '\.gz$' \
    '\.xz$' '\.bz2$' '\.ttf$' '\.otf$' '\.mo$' '\.mp3$' '\.wav$' '\.ogg$' '\.xml$' '\.html?$' '\.json$' \
    '\.css$' '\.js$' '\.py$' '\.sh$' '\.pl$' '\.desktop$' '/copyright$' '\.conf$' '\.so(\.[0-9]+)*$' \
    '^/usr/bin/'; do
    grep -E "$pattern" "$WORK/all-files.txt" | awk 'n++ < 6' >> "$WORK/sniff.txt" || true
done
text_sample=$(grep -E '/copyright$' "$WORK/all-files.txt" | awk 'NR == 1') || true
text_sample=${text_sample:-/etc/passwd}
(
    cd "$WORK/made"
    mkdir -p doc/_rels doc/word
    printf '%s\n' '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' \
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' \
        '<Default Extension="xml" ContentType="application/xml"/>' \
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' \
        '</Types>' > 'doc/[Content_Types].xml'
    printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>' > doc/_rels/.rels
    { printf '%s' '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
      sed 's/[<>&]//g; s/^/<w:p><w:r><w:t>/; s/$/<\/w:t><\/w:r><\/w:p>/' "$text_sample"
      printf '%s\n' '</w:body></w:document>'; } > doc/word/document.xml
    if command -v zip >/dev/null; then (cd doc && zip -q -X -r ../minutes.docx '[Content_Types].xml' _rels word); fi
    cp "$text_sample" notes.txt
    tar -cf notes.tar notes.txt
    command -v bzip2 >/dev/null && bzip2 -k -c notes.txt > notes.txt.bz2
    command -v xz >/dev/null && xz -k -c notes.txt > notes.txt.xz
    if command -v python3 >/dev/null; then
        python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("create table t(a, b)"); c.executemany("insert into t values (?, ?)", [(i, str(i) * 8) for i in range(500)]); c.commit()' places.sqlite 2>/dev/null || true
    fi
)
find "$WORK/made" -maxdepth 1 -type f -size +0 | LC_ALL=C sort >> "$WORK/sniff.txt"

# Desktop entries: APPS synthetic apps, each claiming four MIME types from a pool that grows with
# the count (so a type has about ten claimants from 100 apps up); a fixed handful also claim
# text/plain (at most 31) or application/octet-stream (at most 3), as general-purpose apps do.
pool=(image/png image/jpeg image/gif image/webp image/svg+xml image/tiff application/pdf application/postscript
    text/plain text/html text/markdown text/csv text/x-python text/x-csrc application/json application/xml
    application/zip application/x-tar application/gzip application/x-7z-compressed
    application/vnd.openxmlformats-officedocument.wordprocessingml.document
    application/vnd.openxmlformats-officedocument.spreadsheetml.sheet
    application/vnd.oasis.opendocument.text application/vnd.oasis.opendocument.spreadsheet application/msword
    application/epub+zip audio/mpeg audio/flac audio/ogg audio/x-wav video/mp4 video/x-matroska video/webm
    video/quicktime font/ttf font/otf application/x-executable application/x-shellscript application/rtf text/calendar)
vendor=$(( APPS * 4 / 10 - ${#pool[@]} ))
for (( v = 0; v < vendor; v++ )); do pool+=("application/x-openwith-bench-$v"); done
size=${#pool[@]}
XDG=$WORK/xdg
mkdir -p "$XDG/home/applications" "$XDG/system" "$XDG/config" "$XDG/config-system"
# The system data folder holds only the MIME database, so neither side sees this machine's apps.
[ -d /usr/share/mime ] && ln -s /usr/share/mime "$XDG/system/mime"
for (( i = 0; i < APPS; i++ )); do
    id=$(printf 'bench-app-%05d' "$i")
    base=$(( (i * 7919 + i / size) % size ))
    types=""
    for j in 0 1 2 3; do types+="${pool[(base + j * (size / 4 + 1)) % size]};"; done
    (( i % 33 == 0 && i < 1000 )) && types+="text/plain;"
    (( i % 100 == 50 && i < 300 )) && types+="application/octet-stream;"
    printf '[Desktop Entry]\nType=Application\nName=Bench App %05d\nExec=/usr/bin/true %%F\nTerminal=false\nMimeType=%s\n' \
        "$i" "$types" > "$XDG/home/applications/$id.desktop"
done
printf '%s\n' image/png application/pdf text/plain text/x-python \
    application/vnd.openxmlformats-officedocument.wordprocessingml.document audio/mpeg video/mp4 application/zip \
    image/svg+xml text/html > "$WORK/app-types.txt"
xdg_env=(env -u XDG_CURRENT_DESKTOP -u DESKTOP_SESSION -u OPENWITH_CATALOG
    "XDG_DATA_HOME=$XDG/home" "XDG_DATA_DIRS=$XDG/system" "XDG_CONFIG_HOME=$XDG/config" "XDG_CONFIG_DIRS=$XDG/config-system")

# --- Builds -----------------------------------------------------------------------------------
say "building the C peers"
# shellcheck disable=SC2046
cc -O2 -o "$WORK/glib-peer" "$HERE/glib-peer.c" $(pkg-config --cflags --libs gio-2.0)
cc -O2 -o "$WORK/magic-peer" "$HERE/magic-peer.c" -lmagic

say "building OpenWith's driver (Benchmarks package, release)"
(cd "$BENCHMARKS" && swift build -c release --product SideBySide >&2)
SIDE_BY_SIDE=$(cd "$BENCHMARKS" && swift build -c release --show-bin-path)/SideBySide
"$SIDE_BY_SIDE" self-check > "$WORK/out/self-check.txt" || { cat "$WORK/out/self-check.txt" >&2; exit 1; }

# --- In-process timings -----------------------------------------------------------------------
inputs=(--names "$WORK/names.txt" --mimes "$WORK/mimes.txt" --isa "$WORK/isa.txt" --sniff "$WORK/sniff.txt"
    --app-types "$WORK/app-types.txt" --max-seconds "$MAX_SECONDS")
say "timing OpenWith"
"${xdg_env[@]}" "$SIDE_BY_SIDE" time "${inputs[@]}" --catalog "$WORK/catalog.sqlite" > "$WORK/out/openwith.tsv"
say "timing GLib"
"${xdg_env[@]}" "$WORK/glib-peer" time "${inputs[@]}" > "$WORK/out/glib.tsv"
say "timing libmagic"
"$WORK/magic-peer" time --sniff "$WORK/sniff.txt" --max-seconds "$MAX_SECONDS" > "$WORK/out/magic.tsv"

# --- Answers ----------------------------------------------------------------------------------
say "comparing answers"
"$SIDE_BY_SIDE" answers --names "$WORK/names.txt" > "$WORK/out/openwith-names.tsv"
"$SIDE_BY_SIDE" answers --sniff "$WORK/sniff.txt" > "$WORK/out/openwith-sniff.tsv"
"${xdg_env[@]}" "$WORK/glib-peer" answers --names "$WORK/names.txt" > "$WORK/out/glib-names.tsv"
"${xdg_env[@]}" "$WORK/glib-peer" answers --sniff "$WORK/sniff.txt" > "$WORK/out/glib-sniff.tsv"
"$WORK/magic-peer" answers --sniff "$WORK/sniff.txt" > "$WORK/out/magic-sniff.tsv"
agree_names_glib=$("$SIDE_BY_SIDE" agree "$WORK/out/openwith-names.tsv" "$WORK/out/glib-names.tsv")
agree_sniff_glib=$("$SIDE_BY_SIDE" agree "$WORK/out/openwith-sniff.tsv" "$WORK/out/glib-sniff.tsv")
agree_sniff_magic=$("$SIDE_BY_SIDE" agree "$WORK/out/openwith-sniff.tsv" "$WORK/out/magic-sniff.tsv")

# --- Whole processes --------------------------------------------------------------------------
: > "$WORK/out/cli.tsv"
cli_note=""
if [ "${SKIP_CLI:-0}" != 1 ]; then
    if [ -n "${OPENWITH_BIN:-}" ]; then
        OPENWITH=$OPENWITH_BIN
    else
        say "building the openwith CLI (root package, release, fully static)"
        OPENWITH=$(bash "$ROOT/Benchmarks/release-cli.sh")
    fi
    sample=$(grep -E '\.png$' "$WORK/sniff.txt" | grep -v ' ' | awk 'NR == 1') || true
    sample=${sample:-$(awk 'NR == 1' "$WORK/sniff.txt")}
    mime=$(file --brief --mime-type "$sample")
    cli_env=("${xdg_env[@]}" "OPENWITH_CATALOG=$WORK/cli/catalog.sqlite")
    mkdir -p "$WORK/cli"
    "${cli_env[@]}" "$OPENWITH" catalog import-system > /dev/null
    say "timing whole processes on $sample ($mime)"
    commands=(
        "$OPENWITH type $sample" "file --mime-type $sample"
        "$OPENWITH type $sample" "gio info -a standard::content-type $sample"
        "$OPENWITH $sample" "gio mime $mime"
        "$OPENWITH $sample" "xdg-mime query default $mime"
    )
    # Each distinct command once, in one hyperfine run.
    mapfile -t distinct < <(printf '%s\n' "${commands[@]}" | awk '!seen[$0]++')
    "${cli_env[@]}" hyperfine --shell=none --ignore-failure --warmup 5 --min-runs 30 --style none \
        --export-csv "$WORK/out/hyperfine.csv" "${distinct[@]}" > "$WORK/out/hyperfine.txt" 2>&1
    # command,mean,stddev,median,user,system,min,max (seconds) -> command<TAB>median ns
    awk -F, 'NR > 1 { printf "%s\t%.1f\n", $1, $4 * 1e9 }' "$WORK/out/hyperfine.csv" > "$WORK/out/cli-medians.tsv"
    for (( k = 0; k < ${#commands[@]}; k += 2 )); do
        printf '%s\t%s\n' "${commands[k]}" "${commands[k + 1]}" >> "$WORK/out/cli.tsv"
    done
    cli_note="Whole processes: hyperfine --shell=none, 5 warm-up runs, at least 30 runs, on \`$(basename "$sample")\` ($mime); \`openwith\` is the fully static release build of \`Benchmarks/release-cli.sh\`, reading a catalog of the same $APPS desktop entries (its graph image and stored snapshot written by the warm-up runs)."
fi

# --- Table ------------------------------------------------------------------------------------
value() { awk -F'\t' -v op="$2" '$1 == op { print $2; exit }' "$1"; }
human() {
    awk -v ns="$1" 'BEGIN {
        if (ns == "") { print "n/a"; exit }
        if (ns < 1000) printf "%.1f ns\n", ns; else if (ns < 1e6) printf "%.2f µs\n", ns / 1e3; else printf "%.2f ms\n", ns / 1e6 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "n/a"; else printf "%.2f\n", a / b }'; }
row() { # label, OpenWith API, peer API, OpenWith ns, peer ns
    printf '| %s | %s | %s | %s | %s | %s |\n' "$1" "$2" "$3" "$(human "$4")" "$(human "$5")" "$(ratio "$4" "$5")"
}

ow=$WORK/out/openwith.tsv
gl=$WORK/out/glib.tsv
mg=$WORK/out/magic.tsv
count() { wc -l < "$1" | tr -d ' '; }
{
    echo "## Side by side: OpenWith and its peers"
    echo
    echo "Run on $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -m), $(nproc) cores ($(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo unknown CPU)); $(swift --version 2>/dev/null | awk 'NR == 1'); GLib $(pkg-config --modversion glib-2.0); libmagic $(file --version 2>/dev/null | awk 'NR == 1 { print $1 }' | sed 's/file-//'); $(hyperfine --version)."
    echo
    echo "Inputs from this machine: $(count "$WORK/names.txt") file names, $(count "$WORK/mimes.txt") MIME types and aliases, $(count "$WORK/isa.txt") is-a pairs, $(count "$WORK/sniff.txt") files sniffed from their first 4 KiB, $APPS synthetic desktop entries queried for $(count "$WORK/app-types.txt") MIME types. In-process times are medians of batches (ns per operation); ratio = OpenWith / peer (below 1: OpenWith is faster)."
    echo
    echo "| Operation | OpenWith | Peer | OpenWith median | Peer median | Ratio |"
    echo "|---|---|---|---:|---:|---:|"
    row "name → type" '`graph.match(filename:)`' '`g_content_type_guess(name, NULL, 0)`' "$(value "$ow" name-to-type)" "$(value "$gl" name-to-type)"
    row "name → type, the type alone" '`graph.type(filename:)`' '`g_content_type_guess(name, NULL, 0)`' "$(value "$ow" name-to-type-only)" "$(value "$gl" name-to-type)"
    row "MIME → type" '`graph.type(mimeType:)`' '`g_content_type_from_mime_type`' "$(value "$ow" mime-to-type)" "$(value "$gl" mime-to-type)"
    row "is-a (types in hand)" '`conforms(to:)`' '`g_content_type_is_a`' "$(value "$ow" is-a)" "$(value "$gl" is-a)"
    row "is-a (from MIME strings)" '`type(mimeType:)` ×2 + `conforms(to:)`' '`g_content_type_is_a`' "$(value "$ow" is-a-from-strings)" "$(value "$gl" is-a)"
    row "sniff 4 KiB" '`SignatureSniffer().sniff(prefix:)`' '`g_content_type_guess(NULL, data, len)`' "$(value "$ow" sniff-4k)" "$(value "$gl" sniff-4k)"
    row "sniff 4 KiB" '`SignatureSniffer().sniff(prefix:)`' '`magic_buffer` (MAGIC_MIME_TYPE)' "$(value "$ow" sniff-4k)" "$(value "$mg" sniff-4k)"
    row "all apps for a type ($APPS apps)" '`HandlerRanking.handlers(for:)`' '`g_app_info_get_all_for_type`' "$(value "$ow" apps-for-type)" "$(value "$gl" apps-for-type)"
    row "default app for a type ($APPS apps)" '`HandlerRanking.defaultHandler(for:)`' '`g_app_info_get_default_for_type`' "$(value "$ow" default-for-type)" "$(value "$gl" default-for-type)"
    while IFS=$'\t' read -r ours theirs; do
        ours_ns=$(awk -F'\t' -v c="$ours" '$1 == c { print $2; exit }' "$WORK/out/cli-medians.tsv")
        theirs_ns=$(awk -F'\t' -v c="$theirs" '$1 == c { print $2; exit }' "$WORK/out/cli-medians.tsv")
        ours_short=${ours//$OPENWITH/openwith}; ours_short=${ours_short//$sample/FILE}
        theirs_short=${theirs//$sample/FILE}
        row "whole process" "\`$ours_short\`" "\`$theirs_short\`" "$ours_ns" "$theirs_ns"
    done < "$WORK/out/cli.tsv"
    echo
    [ -n "$cli_note" ] && { echo "$cli_note"; echo; }
    echo "Do the answers agree? (compared through OpenWith's type graph, so aliases count as the same type)"
    echo
    echo "- name → type vs GLib: $agree_names_glib" | awk 'NR == 1'
    echo "- sniff 4 KiB vs GLib: $agree_sniff_glib" | awk 'NR == 1'
    echo "- sniff 4 KiB vs libmagic: $agree_sniff_magic" | awk 'NR == 1'
} > "$WORK/out/results.md"

cp "$WORK/out/results.md" "$HERE/results.md"
cat "$HERE/results.md"
{
    echo
    echo "Examples of differing answers (not in results.md):"
    printf 'name vs GLib:\n%s\nsniff vs GLib:\n%s\nsniff vs libmagic:\n%s\n' "$agree_names_glib" "$agree_sniff_glib" "$agree_sniff_magic"
} >&2

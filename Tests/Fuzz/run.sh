#!/usr/bin/env bash
# Builds every fuzz target with libFuzzer and AddressSanitizer, then runs each one.
#
#   Tests/Fuzz/run.sh [runs-per-target] [seconds-per-target]
#
# Each target runs until it has executed `runs` inputs (default 100000) or, when a number of
# seconds is given, for at most that long. Seeds come from the repository's Catalog data, the
# machine's desktop entries and shared-mime-info packages, and a few written here; the corpus
# grows in Tests/Fuzz/work/ (ignored by git). Prints, per target, the executions and crashes;
# exits non-zero when any target crashed (the crashing input is saved in work/). FUZZ_TARGETS
# (names separated by spaces) runs only those.
set -euo pipefail
cd "$(dirname "$0")"
runs=${1:-100000}
seconds=${2:-0}
configuration=${FUZZ_CONFIGURATION:-release}
flags=(-c "$configuration" -Xswiftc -sanitize=fuzzer,address --scratch-path .build)
swift build "${flags[@]}"
bin=$(swift build "${flags[@]}" --show-bin-path)
root=../..

seed() {  # seed TARGET FILE...: copies existing small files into the target's corpus
    local folder=work/corpus/$1
    shift
    mkdir -p "$folder"
    for file in "$@"; do
        [ -f "$file" ] && [ "$(stat -c %s "$file")" -le 65536 ] && cp "$file" "$folder/" 2>/dev/null || true
    done
}
mkdir -p work/corpus
seed FuzzPropertyList "$root"/Catalog/apps/*.plist
seed FuzzInfoPlist "$root"/Catalog/apps/*.plist
seed FuzzDesktopEntry /usr/share/applications/*.desktop
seed FuzzSharedMimeInfo /usr/share/mime/packages/*.xml
seed FuzzMimeAppsList /usr/share/applications/mimeapps.list /etc/xdg/mimeapps.list
mkdir -p work/corpus/FuzzMimeAppsList work/corpus/FuzzExecLine work/corpus/FuzzURL work/corpus/FuzzResolver work/corpus/FuzzMagicRules
seed FuzzMagicRules "$root"/Catalog/samples/*
printf '[Default Applications]\ntext/plain=editor.desktop;viewer.desktop;\n[Added Associations]\nimage/png=viewer.desktop;\n[Removed Associations]\ntext/x-csrc=editor.desktop;\n' > work/corpus/FuzzMimeAppsList/seed
printf 'sh -c "echo \\"$1\\"" %%f --name %%c %%U' > work/corpus/FuzzExecLine/seed
printf '"a\\\\\\\\b" %%F' > work/corpus/FuzzExecLine/quoted
printf 'https://example.org/a/b?c=d#e' > work/corpus/FuzzURL/https
printf 'mailto:someone@example.org?subject=hi%%20there' > work/corpus/FuzzURL/mailto
printf 'photo.png\0image/png\0\x89PNG\r\n\x1a\n\0\0\0\rIHDR' > work/corpus/FuzzResolver/png
printf 'notes.txt\0text/plain\0hello, world\n' > work/corpus/FuzzResolver/text
printf '\0\0%%PDF-1.7\n1 0 obj\n' > work/corpus/FuzzResolver/pdf
mkdir -p work/corpus/FuzzPreview
seed FuzzPreview "$root"/Catalog/samples/*
printf '%%PDF-1.5\n1 0 obj\n<< /Type /XRef /Size 2 /W [1 2 1] /Root 1 0 R /Length 0 >>\nstream\n\nendstream\nendobj\nstartxref\n9\n%%%%EOF\n' > work/corpus/FuzzPreview/xref-stream
printf '<svg width="2in" height="1in" viewBox="0 0 2 1"><title>a &amp; b</title></svg>' > work/corpus/FuzzPreview/svg
mkdir -p work/corpus/FuzzFilenameGlob
printf '\0*.so.[0-9]*\0libc.so.6' > work/corpus/FuzzFilenameGlob/shared
printf '\0[0-9][0-9][0-9].vdr\0001.VDR' > work/corpus/FuzzFilenameGlob/anchored
printf '\1[A-C]*.Q\0Bfile.Q' > work/corpus/FuzzFilenameGlob/case
printf '\0README*\0readme.md' > work/corpus/FuzzFilenameGlob/prefix
printf '\0[!a]x[]\0bx]' > work/corpus/FuzzFilenameGlob/brackets
mkdir -p work/corpus/FuzzMagicRuleText
printf '(?s)^\\s*(?:strict\\s+)?(?:di)?graph\\b\0digraph G { a -> b }' > work/corpus/FuzzMagicRuleText/graphviz
printf '(?:a|a)*b\0aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' > work/corpus/FuzzMagicRuleText/backtracking
printf '[50:text/x-robots] org.example.robots\n>least 2\n>>stringignorecase 0 =757365722d6167656e743a\n>>regex 0:100 =5b0a5d616c6c6f773a\n\0User-agent: *\nallow: /\n' > work/corpus/FuzzMagicRuleText/ruletext

all=(FuzzPropertyList FuzzInfoPlist FuzzDesktopEntry FuzzMimeAppsList FuzzSharedMimeInfo FuzzExecLine FuzzURL FuzzMagicRules FuzzMagicRuleText FuzzMagicRuleImage FuzzMagicBinaryPrefilter FuzzResolver FuzzPreview FuzzGraphImage FuzzFilenameGlob)
read -r -a targets <<< "${FUZZ_TARGETS:-${all[*]}}"
# Swift's own crash backtracer would otherwise stand between a trap and AddressSanitizer's report.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
limits=(-runs="$runs" -max_len=65536 -print_final_stats=1 -timeout=10 -rss_limit_mb=2048)
[ "$seconds" -gt 0 ] && limits+=(-max_total_time="$seconds")
crashed=0
total=0
printf '%-20s %14s %8s\n' target executions crashes
for target in "${targets[@]}"; do
    log=work/$target.log
    status=0
    mkdir -p "work/corpus/$target"  # libFuzzer refuses a corpus folder that does not exist
    "$bin/$target" "${limits[@]}" -artifact_prefix="work/$target-" "work/corpus/$target" > "$log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    crashes=0
    if [ "$status" -ne 0 ]; then crashes=1; crashed=$((crashed + 1)); fi
    total=$((total + ${executions:-0}))
    printf '%-20s %14s %8s\n' "$target" "${executions:-?}" "$crashes"
done
printf '%-20s %14s %8s\n' total "$total" "$crashed"
[ "$crashed" -eq 0 ]

#!/usr/bin/env bash
# Build the labelled accuracy corpus for OpenWith.
#
#   Benchmarks/accuracy/build-corpus.sh            # download, extract, label
#   Benchmarks/accuracy/build-corpus.sh --relabel  # keep downloads/extractions, label again
#
# 1. `apt-get download` a fixed list of Debian 12 (bookworm) packages into work/debs/
#    (runs `apt-get update` first if the package lists are missing; needs root for that),
# 2. extracts each with `dpkg-deb -x` into work/extract/<package>/,
# 3. runs label.py, which labels the files WITHOUT file(1), GLib or OpenWith and writes
#    work/corpus/{named,renamed,nameless}/ and work/corpus/labels.tsv.
#
# A package that fails to download is reported and skipped; the rest go on.
# Total download: about 250 MB.
set -u -o pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
WORK="$HERE/work"
DEBS="$WORK/debs"
EXTRACT="$WORK/extract"
mkdir -p "$DEBS" "$EXTRACT"

# name: why it is here (formats it brings)
PACKAGES=(
  # fonts
  fonts-dejavu-core            # ttf
  fonts-liberation2            # ttf
  fonts-urw-base35             # Type 1 (.pfb, .t1), .afm, .otf (CFF)
  fonts-font-awesome           # ttf, otf, woff, woff2, eot, svg font
  xfonts-base                  # .pcf.gz
  console-data                 # .psf.gz console fonts, keymaps (.gz)
  libjs-mathjax                # js, one mp3 + one ogg
  # images
  adwaita-icon-theme           # png, svg
  desktop-base                 # svg, png, jpg, xcf, xml, json
  pidgin-data                  # png, ico, wav, xpm, svg
  gimp-data-extras             # GIMP .pat / .gbr
  golang-golang-x-image-dev    # tiff, webp, bmp, png test data
  tuxpaint-data                # png, jpg, ttf, wav, ico
  flowblade                    # png, pgm, python, html
  docbook-xsl                  # xsl, xml, svg, gif, bmp, tif, css, dtd
  kdenlive-data                # xml, bz2, svgz, pgm
  # audio / video
  sound-theme-freedesktop      # .oga (Vorbis)
  alsa-utils                   # wav, ELF executables
  hydrogen-data                # wav, flac, ico, icns
  lmms-common                  # ogg, flac, wav
  openttd-openmsx              # MIDI
  aisleriot                    # svgz, ogg
  gnome-user-docs              # WebM videos, png, svg
  xine-ui                      # MPEG video (.mpg, .mpv), svgz, ELF
  golang-github-gabriel-vasile-mimetype-dev  # a type detector's test files (many formats)
  # office / documents
  libreoffice-common           # ODF templates, GtkBuilder .ui, wav, gif, png, xml
  python3-docx                 # default.docx
  libspreadsheet-parseexcel-perl  # OLE2 .xls
  libole-storage-lite-perl     # OLE2 .xls
  gnumeric-common              # .gnumeric
  musescore3-common            # html, js, png, xml
  r-doc-pdf                    # pdf
  debian-reference-en          # pdf, html
  ghostscript-doc              # pdf, html, woff2
  libgs10-common               # PostScript, xbm, xpm
  gnuplot-doc                  # ps, pdf, dvi, svg, html
  python-reportlab-doc         # pdf, gif, jpg
  libjs-pdf                    # pdf, pfb, ttf, js
  sqlite3-doc                  # html, gif, jpg, svg, odg, pdf
  # archives / executables / data
  busybox-static               # static ELF executable
  libc6-dev                    # .a archives, .o objects, .so, C headers
  libcommons-lang3-java        # jar
  libreoffice-style-colibre    # zip
  librust-zip-dev              # zip test files, rust source
  golang-github-ulikunitz-xz-dev  # xz, lzma
  wabt                         # wasm, wat, .a
  python3-pygame               # ELF shared objects, bmp, ico, icns, ttf
  proj-data                    # SQLite database
  golang-github-google-gopacket-dev  # pcap, pcapng
  # language runtimes: source and test data
  golang-1.19-src              # go, asm, png, jpeg, gif, zip, tar, bz2, gz, ELF/PE/Mach-O test binaries
  libpython3.11-testsuite      # python, xml, au, wav, aiff, sgi, ras, exr, webp, tiff, ...
  perl-modules-5.36            # perl
  libruby3.1                   # ruby, ELF shared objects
  node-undici                  # javascript, json, markdown
)

if [ "${1:-}" != "--relabel" ]; then
  if ! ls /var/lib/apt/lists/*_Packages* >/dev/null 2>&1; then
    echo "== apt-get update"
    if [ "$(id -u)" = 0 ]; then apt-get update -q; else sudo apt-get update -q; fi
  fi
  for tool in dpkg-deb apt-get python3; do
    command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 2; }
  done

  echo "== downloading ${#PACKAGES[@]} packages into $DEBS"
  failed=()
  cd "$DEBS"
  for p in "${PACKAGES[@]}"; do
    if ls "$DEBS/${p}_"*.deb >/dev/null 2>&1; then continue; fi
    # apt's _apt user cannot write here; downloading as root is fine (warning silenced)
    if ! apt-get download -q "$p" 2> >(grep -v 'unsandboxed' >&2); then
      echo "!! download failed: $p (continuing)" >&2
      failed+=("$p")
    fi
  done

  echo "== extracting"
  for deb in "$DEBS"/*.deb; do
    pkg="$(basename "$deb" | cut -d_ -f1)"
    keep=0
    for p in "${PACKAGES[@]}"; do [ "$p" = "$pkg" ] && keep=1; done
    [ $keep = 1 ] || continue
    dest="$EXTRACT/$pkg"
    [ -d "$dest" ] && continue
    mkdir -p "$dest.tmp" && dpkg-deb -x "$deb" "$dest.tmp" && mv "$dest.tmp" "$dest" \
      || { echo "!! extract failed: $deb (continuing)" >&2; rm -rf "$dest.tmp"; failed+=("$pkg (extract)"); }
  done
  du -sh "$DEBS" | sed 's/^/downloaded: /'
  if [ ${#failed[@]} -gt 0 ]; then
    printf '!! failed: %s\n' "${failed[@]}" >&2
    printf '%s\n' "${failed[@]}" > "$WORK/failed-packages.txt"
  else
    rm -f "$WORK/failed-packages.txt"
  fi
fi

echo "== labelling"
exec python3 "$HERE/label.py" --work "$WORK" --packages "${PACKAGES[@]}"

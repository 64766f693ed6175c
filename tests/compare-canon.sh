#!/bin/sh
# The crawler canonicalizers (docs/canon.md) against the reference packages themselves: surt,
# urlcanon and w3lib from PyPI, in a virtual environment this script makes, over both URL
# lists of tests/data and generated URLs (tests/support/canon_generate.py). Prints one Markdown
# row per profile and list (records, identical, share, differing) and writes every
# disagreement to target/canon-compare/<profile>-<list>.txt. `sb4` has no reference package.
# Skips with a message where Python or the packages cannot be had.
# Usage: tests/compare-canon.sh [path/to/urlscope]   (default: target/release/urlscope)
set -eu
cd "$(dirname "$0")/.."
urlscope=${1:-target/release/urlscope}
py=$(command -v python3 || true)
if [ -z "$py" ]; then
    echo "compare-canon: skipped: no python3 on PATH"
    exit 0
fi
venv=${CANON_VENV:-target/canon-venv}
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import surt, urlcanon, w3lib' 2>/dev/null; then
    if ! "$py" -m venv "$venv" >/dev/null 2>&1; then
        echo "compare-canon: skipped: python3 cannot make a virtual environment (python3-venv)"
        exit 0
    fi
    if ! "$venv/bin/pip" install -q surt==0.3.1 urlcanon==0.3.1 w3lib==2.5.0 idna==3.20 six; then
        echo "compare-canon: skipped: the reference packages could not be installed from PyPI"
        exit 0
    fi
fi
out=target/canon-compare
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat tests/data/urls-files.txt tests/data/urls-web.txt > "$tmp/lists.txt"
"$venv/bin/python" tests/support/canon_generate.py "${CANON_GENERATED:-20000}" > "$tmp/generated.txt"
echo "| profile | input | records | identical | share | differing |"
echo "|---|---|---|---|---|---|"
for p in uc-whatwg uc-google uc-semantic-precise uc-semantic uc-aggressive ssurt surt w3lib; do
    for list in lists generated; do
        "$urlscope" normalize -p "$p" < "$tmp/$list.txt" > "$tmp/ours" 2> "$tmp/err" || true
        "$venv/bin/python" tests/support/canon_reference.py "$p" "$tmp/$list.txt" "$tmp/ours" \
            "$tmp/err" "$out/$p-$list.txt"
    done
done

#!/bin/sh
# The corpus of tests/data/mail through `urlscope extract` and urlscan's own listing
# (`urlscan -n`, Debian package urlscan): per message, the distinct links each printed
# ("found") and how many of them are in the message's .expected set ("right"), as the
# Markdown table of docs/links.md.
# Usage: tests/compare-urlscan.sh [path/to/urlscope]   (default: target/release/urlscope)
set -eu
cd "$(dirname "$0")/.."
urlscope=${1:-target/release/urlscope}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
count() { LC_ALL=C sort -u "$1" | sed '/^$/d' > "$1.u"; wc -l < "$1.u" | tr -d ' '; }
right() { LC_ALL=C comm -12 "$1.u" "$2" | wc -l | tr -d ' '; }
echo "| message | expected | urlscope found | urlscope right | urlscan found | urlscan right |"
echo "|---|---|---|---|---|---|"
te=0; tf=0; tr=0; sf=0; sr=0
for m in tests/data/mail/*.eml tests/data/mail/*.txt; do
    LC_ALL=C sort -u "${m%.*}.expected" > "$tmp/want"
    e=$(wc -l < "$tmp/want" | tr -d ' ')
    "$urlscope" extract < "$m" > "$tmp/a" || true
    urlscan -n "$m" > "$tmp/b" 2>/dev/null || true
    af=$(count "$tmp/a"); ar=$(right "$tmp/a" "$tmp/want")
    bf=$(count "$tmp/b"); br=$(right "$tmp/b" "$tmp/want")
    echo "| $(basename "$m") | $e | $af | $ar | $bf | $br |"
    te=$((te + e)); tf=$((tf + af)); tr=$((tr + ar)); sf=$((sf + bf)); sr=$((sr + br))
done
echo "| **all** | $te | $tf | $tr | $sf | $sr |"

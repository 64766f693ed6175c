#!/usr/bin/env bash
# Decoding and listing the links of a 10 MB mailbox: `urlscope extract` against urlscan's own
# listing (`urlscan -n`, Debian package urlscan) on the same file, in one run (issue 19).
#
# Makes a ~10 MB mbox from the composed corpus (tests/data/mail/*.eml, each message behind an
# mbox `From ` line, repeated), then times, best of RUNS:
#   urlscope extract          < mbox > /dev/null   (text output: decode + list)
#   urlscope extract --json   < mbox > /dev/null   (decode + list + unwrap and host lenses)
#   urlscan -n mbox                    > /dev/null
# and prints the seconds, the links each listed, peak RSS (GNU time) and the ratios.
#
# Usage: benches/links-vs-urlscan.sh [RUNS] [MB]   (RUNS defaults to 3, MB to 10)
# Needs: cargo, urlscan (`apt-get install -y urlscan`); optional GNU time.
set -euo pipefail

runs=${1:-3}
mb=${2:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v urlscan > /dev/null || { echo "urlscan is not installed" >&2; exit 2; }

(cd "$root" && cargo build --quiet --release --bin urlscope)
cp "$target/release/urlscope" "$work/urlscope"

# One round of the corpus as mbox messages.
for m in "$root"/tests/data/mail/*.eml; do
    printf 'From corpus@example.org Tue Nov 24 06:00:00 2026\n'
    cat "$m"
    printf '\n'
done > "$work/round"
while [ "$(stat -c %s "$work/mbox" 2> /dev/null || echo 0)" -lt $((mb * 1000 * 1000)) ]; do
    cat "$work/round" >> "$work/mbox"
done
size=$(stat -c %s "$work/mbox")
msgs=$(grep -c '^From corpus@' "$work/mbox")
echo "mailbox: $msgs messages, $size bytes"

best() { # best wall-clock seconds of $runs runs of "$@"
    local b="" t0 t1 t
    for _ in $(seq "$runs"); do
        t0=$(date +%s.%N)
        "$@" > /dev/null 2>&1 || true
        t1=$(date +%s.%N)
        t=$(echo "$t1 - $t0" | bc)
        if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then b=$t; fi
    done
    echo "$b"
}
rss() { # peak RSS in MB of one run of "$@"
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f %M "$@" 2>&1 > /dev/null | tail -1 | awk '{printf "%.0f", $1 / 1024}'
    else
        echo "?"
    fi
}
extract() { "$work/urlscope" extract < "$work/mbox"; }
extract_json() { "$work/urlscope" extract --json < "$work/mbox"; }
scan() { urlscan -n "$work/mbox"; }

a=$(best extract)
j=$(best extract_json)
s=$(best scan)
na=$(extract 2> /dev/null | wc -l)
ns=$(scan 2> /dev/null | wc -l)
# The shell's redirections belong to the measured command: run both through sh -c.
ra=$(rss sh -c "exec '$work/urlscope' extract < '$work/mbox'")
rs=$(rss sh -c "exec urlscan -n '$work/mbox'")
printf '%-26s %8s s  %7s links  %5s MB peak RSS\n' "urlscope extract" "$a" "$na" "$ra"
printf '%-26s %8s s\n' "urlscope extract --json" "$j"
printf '%-26s %8s s  %7s links  %5s MB peak RSS\n' "urlscan -n" "$s" "$ns" "$rs"
echo "ratio urlscan / urlscope extract:        $(echo "scale=1; $s / $a" | bc)×"
echo "ratio urlscan / urlscope extract --json: $(echo "scale=1; $s / $j" | bc)×"

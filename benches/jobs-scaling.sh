#!/usr/bin/env bash
# `normalize --jobs N` scaling: for every profile, the time of `-j N` against `-j 1` on ten copies
# of the web URL list, in one run (same binary, same input, alternating), and the peak RSS of each.
#
# Usage: benches/jobs-scaling.sh [RUNS] [N]     (RUNS defaults to 5, N to the available cores)
# Report the machine's load with the figures (`uptime` is printed first): on a shared machine the
# ratio measures the cores left over, not the code.
set -euo pipefail

runs=${1:-5}
jobs=${2:-$(nproc)}
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benches/vs-url-lib.sh"
bench_input
(cd "$root" && cargo build --quiet --release --bin urlscope)
cp "${CARGO_TARGET_DIR:-$root/target}/release/urlscope" "$work/urlscope"
uptime

profiles=$("$work/urlscope" normalize -p '?' x 2>&1 | sed -n 's/.*possible values: //p' | tr -d ',]')
[ -n "$profiles" ] || profiles="none rfc1738 hyvatti pdf fido rfc3986 whatwg"
best() { # best wall time of $runs runs of "$@" < web_x10.txt > /dev/null
    local b="" t0 t1 t
    for _ in $(seq "$runs"); do
        t0=$(date +%s.%N); "$@" < "$work/web_x10.txt" > /dev/null 2>&1 || true; t1=$(date +%s.%N)
        t=$(python3 -c "print($t1 - $t0)")
        if [ -z "$b" ] || python3 -c "import sys; sys.exit(0 if $t < $b else 1)"; then b=$t; fi
    done
    echo "$b"
}
rss() {
    if [ -x /usr/bin/time ]; then
        { /usr/bin/time -v "$@" < "$work/web_x10.txt" > /dev/null || true; } 2>&1 |
            awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }'
    else echo n/a; fi
}
printf '%-10s %9s %9s %8s %10s %10s\n' profile "-j1 s" "-j$jobs s" speedup "RSS1 KiB" "RSS$jobs KiB"
for p in $profiles; do
    one=$(best "$work/urlscope" normalize -j 1 -p "$p")
    many=$(best "$work/urlscope" normalize -j "$jobs" -p "$p")
    cmp <("$work/urlscope" normalize -j 1 -p "$p" < "$work/web_x10.txt" 2>/dev/null) \
        <("$work/urlscope" normalize -j "$jobs" -p "$p" < "$work/web_x10.txt" 2>/dev/null) ||
        { echo "$p: -j $jobs differs from -j 1" >&2; exit 1; }
    printf '%-10s %9.3f %9.3f %7.2fx %10s %10s\n' "$p" "$one" "$many" \
        "$(python3 -c "print($one / $many)")" "$(rss "$work/urlscope" normalize -j 1 -p "$p")" \
        "$(rss "$work/urlscope" normalize -j "$jobs" -p "$p")"
done
uptime

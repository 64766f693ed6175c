#!/usr/bin/env bash
# Streaming speed of `urlscope get '{host}'` and `urlscope set --sort-query` against the url
# crate's parse+serialize (examples/url_baseline.rs) on the bench input of batch-vs-url.sh
# (ten copies of the web URL list, 480k lines), in one run (issue 21).
#
# Builds both in release mode, then times each command on the same input (hyperfine median if
# installed, else best of RUNS with `date`) and prints the ratio command/url-crate (the issue
# asks for <= 1.0).
#
# Usage: benches/edit-vs-url.sh [RUNS]      (RUNS defaults to 5)
set -euo pipefail

runs=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

data=""
for f in "$root/tests/data/urls-web.txt" "$root/../shared/data/urls-web.txt" "$root/benches/data/urls-web-slice.txt"; do
    if [ -f "$f" ]; then data=$f; break; fi
done
[ -n "$data" ] || { echo "no URL list found" >&2; exit 2; }
for _ in $(seq 10); do cat "$data"; done > "$work/web_x10.txt"
echo "data: 10 × $data = $(wc -l < "$work/web_x10.txt") lines, $(wc -c < "$work/web_x10.txt") bytes"

(cd "$root" && cargo build --quiet --release --bin urlscope --example url_baseline)
cp "$target/release/urlscope" "$work/urlscope"
cp "$target/release/examples/url_baseline" "$work/url_baseline"
[ "$(echo 'http://a/?b&a' | "$work/urlscope" set --sort-query)" = "http://a/?a&b" ] ||
    { echo "the release binary is not this checkout's" >&2; exit 2; }

declare -A cmd
cmd[url-crate]="$work/url_baseline"
cmd[get-host]="$work/urlscope get {host}"
cmd[set-sort-query]="$work/urlscope set --sort-query"
names=(url-crate get-host set-sort-query)

declare -A secs
if command -v hyperfine > /dev/null; then
    args=()
    for n in "${names[@]}"; do args+=(-n "$n" "${cmd[$n]} < $work/web_x10.txt > /dev/null"); done
    hyperfine --warmup 1 --runs "$runs" --export-json "$work/h.json" "${args[@]}" >&2
    while read -r n m; do secs[$n]=$m; done < <(
        python3 -c 'import json,sys
for r in json.load(open(sys.argv[1]))["results"]: print(r["command"], r["median"])' "$work/h.json")
    how="hyperfine median of $runs"
else
    for n in "${names[@]}"; do
        best=""
        for _ in $(seq "$runs"); do
            t0=$(date +%s.%N)
            # A record `set` refuses or `get` cannot answer is not a failure of the run here.
            sh -c "${cmd[$n]} < $work/web_x10.txt > /dev/null 2>&1 || true"
            t1=$(date +%s.%N)
            t=$(python3 -c "print($t1 - $t0)")
            if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $t < $best else 1)"; then best=$t; fi
        done
        secs[$n]=$best
    done
    how="best of $runs (hyperfine not installed)"
fi

echo "timing: $how; ratio = time / url-crate time (lower is faster)"
printf '%-15s %10s %8s\n' command seconds ratio
for n in "${names[@]}"; do
    ratio=$(python3 -c "print(f'{${secs[$n]} / ${secs[url-crate]}:.2f}')")
    printf '%-15s %10.3f %8s\n' "$n" "${secs[$n]}" "$ratio"
done

#!/usr/bin/env bash
# Streaming speed of `urlscope get '{host}'` and `urlscope set --sort-query` against the url
# crate's parse+serialize (examples/url_baseline.rs) on the bench input of batch-vs-url.sh
# (ten copies of the web URL list, 480k lines), in one run.
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
. "$root/benches/vs-url-lib.sh"
bench_input

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

time_commands "${names[@]}"

echo "timing: $how; ratio = time / url-crate time (lower is faster)"
printf '%-15s %10s %8s\n' command seconds ratio
for n in "${names[@]}"; do
    ratio=$(ratio_to_url "$n")
    printf '%-15s %10.3f %8s\n' "$n" "${secs[$n]}" "$ratio"
done

#!/usr/bin/env bash
# Batch normalization speed of the real binary against the url crate.
#
# Builds `urlscope` and the baseline example `url_baseline` (BufReader/BufWriter line loop around
# url::Url::parse + as_str) in release mode, makes web_x10.txt (ten copies of the web URL list),
# then, in one run:
#   - times `urlscope normalize -p P < web_x10.txt > /dev/null` for every profile and the baseline
#     with hyperfine (if installed; otherwise best of 5 with `date`),
#   - measures each one's peak RSS with /usr/bin/time -v,
#   - prints the ratios profile/baseline (lower is faster; the issue asks for <= 1.0, aims at 0.6).
#
# Usage: benches/batch-vs-url.sh [RUNS]       (RUNS defaults to 10)
# Needs: cargo; optional hyperfine and GNU time (`apt-get install -y hyperfine time`).
set -euo pipefail

runs=${1:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
. "$root/benches/vs-url-lib.sh"
bench_input

# Build, then copy the binaries out of the (possibly shared) target directory and check that
# they are this checkout's (another checkout sharing CARGO_TARGET_DIR may overwrite them).
ok=""
for attempt in 1 2 3 4 5; do
    if (cd "$root" && cargo build --quiet --release --bin urlscope --example url_baseline); then
        cp "$target/release/urlscope" "$work/urlscope"
        cp "$target/release/examples/url_baseline" "$work/url_baseline"
        if [ "$(printf 'HTTP://A:80/%%7e\n' | "$work/urlscope" normalize -p hyvatti 2>/dev/null)" = "http://a/~" ]; then
            ok=1
            break
        fi
    fi
    echo "build attempt $attempt did not give this checkout's binary; retrying" >&2
    touch "$root/src/lib.rs" "$root/src/main.rs"
done
[ -n "$ok" ] || { echo "could not build this checkout's urlscope" >&2; exit 2; }

profiles=(none rfc1738 hyvatti pdf fido rfc3986 whatwg)
declare -A cmd
cmd[url-crate]="$work/url_baseline"
# One core: the figures compare one thread with the url crate's one (benches/jobs-scaling.sh has -j N).
for p in "${profiles[@]}"; do cmd[$p]="$work/urlscope normalize -j 1 -p $p"; done
names=(url-crate "${profiles[@]}")

time_commands "${names[@]}"

declare -A rss
if [ -x /usr/bin/time ]; then
    for n in "${names[@]}"; do
        rss[$n]=$( { /usr/bin/time -v sh -c "${cmd[$n]} < $work/web_x10.txt > /dev/null || true" ; } 2>&1 |
            awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }')
    done
fi

echo
echo "timing: $how; ratio = time / url-crate time (lower is faster)"
printf '%-10s %10s %8s %14s\n' command seconds ratio peak-RSS-KiB
for n in "${names[@]}"; do
    ratio=$(ratio_to_url "$n")
    printf '%-10s %10.3f %8s %14s\n' "$n" "${secs[$n]}" "$ratio" "${rss[$n]:-n/a}"
done

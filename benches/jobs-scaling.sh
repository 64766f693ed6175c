#!/usr/bin/env bash
# `normalize --jobs N` scaling: for every profile, `-j N` against `-j 1` on ten copies of the web
# URL list, in one run (same binary, same input, the two taken in turn RUNS times), and the peak
# RSS of each. Printed per profile: the best wall time of each and their ratio (the speed-up),
# and the least CPU time (user + sys) of each and their ratio (what the threads cost beyond the
# work: 1.00 is free).
#
# Usage: benches/jobs-scaling.sh [RUNS] [N]     (RUNS defaults to 15, N to the available cores)
# On a shared machine the wall ratio measures the cores left over, not the code: the load is
# printed before and after, and the CPU ratio is the figure that load does not move much.
set -euo pipefail

runs=${1:-15}
jobs=${2:-$(nproc)}
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benches/vs-url-lib.sh"
bench_input
(cd "$root" && cargo build --quiet --release --bin urlscope)
cp "${CARGO_TARGET_DIR:-$root/target}/release/urlscope" "$work/urlscope"
uptime

# The profiles as clap lists them for a bad value (that command fails, hence `|| true`).
profiles=$({ "$work/urlscope" normalize -p '?' x 2>&1 || true; } |
    sed -n 's/.*possible values: \([^]]*\)].*/\1/p' | tr -d ',')
[ -n "$profiles" ] || profiles="none rfc1738 hyvatti pdf fido rfc3986 whatwg"
rss() {
    if [ -x /usr/bin/time ]; then
        { /usr/bin/time -v "$@" < "$work/web_x10.txt" > /dev/null || true; } 2>&1 |
            awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }'
    else echo n/a; fi
}
printf '%-20s %8s %8s %8s %8s %8s %8s %9s %9s\n' profile "-j1 s" "-j$jobs s" speedup \
    "-j1 cpu" "-j$jobs cpu" "cpu x" "RSS1 KiB" "RSS$jobs KiB"
for p in $profiles; do
    cmp <("$work/urlscope" normalize -j 1 -p "$p" < "$work/web_x10.txt" 2>/dev/null) \
        <("$work/urlscope" normalize -j "$jobs" -p "$p" < "$work/web_x10.txt" 2>/dev/null) ||
        { echo "$p: -j $jobs differs from -j 1" >&2; exit 1; }
    times=$(python3 - "$runs" "$work/urlscope" "$work/web_x10.txt" "$p" "$jobs" <<'PY'
import os, resource, subprocess, sys, time
runs, exe, data, p, jobs = int(sys.argv[1]), *sys.argv[2:]
best = {}
for _ in range(runs):
    for j in ("1", jobs):
        with open(data, "rb") as i, open(os.devnull, "wb") as o:
            r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
            subprocess.run([exe, "normalize", "-j", j, "-p", p], stdin=i, stdout=o, stderr=subprocess.DEVNULL)
            wall, r1 = time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime
        w, c = best.get(j, (wall, cpu))
        best[j] = (min(w, wall), min(c, cpu))
(w1, c1), (wn, cn) = best["1"], best[jobs]
print(f"{w1:.3f} {wn:.3f} {w1 / wn:.2f}x {c1:.3f} {cn:.3f} {cn / c1:.2f}")
PY
)
    # shellcheck disable=SC2086
    printf '%-20s %8s %8s %8s %8s %8s %8s %9s %9s\n' "$p" $times \
        "$(rss "$work/urlscope" normalize -j 1 -p "$p")" "$(rss "$work/urlscope" normalize -j "$jobs" -p "$p")"
done
uptime

#!/usr/bin/env bash
# `normalize -p whatwg` against the url crate and ada, one core, in one run.
#
# Builds `urlscope` and the baseline example `url_baseline` (url::Url::parse + as_str per line)
# in release mode, and `benches/ada-baseline` (ada through the `ada-url` crate, the same line
# loop; skipped with a note when it does not build), makes web_x10.txt (ten copies of the web URL
# list), then:
#   - runs each command RUNS times over it, the commands taken in turn (round-robin, so a change
#     of load falls on all alike), and keeps each one's least and median CPU time (user + sys)
#     and least wall time; urlscope runs with `-j 1`, so every command is one thread;
#   - counts the output lines on which each command differs from the url crate;
#   - prints CPU time / url-crate CPU time and / ada CPU time (lower is faster).
# Extra commands: set EXTRA="name=/path/to/urlscope ..." to time other urlscope binaries (for
# example main's, before the fused path) with the same arguments.
#
# Usage: benches/whatwg-vs-url.sh [RUNS]       (RUNS defaults to 11)
set -euo pipefail

runs=${1:-11}
root=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
. "$root/benches/vs-url-lib.sh"
bench_input

(cd "$root" && cargo build --quiet --release --bin urlscope --example url_baseline)
cp "$target/release/urlscope" "$work/urlscope"
cp "$target/release/examples/url_baseline" "$work/url_baseline"
names=(url-crate)
declare -A argv
argv[url-crate]="$work/url_baseline"
if (cd "$root/benches/ada-baseline" && cargo build --quiet --release) 2> "$work/ada-build.txt"; then
    cp "$root/benches/ada-baseline/target/release/ada-baseline" "$work/ada_baseline"
    names+=(ada)
    argv[ada]="$work/ada_baseline"
else
    echo "ada-baseline did not build (its errors follow); timing without it" >&2
    tail -20 "$work/ada-build.txt" >&2
fi
names+=(whatwg)
argv[whatwg]="$work/urlscope normalize -j 1 -p whatwg"
for e in ${EXTRA:-}; do
    n=${e%%=*}
    names+=("$n")
    argv[$n]="${e#*=} normalize -j 1 -p whatwg"
done

for n in "${names[@]}"; do
    ${argv[$n]} < "$work/web_x10.txt" > "$work/out-$n.txt" 2> /dev/null || true
done

load_before=$(uptime)
for n in "${names[@]}"; do printf '%s\t%s\n' "$n" "${argv[$n]}"; done > "$work/commands"
python3 - "$work" "$runs" > "$work/times" <<'PY'
import os, resource, statistics, subprocess, sys, time
work, runs = sys.argv[1], int(sys.argv[2])
cmds = [l.rstrip("\n").split("\t") for l in open(f"{work}/commands")]
cpu = {n: [] for n, _ in cmds}
wall = {n: [] for n, _ in cmds}
for _ in range(runs):
    for n, c in cmds:
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        with open(f"{work}/web_x10.txt", "rb") as i, open(os.devnull, "wb") as o:
            subprocess.run(c.split(), stdin=i, stdout=o, stderr=subprocess.DEVNULL)
        wall[n].append(time.perf_counter() - t0)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[n].append((r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime))
for n, _ in cmds:
    print(n, min(cpu[n]), statistics.median(cpu[n]), min(wall[n]))
PY
load_after=$(uptime)

declare -A least median best_wall
while read -r n c m w; do least[$n]=$c; median[$n]=$m; best_wall[$n]=$w; done < "$work/times"
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }
echo
echo "load before: $load_before"
echo "load after:  $load_after"
echo "CPU time (user + sys) of $runs runs each, one thread; ratios of the least (and of the medians)"
printf '%-12s %10s %10s %9s %16s %16s %12s\n' command least-ms median-ms wall-ms '÷ url crate' '÷ ada' 'lines ≠ url'
for n in "${names[@]}"; do
    to_url="$(ratio "${least[$n]}" "${least[url-crate]}") ($(ratio "${median[$n]}" "${median[url-crate]}"))"
    to_ada=n/a
    if [ -n "${least[ada]:-}" ]; then
        to_ada="$(ratio "${least[$n]}" "${least[ada]}") ($(ratio "${median[$n]}" "${median[ada]}"))"
    fi
    differ=$(python3 -c 'import sys
a, b = (open(f, "rb").read().split(b"\n") for f in sys.argv[1:])
print(sum(x != y for x, y in zip(a, b)) + abs(len(a) - len(b)))' "$work/out-url-crate.txt" "$work/out-$n.txt")
    printf '%-12s %10.1f %10.1f %9.1f %16s %16s %12s\n' "$n" \
        "$(python3 -c "print(${least[$n]} * 1e3)")" "$(python3 -c "print(${median[$n]} * 1e3)")" \
        "$(python3 -c "print(${best_wall[$n]} * 1e3)")" "$to_url" "$to_ada" "$differ"
done

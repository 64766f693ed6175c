#!/usr/bin/env bash
# The crawler canonicalizers' batch speed (docs/canon.md), in one run, against the url crate and
# against their Python references.
#
# Builds `urlscope` and the baseline example `url_baseline` (url::Url::parse + as_str per line)
# in release mode, makes web_x10.txt (ten copies of the web URL list), then:
#   - runs `urlscope normalize -p P < web_x10.txt > /dev/null` for every canonicalizer and the
#     baseline RUNS times, the commands taken in turn (round-robin, so a change of load falls on
#     all alike), and keeps each one's best wall time and best CPU time (user + sys),
#   - times each reference package over the same records once (tests/support/canon_reference.py
#     in the virtual environment tests/compare-canon.sh makes; skipped without it), counting
#     the records it raised on and the records whose output equals urlscope's, so a reference
#     that skipped its work would show,
#   - prints time / url-crate time (the issue asks for <= 0.5) and Python time / urlscope time
#     (asks for >= 100), both on CPU time.
#
# Usage: benches/canon-vs-url.sh [RUNS]       (RUNS defaults to 7)
set -euo pipefail

runs=${1:-7}
root=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
. "$root/benches/vs-url-lib.sh"
bench_input

(cd "$root" && cargo build --quiet --release --bin urlscope --example url_baseline)
cp "$target/release/urlscope" "$work/urlscope"
cp "$target/release/examples/url_baseline" "$work/url_baseline"

profiles=(uc-whatwg uc-google uc-semantic-precise uc-semantic uc-aggressive ssurt sb4 surt w3lib)
names=(url-crate "${profiles[@]}")
load_before=$(uptime)
# name wall cpu, best of RUNS each, round-robin.
python3 - "$work" "$runs" "${names[@]}" > "$work/times" <<'PY'
import os, resource, subprocess, sys, time
work, runs, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def argv(n):
    if n == "url-crate":
        return [f"{work}/url_baseline"]
    return [f"{work}/urlscope", "normalize", "-p", n]
best = {n: (float("inf"), float("inf")) for n in names}
for _ in range(runs):
    for n in names:
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        with open(f"{work}/web_x10.txt", "rb") as i, open(os.devnull, "wb") as o:
            subprocess.run(argv(n), stdin=i, stdout=o, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        w, c = best[n]
        best[n] = (min(w, wall), min(c, cpu))
for n in names:
    print(n, *best[n])
PY
load_after=$(uptime)
declare -A wall cpu
while read -r n w c; do wall[$n]=$w; cpu[$n]=$c; done < "$work/times"

venv=${CANON_VENV:-$root/target/canon-venv}
declare -A pysecs pycheck
if [ -x "$venv/bin/python" ]; then
    for p in "${profiles[@]}"; do
        [ "$p" = sb4 ] && continue
        "$work/urlscope" normalize -p "$p" < "$work/web_x10.txt" > "$work/ours.txt" 2> /dev/null || true
        read -r secs check < <("$venv/bin/python" - "$p" "$work/web_x10.txt" "$root/tests/support" "$work/ours.txt" <<'PY'
import sys, time
sys.path.insert(0, sys.argv[3])
from canon_reference import reference, records
run = reference(sys.argv[1])
xs = records(open(sys.argv[2], "rb").read())
t0 = time.process_time()
outs = []
for x in xs:
    try:
        outs.append(run(x))
    except Exception:
        outs.append(None)
secs = time.process_time() - t0
ours = records(open(sys.argv[4], "rb").read())
raised = sum(o is None for o in outs)
same = sum(o is not None and o.replace(b"\n", b"%0A") == y for o, y in zip(outs, ours))
print(secs, f"{len(xs)}-records,{raised}-raised,{same}-equal")
PY
)
        pysecs[$p]=$secs
        pycheck[$p]=$check
    done
fi

echo
echo "load before: $load_before"
echo "load after:  $load_after"
echo "best of $runs runs, round-robin; ratio = CPU time / url-crate CPU time (lower is faster);"
echo "python = reference CPU time (one run) / urlscope CPU time"
printf '%-20s %9s %9s %8s %8s %10s %8s  %s\n' command wall-s cpu-s wall-r cpu-r python-s python check
for n in "${names[@]}"; do
    wr=$(python3 -c "print(f'{${wall[$n]} / ${wall[url-crate]}:.2f}')")
    cr=$(python3 -c "print(f'{${cpu[$n]} / ${cpu[url-crate]}:.2f}')")
    py=${pysecs[$n]:-}
    if [ -n "$py" ]; then
        speedup=$(python3 -c "print(f'{$py / ${cpu[$n]}:.0f}')")
        printf '%-20s %9.3f %9.3f %8s %8s %10.2f %8s  %s\n' "$n" "${wall[$n]}" "${cpu[$n]}" "$wr" "$cr" "$py" "${speedup}x" "${pycheck[$n]}"
    else
        printf '%-20s %9.3f %9.3f %8s %8s %10s %8s\n' "$n" "${wall[$n]}" "${cpu[$n]}" "$wr" "$cr" n/a n/a
    fi
done

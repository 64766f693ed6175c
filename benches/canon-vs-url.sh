#!/usr/bin/env bash
# The crawler canonicalizers' batch speed (SPEC-CANON), in one run, against the url crate and
# against their Python references.
#
# Builds `urlscope` and the baseline example `url_baseline` (url::Url::parse + as_str per line)
# in release mode, makes web_x10.txt (ten copies of the web URL list), then:
#   - times `urlscope normalize -p P < web_x10.txt > /dev/null` for every canonicalizer and the
#     baseline (hyperfine median of RUNS when installed, else the best of RUNS),
#   - times each reference package over the same records once (tests/support/canon_reference.py
#     in the virtual environment tests/compare-canon.sh makes; skipped without it),
#   - prints time / url-crate time (the issue asks for <= 0.5) and Python time / urlscope time
#     (asks for >= 100).
#
# Usage: benches/canon-vs-url.sh [RUNS]       (RUNS defaults to 10)
set -euo pipefail

runs=${1:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
. "$root/benches/vs-url-lib.sh"
bench_input

(cd "$root" && cargo build --quiet --release --bin urlscope --example url_baseline)
cp "$target/release/urlscope" "$work/urlscope"
cp "$target/release/examples/url_baseline" "$work/url_baseline"

profiles=(uc-whatwg uc-google uc-semantic-precise uc-semantic uc-aggressive ssurt sb4 surt w3lib)
declare -A cmd
cmd[url-crate]="$work/url_baseline"
for p in "${profiles[@]}"; do cmd[$p]="$work/urlscope normalize -p $p"; done
names=(url-crate "${profiles[@]}")
load_before=$(uptime)
time_commands "${names[@]}"
load_after=$(uptime)

venv=${CANON_VENV:-$root/target/canon-venv}
declare -A pysecs
if [ -x "$venv/bin/python" ]; then
    for p in "${profiles[@]}"; do
        [ "$p" = sb4 ] && continue
        pysecs[$p]=$("$venv/bin/python" - "$p" "$work/web_x10.txt" "$root/tests/support" <<'PY'
import sys, time
sys.path.insert(0, sys.argv[3])
from canon_reference import reference, records
run = reference(sys.argv[1])
xs = records(open(sys.argv[2], "rb").read())
t0 = time.perf_counter()
for x in xs:
    try:
        run(x)
    except Exception:
        pass
print(time.perf_counter() - t0)
PY
)
    done
fi

echo
echo "load before: $load_before"
echo "load after:  $load_after"
echo "timing: $how; ratio = time / url-crate time (lower is faster); python = reference time / urlscope time"
printf '%-20s %10s %8s %12s %8s\n' command seconds ratio python-secs python
for n in "${names[@]}"; do
    ratio=$(ratio_to_url "$n")
    py=${pysecs[$n]:-}
    if [ -n "$py" ]; then
        speedup=$(python3 -c "print(f'{$py / ${secs[$n]}:.0f}')")
        printf '%-20s %10.3f %8s %12.2f %8s\n' "$n" "${secs[$n]}" "$ratio" "$py" "${speedup}x"
    else
        printf '%-20s %10.3f %8s %12s %8s\n' "$n" "${secs[$n]}" "$ratio" n/a n/a
    fi
done

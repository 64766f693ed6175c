#!/usr/bin/env bash
# Run every fuzz target for SECONDS each (default 30), one after another, from a fixed seed, each
# with its committed seed corpus read only and a scratch directory for what it finds. Stops at the
# first crash (libFuzzer writes it to fuzz/artifacts/<target>/) with a non-zero status.
#
#   bash fuzz/run-all.sh            # 30 s each: what .ci/run does
#   bash fuzz/run-all.sh 3600 tokenize links   # one hour each, two targets
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`); RUSTC_BOOTSTRAP=1 lets the stable toolchain take
# the flags it passes (README.md in this folder says why).
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-30}"
shift || true
export RUSTC_BOOTSTRAP=1
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo fuzz list)
fi
cargo fuzz build -O --debug-assertions
for t in "${targets[@]}"; do
  work="fuzz/target/work/$t"
  mkdir -p "$work" "fuzz/corpus/$t"
  echo "== fuzz $t: ${secs}s"
  # The inspector's target decodes structured steps and starts from nothing; the others start
  # from their seed corpus. -seed fixes the run's choices, so a short run is repeatable.
  cargo fuzz run -O --debug-assertions "$t" "$work" "fuzz/corpus/$t" -- \
    -seed=1 -max_total_time="$secs" -max_len=65536 -print_final_stats=1 -close_fd_mask=3 \
    2>&1 | grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE|==[0-9]+==|SUMMARY|thread .* panicked|Test unit written)' \
    || true
  if ls "fuzz/artifacts/$t"/crash-* "fuzz/artifacts/$t"/oom-* "fuzz/artifacts/$t"/timeout-* >/dev/null 2>&1; then
    echo "fuzz $t: found a failing input in fuzz/artifacts/$t" >&2
    exit 1
  fi
done

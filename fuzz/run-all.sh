#!/usr/bin/env bash
# Run every fuzz target for SECONDS each (default 30), one after another, from a fixed seed, each
# with its committed seed corpus read only and a scratch directory for what it finds. Stops at the
# first crash (libFuzzer writes it to fuzz/artifacts/<target>/) with a non-zero status.
#
#   bash fuzz/run-all.sh            # 30 s each: what .ci/run does
#   bash fuzz/run-all.sh 3600 tokenize links   # one hour each, two targets
#   FUZZ_KEEP_GOING=1 bash fuzz/run-all.sh 170  # every target even after a failing one
#   FUZZ_NO_BUILD=1 bash fuzz/run-all.sh 30 links  # the build already done
#   FUZZ_CORE_ONLY=1 bash fuzz/run-all.sh 30 links whatwg_fused  # without the urlscope crate
#
# Needs cargo-fuzz (`cargo install cargo-fuzz --locked`); RUSTC_BOOTSTRAP=1 lets the stable
# toolchain take the flags it passes (README.md in this folder says why). No sanitizer by default:
# the code under test forbids `unsafe`, so AddressSanitizer would only slow the build and the runs
# (FUZZ_SANITIZER=address turns it on). Each target ends with libFuzzer's final statistics
# (executions, coverage edges, peak memory) on standard output.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-30}"
shift || true
export RUSTC_BOOTSTRAP=1
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo fuzz list)
fi
san="${FUZZ_SANITIZER:-none}"
# The core's targets build without the command line and the inspector (Cargo.toml's `cli`
# feature), in about half the time; the build and the run must name the same features, or the
# run builds again.
features=()
if [ -n "${FUZZ_CORE_ONLY:-}" ]; then features=(--no-default-features); fi
failed=()
# Only the targets named are built (linking an instrumented target takes a while);
# FUZZ_NO_BUILD=1 skips the build when a caller has done it.
if [ -z "${FUZZ_NO_BUILD:-}" ]; then
  if [ $# -eq 0 ]; then
    cargo fuzz build -O --debug-assertions -s "$san" "${features[@]}"
  else
    for t in "${targets[@]}"; do
      cargo fuzz build -O --debug-assertions -s "$san" "${features[@]}" "$t"
    done
  fi
fi
for t in "${targets[@]}"; do
  work="fuzz/target/work/$t"
  log="fuzz/target/work/$t.log"
  mkdir -p "$work" "fuzz/corpus/$t"
  echo "== fuzz $t: ${secs}s"
  # The inspector's target decodes structured steps and starts from nothing; the others start
  # from their seed corpus. -seed fixes the run's choices, so a short run is repeatable.
  status=0
  cargo fuzz run -O --debug-assertions -s "$san" "${features[@]}" "$t" "$work" "fuzz/corpus/$t" -- \
    -seed=1 -max_total_time="$secs" -max_len=65536 -print_final_stats=1 > "$log" 2>&1 || status=$?
  # The run's figures: the corpus loaded, the last coverage line, executions and peak memory.
  grep -E '^(INFO: seed corpus|#[0-9]+[[:space:]]+(INITED|DONE)|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' "$log" || true
  if [ "$status" -ne 0 ]; then
    # libFuzzer wrote the failing input to fuzz/artifacts/<target>/; the panic names the check.
    echo "fuzz $t: failed (status $status); the end of its output ($log):" >&2
    grep -A 2 -E 'panicked at|ERROR: libFuzzer' "$log" | head -n 12 >&2
    grep -v -E '^#[0-9]+' "$log" | grep -A 3 -E '^(Failing input|Reproduce with)' >&2 || true
    failed+=("$t")
    [ -n "${FUZZ_KEEP_GOING:-}" ] || break
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failing targets: ${failed[*]}" >&2
  exit 1
fi

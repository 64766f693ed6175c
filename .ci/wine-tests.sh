#!/usr/bin/env bash
# The command-line test suites (the cli_* and hostile_cli modules of tests/cli/) built for Windows
# and run under Wine: the test binary and the urlscope.exe it drives are Windows programs. Not part of
# .ci/run (the Windows test build takes many minutes); docs/platforms.md records the last run.
#   .ci/wine-tests.sh
set -uo pipefail
cd "$(dirname "$0")/.."
if ! command -v wine >/dev/null || ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
  echo "wine-tests: SKIPPED: needs wine and gcc-mingw-w64-x86-64 (Debian: apt-get install wine64 gcc-mingw-w64-x86-64)"
  exit 0
fi
export WINEDEBUG=-all CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=wine
target=x86_64-pc-windows-gnu
cargo test --target "$target" --test cli --no-run || exit 1
# Wine before 9.0 lacks bcryptprimitives.dll (see .ci/wine-cli.sh): the shim beside the exes.
dir=target/$target/debug
for d in "$dir" "$dir/deps"; do
  x86_64-w64-mingw32-gcc -shared -O2 -o "$d/bcryptprimitives.dll" .ci/wine/bcryptprimitives.c -ladvapi32
done
status=0
for f in tests/cli/cli_*.rs tests/cli/hostile_cli.rs; do
  t=$(basename "$f" .rs)
  echo "== $t"
  # One module of the group: its tests' paths begin with `t::`.
  out=$(cargo test --target "$target" --test cli -- "$t::" 2>&1)
  grep -E '\.\.\. FAILED|^test result' <<<"$out"
  grep -q '^test result: ok' <<<"$out" || status=1
done
exit $status

#!/usr/bin/env bash
# An mbox of any size, streamed: `urlscope extract` (plain, --with-message, --json) on a
# generated mailbox of the real messages of tests/data/mail-real (benches/make-big-mbox.py),
# with GNU time: CPU seconds (user + system: one core), MB/s per CPU second, wall seconds, peak
# RSS. The baseline in the same run is `wc -l` (reading the file and finding its lines, nothing
# decoded; not grep, which stops at the first match when its output is /dev/null).
#
# Usage: benches/mbox-scale.sh [MB] [MAX_KB]
#   MB defaults to 1000 (a 1 GB mailbox, written to $TMPDIR and deleted at the end); MAX_KB
#   keeps only the messages up to that size (no large attachments: mostly text and HTML).
# Needs: cargo, python3, GNU time (/usr/bin/time).
set -euo pipefail

mb=${1:-1000}
max_kb=${2:-}
root=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -x /usr/bin/time ] || { echo "GNU time (/usr/bin/time) is not installed" >&2; exit 2; }

(cd "$root" && cargo build --quiet --release --bin urlscope)
cp "$target/release/urlscope" "$work/urlscope"
# shellcheck disable=SC2086 # MAX_KB is one optional word
python3 "$root/benches/make-big-mbox.py" "$mb" $max_kb > "$work/big.mbox"
bytes=$(stat -c %s "$work/big.mbox")
echo "mailbox: $(grep -c '^From ' "$work/big.mbox") messages, $bytes bytes; load: $(uptime | sed 's/.*load/load/')"

row() { # name, then the command (stdout to /dev/null): one row of the table
    local name=$1 out
    shift
    out=$(/usr/bin/time -f '%U %S %e %M' "$@" 2>&1 > /dev/null | tail -1)
    read -r user sys wall rss <<< "$out"
    awk -v n="$name" -v u="$user" -v s="$sys" -v w="$wall" -v r="$rss" -v b="$bytes" 'BEGIN {
        cpu = u + s; printf "| %s | %.2f | %.0f | %.2f | %.0f |\n", n, cpu, b / 1e6 / cpu, w, r / 1024 }'
}
echo "| command | CPU s | MB/s (CPU) | wall s | peak RSS MB |"
echo "|---|---|---|---|---|"
row "wc -l (baseline)" wc -l "$work/big.mbox"
row "urlscope extract" "$work/urlscope" extract "$work/big.mbox"
row "urlscope extract --with-message" "$work/urlscope" extract --with-message "$work/big.mbox"
row "urlscope extract --json" "$work/urlscope" extract --json "$work/big.mbox"
echo "links: $("$work/urlscope" extract "$work/big.mbox" 2> /dev/null | wc -l)"
echo "load after: $(uptime | sed 's/.*load/load/')"

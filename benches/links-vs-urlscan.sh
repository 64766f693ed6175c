#!/usr/bin/env bash
# Decoding and listing the links of a 10 MB mailbox: `urlscope extract` against urlscan's own
# listing (`urlscan -n`, Debian package urlscan) on the same file, in one run.
#
# Makes, from the composed corpus (tests/data/mail/*.eml), a ~10 MB message of its parts and a
# ~10 MB mbox of its messages, then times `urlscope extract` (decode + list) and `--json` (plus
# the unwrap and host lenses on every link), best of RUNS, and `urlscan -n` once on the message
# (urlscan reads a file as one message); prints a Markdown table with the seconds, the lines each
# printed, the peak RSS (GNU time) and the ratios.
#
# Usage: benches/links-vs-urlscan.sh [RUNS] [MB]   (RUNS defaults to 3, MB to 10)
# Needs: cargo, urlscan (`apt-get install -y urlscan`); optional GNU time.
set -euo pipefail

runs=${1:-3}
mb=${2:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v urlscan > /dev/null || { echo "urlscan is not installed" >&2; exit 2; }

(cd "$root" && cargo build --quiet --release --bin urlscope)
cp "$target/release/urlscope" "$work/urlscope"

# (1) One ~MB-sized message made of the corpus's parts (benches/make-big-message.py): urlscan
# reads a file as one message, so this is the input both tools decode whole.
python3 "$root/benches/make-big-message.py" "$mb" > "$work/big.eml"
# (2) An mbox of the corpus's messages, repeated: urlscope reads every message (urlscan only the
# first, so it is timed on (1) only).
for m in "$root"/tests/data/mail/*.eml; do
    printf 'From corpus@example.org Tue Nov 24 06:00:00 2026\n'
    cat "$m"
    printf '\n'
done > "$work/round"
while [ "$(stat -c %s "$work/mbox" 2> /dev/null || echo 0)" -lt $((mb * 1000 * 1000)) ]; do
    cat "$work/round" >> "$work/mbox"
done
echo "message: $(grep -c '^--bench-b$' "$work/big.eml") parts, $(stat -c %s "$work/big.eml") bytes"
echo "mailbox: $(grep -c '^From corpus@' "$work/mbox") messages, $(stat -c %s "$work/mbox") bytes"

best() { # best wall-clock seconds of $1 runs of the rest
    local n=$1 b="" t0 t1 t
    shift
    for _ in $(seq "$n"); do
        t0=$(date +%s.%N)
        "$@" > /dev/null 2>&1 || true
        t1=$(date +%s.%N)
        t=$(echo "$t1 - $t0" | bc)
        if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then b=$t; fi
    done
    printf '%.3f' "$b"
}
rss() { # peak RSS in MB of one run of the shell command $1
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f %M sh -c "$1" 2>&1 > /dev/null | tail -1 | awk '{printf "%.0f", $1 / 1024}'
    else
        echo "?"
    fi
}
u() { "$work/urlscope" extract "$@"; }
scope_big() { u < "$work/big.eml"; }
scope_big_json() { u --json < "$work/big.eml"; }
scope_mbox() { u < "$work/mbox"; }
scope_mbox_json() { u --json < "$work/mbox"; }
scan_big() { urlscan -n "$work/big.eml"; }

# urlscan is timed once: it takes tens of seconds, noise does not matter at that ratio.
t_sb=$(best "$runs" scope_big); t_sbj=$(best "$runs" scope_big_json)
t_sm=$(best "$runs" scope_mbox); t_smj=$(best "$runs" scope_mbox_json)
t_nb=$(best 1 scan_big)
n_sb=$(scope_big 2> /dev/null | wc -l); n_sm=$(scope_mbox 2> /dev/null | wc -l)
n_nb=$(scan_big 2> /dev/null | wc -l)
r_sb=$(rss "exec '$work/urlscope' extract < '$work/big.eml'")
r_sm=$(rss "exec '$work/urlscope' extract < '$work/mbox'")
r_nb=$(rss "exec urlscan -n '$work/big.eml'")
row() { printf '| %s | %s | %s | %s |\n' "$@"; }
echo "| command | seconds | links printed | peak RSS MB |"
echo "|---|---|---|---|"
row "urlscope extract < message" "$t_sb" "$n_sb" "$r_sb"
row "urlscope extract --json < message" "$t_sbj" "$n_sb" "-"
row "urlscan -n message" "$t_nb" "$n_nb" "$r_nb"
row "urlscope extract < mbox" "$t_sm" "$n_sm" "$r_sm"
row "urlscope extract --json < mbox" "$t_smj" "$n_sm" "-"
echo
echo "on the same message: urlscan / urlscope extract = $(echo "scale=1; $t_nb / $t_sb" | bc)×, urlscan / urlscope extract --json = $(echo "scale=1; $t_nb / $t_sbj" | bc)×"

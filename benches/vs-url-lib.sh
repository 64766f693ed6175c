# Sourced by benches/batch-vs-url.sh and benches/edit-vs-url.sh (after setting $root and $runs):
# the bench input and the timing loop both use, so their figures are measured the same way.

# $work (a scratch folder, removed on exit) holding web_x10.txt: ten copies of the web URL list
# (the first found of tests/data, ../shared/data, benches/data).
bench_input() {
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    local data="" f
    for f in "$root/tests/data/urls-web.txt" "$root/../shared/data/urls-web.txt" "$root/benches/data/urls-web-slice.txt"; do
        if [ -f "$f" ]; then data=$f; break; fi
    done
    [ -n "$data" ] || { echo "no URL list found" >&2; exit 2; }
    # `sed '$a\'` ends each copy with a newline: the list has none after its last record, and
    # without one two records would be glued into one at each seam.
    for _ in $(seq 10); do sed -e '$a\' "$data"; done > "$work/web_x10.txt"
    echo "data: 10 × $data = $(wc -l < "$work/web_x10.txt") lines, $(wc -c < "$work/web_x10.txt") bytes"
}

# Time `${cmd[name]} < $work/web_x10.txt > /dev/null` for every name given: hyperfine's median of
# $runs when it is installed, else the best of $runs with `date`, the commands taken in turn.
# Fills secs[name] and $how. A command's exit status does not matter here (a record it refuses
# exits 1).
time_commands() {
    declare -gA secs
    local n args=() best t0 t1 t
    if command -v hyperfine > /dev/null; then
        for n in "$@"; do args+=(-n "$n" "${cmd[$n]} < $work/web_x10.txt > /dev/null"); done
        hyperfine --warmup 1 --runs "$runs" -i --export-json "$work/h.json" "${args[@]}" >&2
        while read -r n t; do secs[$n]=$t; done < <(
            python3 -c 'import json,sys
for r in json.load(open(sys.argv[1]))["results"]: print(r["command"], r["median"])' "$work/h.json")
        how="hyperfine median of $runs"
    else
        # Round-robin: each run times every command once, so a change of load (others
        # building) falls on all of them alike; the best of the runs is kept.
        for _ in $(seq "$runs"); do
            for n in "$@"; do
                t0=$(date +%s.%N)
                sh -c "${cmd[$n]} < $work/web_x10.txt > /dev/null 2>&1 || true"
                t1=$(date +%s.%N)
                t=$(python3 -c "print($t1 - $t0)")
                best=${secs[$n]:-}
                if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $t < $best else 1)"; then
                    secs[$n]=$t
                fi
            done
        done
        how="best of $runs, round-robin (hyperfine not installed)"
    fi
}

# The ratio of name's time to the url crate's, two decimals.
ratio_to_url() {
    python3 -c "print(f'{${secs[$1]} / ${secs[url-crate]}:.2f}')"
}

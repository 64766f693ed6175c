#!/usr/bin/env bash
# The Windows build of urlscope under Wine, against the Linux build: the same command lines and
# inputs through both, stdout and the exit status compared. Not part of .ci/run (a Windows build
# takes minutes); docs/platforms.md records what it ran.
#   .ci/wine-cli.sh [LINUX_BIN] [WINDOWS_EXE]
set -uo pipefail
cd "$(dirname "$0")/.."
lin=${1:-target/debug/urlscope}
win=${2:-target/x86_64-pc-windows-gnu/debug/urlscope.exe}
if ! command -v wine >/dev/null; then
  echo "wine-cli: SKIPPED: wine is not installed (Debian: apt-get install wine64)"
  exit 0
fi
export WINEDEBUG=-all NO_COLOR=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'see http://b.example/\033]2;PWNED\007x and <https://a.example/p?q=1>\n' >"$tmp/hostile.txt"
printf 'HTTP://A/%%7e\nhttp://a/\033[2J\xff\n\nfecho://p%%%%\n' >"$tmp/records.txt"
: >"$tmp/empty"
# Wine before 9.0 has no bcryptprimitives.dll, from which Rust's standard library takes its
# randomness: the exe then exits 53 before main. A shim built with MinGW beside a copy of the exe.
if ! wine "$win" --version >/dev/null 2>&1; then
  if command -v x86_64-w64-mingw32-gcc >/dev/null; then
    mkdir "$tmp/win"
    x86_64-w64-mingw32-gcc -shared -O2 -o "$tmp/win/bcryptprimitives.dll" \
      .ci/wine/bcryptprimitives.c -ladvapi32
    cp "$win" "$tmp/win/"
    win="$tmp/win/$(basename "$win")"
    echo "wine-cli: $(wine --version 2>/dev/null) lacks ProcessPrng; using .ci/wine/bcryptprimitives.c"
  fi
  if ! wine "$win" --version >/dev/null 2>&1; then
    echo "wine-cli: FAILED: the Windows build does not start under $(wine --version 2>/dev/null)"
    exit 1
  fi
fi
mail=$(ls tests/data/mail/*.eml 2>/dev/null | head -1)

pass=0
fail=0
# check NAME STDIN-FILE ARGS...: both binaries, stdout and status must agree.
check() {
  local name=$1 input=$2
  shift 2
  "$lin" "$@" <"$input" >"$tmp/lin.out" 2>/dev/null
  local lrc=$?
  wine "$win" "$@" <"$input" >"$tmp/win.out" 2>/dev/null
  local wrc=$?
  if [ "$lrc" = "$wrc" ] && cmp -s "$tmp/lin.out" "$tmp/win.out"; then
    pass=$((pass + 1))
    echo "ok    $name (exit $wrc)"
  else
    fail=$((fail + 1))
    echo "FAIL  $name: exit $lrc (Linux) vs $wrc (Windows)"
    diff <(od -c "$tmp/lin.out") <(od -c "$tmp/win.out") | head -8
  fi
}

check normalize "$tmp/empty" normalize 'HTTP://WWW.IKI.FI:80/%7ehyvatti/#x'
check normalize-records "$tmp/records.txt" normalize -p rfc3986
check normalize-json "$tmp/records.txt" normalize -p whatwg --json
check normalize-fido-error "$tmp/empty" normalize -p fido 'fecho://p%%'
check extract-hostile "$tmp/hostile.txt" extract
check extract-json "$tmp/hostile.txt" extract --json
[ -n "$mail" ] && check extract-mail "$mail" extract
check get "$tmp/empty" get '{host} {query:q} {:path}' 'https://example.org/a%20b?q=a%20b'
check set "$tmp/empty" set --set port=8080 --append 'query=q=a&b' --replace x=1 'http://h/p?x=0&x=2'
check resolve "$tmp/empty" resolve --trace http://a/b/c/d ../g
check tokens "$tmp/empty" tokens 'http://[::1]:8080/x'
check explain "$tmp/empty" explain 'HTTP://A/%7e'
check same "$tmp/empty" same http://a/ HTTP://A:80/
check host "$tmp/empty" host 'https://xn--80ak6aa92e.com/login'
check parsers "$tmp/empty" parsers 'http://a\b/'
check unwrap "$tmp/empty" unwrap 'https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.com%2Fx&data=1'
check trurl "$tmp/empty" trurl https://curl.se --iterate 'port=81 443' --json
check trurl-redirect "$tmp/empty" trurl --url https://curl.se/we/are.html --redirect here.html
check usage-error "$tmp/empty" normalize --no-such-flag
check inspector-without-terminal "$tmp/empty" 'http://a/'
echo "wine-cli: $pass passed, $fail failed"
[ "$fail" = 0 ]

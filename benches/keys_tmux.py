#!/usr/bin/env python3
"""Key to screen in the real binary, as a person meets it: the inspector in a tmux pane of
120x40, a URL of SIZE octets pasted (tmux load-buffer + paste-buffer, bracketed), then keys typed
at its end; each key is timed from `send-keys` until `capture-pane` shows it (the status line's
byte count and the URL line's last character), tmux's own delay included.

    python3 benches/keys_tmux.py [--bin target/release/urlscope] [--size 1048576]
                                 [--keys 12] [--profiles none,rfc1738,...]

Prints, per profile, the median and the slowest key in ms and how many keys took over 30 ms,
then that count for all. Waits for the analysis to settle
("analysing…" gone) before each key, so every key meets the same state.
"""

import argparse
import statistics
import subprocess
import tempfile
import time


def tmux(*args, check=True):
    return subprocess.run(["tmux", *args], check=check, capture_output=True, text=True).stdout


def screen(name):
    return tmux("capture-pane", "-p", "-t", name)


def wait_for(name, pred, timeout=60.0):
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        s = screen(name)
        if pred(s):
            return time.monotonic() - start, s
        time.sleep(0.001)
    raise TimeoutError(screen(name))


def pasted(n):
    """The benches' pasted URL (benches/support/inputs.rs `pasted`)."""
    tail = b"&utm_source=mail#top"
    x = b"https://www.example.com/download/file?data="
    chunk = b"AbC123-_xyz%2Fq0R9"
    reps = (n - len(x) - len(tail)) // len(chunk) + 1
    x = (x + chunk * reps)[: n - len(tail)]
    return x + tail


def url_line(s):
    return next((l for l in s.splitlines() if l.startswith("URL")), "")


def run_profile(binary, profile, data_path, size, keys):
    name = f"keys-{profile}"
    tmux("kill-session", "-t", name, check=False)
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40",
         f"{binary} --no-config -p {profile} ''")
    wait_for(name, lambda s: " 0 B" in s)
    tmux("load-buffer", "-b", name, data_path)
    tmux("paste-buffer", "-p", "-b", name, "-t", name)
    wait_for(name, lambda s: f" {size} B" in s and "analysing" not in s, timeout=120)
    times = []
    length = size
    for k in range(keys):
        time.sleep(0.05)
        typed = "xyzw"[k % 4]
        length += 1
        start = time.monotonic()
        tmux("send-keys", "-t", name, "-l", typed)
        elapsed, _ = wait_for(
            name,
            lambda s: f" {length} B" in s and url_line(s).rstrip().endswith(typed),
        )
        times.append((time.monotonic() - start) * 1000)
        wait_for(name, lambda s: "analysing" not in s, timeout=120)
    tmux("kill-session", "-t", name, check=False)
    return times


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/urlscope")
    ap.add_argument("--size", type=int, default=1 << 20)
    ap.add_argument("--keys", type=int, default=12)
    ap.add_argument("--profiles", default="none,rfc1738,hyvatti,pdf,fido,rfc3986,whatwg,surt")
    a = ap.parse_args()
    with tempfile.NamedTemporaryFile(suffix=".url", delete=False) as f:
        f.write(pasted(a.size))
        path = f.name
    print(f"{a.bin}, {a.size} octets pasted, {a.keys} keys, 120x40")
    over = total = 0
    for p in a.profiles.split(","):
        t = run_profile(a.bin, p, path, a.size, a.keys)
        slow = sum(1 for ms in t if ms > 30.0)
        over, total = over + slow, total + len(t)
        print(
            f"{p:22} median {statistics.median(t):7.1f} ms   max {max(t):7.1f} ms   over 30 ms {slow}",
            flush=True,
        )
    print(f"keys over 30 ms: {over} of {total}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Start-up to first frame of the inspector.

Spawns the binary on a fresh pseudo-terminal of 100x30 (size set before exec), with
TERM=xterm-256color, and times from just before fork until the first frame's key bar (its last
row, which holds "quit") has arrived on the pty; then sends SIGTERM and drains. Repeats RUNS
times and prints min / median / max in milliseconds.

Usage: benches/startup.py BINARY [RUNS] [ARGS...]
   e.g. cargo build --release && benches/startup.py target/release/urlscope 30
"""
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time

binary = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
args = sys.argv[3:]
times = []
for _ in range(runs):
    t0 = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        os.execv(binary, [binary] + args)
    buf = b""
    t = None
    while time.perf_counter() - t0 < 5:
        r, _, _ = select.select([fd], [], [], 0.5)
        if not r:
            continue
        try:
            d = os.read(fd, 65536)
        except OSError:
            break
        buf += d
        if b"quit" in buf:
            t = time.perf_counter() - t0
            break
    os.kill(pid, signal.SIGTERM)
    try:
        while True:
            r, _, _ = select.select([fd], [], [], 0.2)
            if not r:
                break
            os.read(fd, 65536)
    except OSError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    if t is None:
        print("no frame within 5 s; last output:", buf[-200:])
        continue
    times.append(t * 1000)
times.sort()
if times:
    print(
        f"{binary}: first frame in ms over {len(times)} runs: "
        f"min {times[0]:.1f} median {statistics.median(times):.1f} max {times[-1]:.1f}"
    )

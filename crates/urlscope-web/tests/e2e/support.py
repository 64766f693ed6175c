"""What every end-to-end test shares: the command line its answers are held against, and the
watch every page is under (a request that would leave the local server is aborted and noted,
and so is every console error and uncaught exception; a fixture asserts at its end that nothing
was noted)."""

from __future__ import annotations

import os
import random
import subprocess
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[4]


def urlscope_bin() -> str:
    """URLSCOPE_BIN, else the workspace's release or debug build."""
    env = os.environ.get("URLSCOPE_BIN")
    if env:
        if not Path(env).is_file():
            pytest.fail(f"URLSCOPE_BIN={env} is not a file")
        return env
    for profile in ("release", "debug"):
        b = REPO / "target" / profile / "urlscope"
        if b.is_file():
            return str(b)
    pytest.fail("no urlscope binary in target/release or target/debug: build it or set URLSCOPE_BIN")


class StaticFiles(SimpleHTTPRequestHandler):
    """The built site's files, with the types a browser wants for WebAssembly and modules."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".css": "text/css",
    }

    def log_message(self, *args):  # the test reports the page, not the server's log
        pass


def cli(*args: str) -> str:
    """The command line's standard output for `urlscope ARGS` (it must succeed)."""
    out = subprocess.run([urlscope_bin(), *args], capture_output=True, timeout=60)
    assert out.returncode in (0, 1), f"urlscope {args}: {out.stderr.decode(errors='replace')}"
    return out.stdout.decode("utf-8")


def normalize(url: str, profile: str, base: str | None = None) -> str:
    """`urlscope normalize`'s answer, without its newline."""
    out = cli("normalize", "-p", profile, *(["--base", base] if base else []), "--", url)
    assert out.endswith("\n")
    return out[:-1]


def profile_ids() -> list[str]:
    """The 16 profiles in the command line's order (its help's list)."""
    text = cli("normalize", "--help")
    line = next(l for l in text.splitlines() if "[possible values:" in l)
    return [p.strip() for p in line.split("[possible values:", 1)[1].rstrip("]").split(",")]


def sample(name: str, size: int, seed: int = 41) -> list[str]:
    """A seeded sample of one of the real URL lists (lines that are not UTF-8 are skipped)."""
    lines = []
    for raw in (REPO / "tests" / "data" / name).read_bytes().split(b"\n"):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if line.strip():
            lines.append(line)
    return random.Random(seed).sample(lines, size)


def keep_local(context, origin: str, problems: list[str]) -> None:
    """Abort (and note) every request of `context` not to `origin`'s scheme, host and port."""
    home = urlsplit(origin)

    def guard(route):
        u = urlsplit(route.request.url)
        if (u.scheme, u.hostname, u.port) == (home.scheme, home.hostname, home.port):
            route.continue_()
        else:
            problems.append(f"request tried to leave: {route.request.url}")
            route.abort()

    context.route("**/*", guard)


def note_errors(page, problems: list[str]) -> None:
    """Note the page's console errors and uncaught exceptions."""
    page.on(
        "console",
        lambda m: problems.append(f"console error: {m.text} ({m.location})") if m.type == "error" else None,
    )
    page.on("pageerror", lambda e: problems.append(f"uncaught: {e}"))

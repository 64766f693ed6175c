"""What every end-to-end test shares: the command line its answers are held against, and the
watch every page is under (a request that would leave the local server is aborted and noted,
and so is every console error and uncaught exception; a fixture asserts at its end that nothing
was noted)."""

from __future__ import annotations

import os
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

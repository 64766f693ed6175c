"""Fixtures for test_learn.py: the built site served on 127.0.0.1, Debian's Chromium, and pages
that fail their test on a console error, an uncaught exception or a request leaving the machine.

Named `learn_*` so that they never collide with the page's own conftest.py fixtures.

The site is `target/web` (or URLSCOPE_WEB_DIR), built by `cargo xtask web`; the command line
the answers are held against is URLSCOPE_BIN (default: target/release/urlscope, else debug). The Learn and
Practice views are opened on the classroom page when it mounts them (its app.js calls
`mountLearn`), else on learn_harness.html beside this file, served as if it were in the site.
"""

from __future__ import annotations

import os
import subprocess
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]
HARNESS = HERE / "learn_harness.html"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def web_dir() -> Path:
    d = Path(os.environ.get("URLSCOPE_WEB_DIR", REPO / "target" / "web"))
    if not (d / "urlscope.js").is_file() or not (d / "learn.js").is_file():
        pytest.fail(f"{d} holds no built site (urlscope.js, learn.js): run `cargo xtask web` first")
    return d


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
    pytest.fail(
        "no urlscope binary in target/release or target/debug: build it or set URLSCOPE_BIN"
    )


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The command line's answer, to hold the page's against."""
    return subprocess.run(
        [urlscope_bin(), *args], cwd=cwd, capture_output=True, text=True, timeout=60, check=False
    )


class _Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
    }

    def translate_path(self, path):
        if urlsplit(path).path == "/learn-harness.html":
            return str(HARNESS)
        return super().translate_path(path)

    def log_message(self, *args):  # the test's output is about the page, not the server
        pass


@pytest.fixture(scope="session")
def learn_site():
    """The site's base URL, and the URL of the page the views are opened on. URLSCOPE_WEB_URL
    names a site already served on this machine instead (with the harness at its root)."""
    served = os.environ.get("URLSCOPE_WEB_URL")
    if served:
        base = served.rstrip("/") + "/"
        yield {
            "base": base,
            "entry": base + os.environ.get("URLSCOPE_LEARN_ENTRY", "learn-harness.html"),
        }
        return
    root = web_dir()
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    app = root / "app.js"
    mounted = app.is_file() and "mountLearn" in app.read_text(encoding="utf-8")
    entry = os.environ.get("URLSCOPE_LEARN_ENTRY") or (
        "index.html" if mounted else "learn-harness.html"
    )
    yield {"base": base, "entry": base + entry}
    server.shutdown()


@pytest.fixture(scope="session")
def learn_browser():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def learn_pages(learn_browser):
    """A factory of pages, each in a fresh browser context (its own storage) unless given one;
    every page is checked at the end for console errors and requests that left 127.0.0.1."""
    contexts = []
    problems: list[str] = []

    def new_page(context=None, **context_args):
        if context is None:
            context_args.setdefault("viewport", {"width": 1280, "height": 800})
            context = learn_browser.new_context(**context_args)
            contexts.append(context)

            def guard(route):
                host = urlsplit(route.request.url).hostname
                if host == "127.0.0.1":
                    route.continue_()
                else:
                    problems.append(f"request left the machine: {route.request.url}")
                    route.abort()

            context.route("**/*", guard)
        page = context.new_page()
        page.on(
            "console",
            lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None,
        )
        page.on("pageerror", lambda e: problems.append(f"uncaught: {e}"))
        return page

    yield new_page
    for c in contexts:
        c.close()
    assert not problems, "\n".join(problems)

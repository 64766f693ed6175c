"""Fixtures for the classroom page's end-to-end tests (test_page.py): the built site served on
127.0.0.1, Debian's Chromium driven by Playwright, and pages that fail their test on a console
error, an uncaught exception or a request that tries to leave the local server.

The site is `target/web` (or URLSCOPE_WEB_DIR), built by `cargo xtask web` (or URLSCOPE_WEB_URL, a
copy already served on this machine); the command line the
page's answers are held against is URLSCOPE_BIN (default target/release/urlscope, else
target/debug/urlscope). Chromium is /usr/bin/chromium (or URLSCOPE_CHROMIUM): Playwright's own
browser downloads are never used.
"""

from __future__ import annotations

import os
import threading
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, sync_playwright

from support import REPO, StaticFiles, keep_local, note_errors

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
    for name in ("index.html", "urlscope.js", "app.js", "theme.css"):
        if not (d / name).is_file():
            pytest.fail(f"{d} holds no built site ({name} is missing): run `cargo xtask web` first")
    return d


@pytest.fixture(scope="session")
def site():
    """The base URL of the built site, served from 127.0.0.1 on a free port (or
    URLSCOPE_WEB_URL: a copy already served on this machine, e.g. by `python3 -m http.server`)."""
    served = os.environ.get("URLSCOPE_WEB_URL")
    if served:
        if urlsplit(served).hostname not in ("127.0.0.1", "localhost"):
            pytest.fail("URLSCOPE_WEB_URL must be served on this machine (127.0.0.1 or localhost)")
        yield served.rstrip("/") + "/"
        return
    root = web_dir()
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(StaticFiles, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def chromium():
    executable = os.environ.get("URLSCOPE_CHROMIUM", "/usr/bin/chromium")
    if not Path(executable).is_file():
        pytest.fail(f"no Chromium at {executable}: `apt-get install chromium` or set URLSCOPE_CHROMIUM")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def pages(chromium, site):
    """A factory of pages, each in a fresh context: `pages(fragment="", **context_args)` opens
    the site (with `#fragment`) and waits until the page has loaded the URL core. Every page is
    checked at the end for console errors, uncaught exceptions and requests that tried to leave
    the local server (those are aborted)."""
    contexts = []
    problems: list[str] = []

    def open_page(fragment: str = "", **context_args) -> Page:
        context_args.setdefault("viewport", {"width": 1280, "height": 800})
        context = chromium.new_context(**context_args)
        contexts.append(context)
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.rstrip("/"))

        keep_local(context, site, problems)
        page = context.new_page()
        note_errors(page, problems)
        page.goto(site + (f"#{fragment}" if fragment else ""))
        page.wait_for_selector("body[data-ready]", timeout=30_000)
        return page

    yield open_page
    for c in contexts:
        c.close()
    assert not problems, "\n".join(problems)

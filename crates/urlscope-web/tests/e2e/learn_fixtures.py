"""Fixtures for test_learn.py, on conftest.py's: the built site served on 127.0.0.1 (`site`),
Debian's Chromium (`chromium`), and pages that fail their test on a console error, an uncaught
exception or a request leaving the machine.

The command line the answers are held against is URLSCOPE_BIN (default:
target/release/urlscope, else debug).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from support import keep_local, note_errors, urlscope_bin


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The command line's answer, to hold the page's against."""
    return subprocess.run(
        [urlscope_bin(), *args], cwd=cwd, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.fixture(scope="session")
def learn_site(site):
    """The site's base URL, and the page the Learn and Practice views are opened on."""
    return {"base": site, "entry": site + "index.html"}


@pytest.fixture(scope="session")
def learn_browser(chromium):
    """The session's one Chromium (Playwright's sync API runs once per process)."""
    return chromium


@pytest.fixture
def learn_pages(learn_browser, learn_site):
    """A factory of pages, each in a fresh browser context (its own storage) unless given one;
    every page is checked at the end for console errors and requests that left 127.0.0.1."""
    contexts = []
    problems: list[str] = []

    def new_page(context=None, **context_args):
        if context is None:
            context_args.setdefault("viewport", {"width": 1280, "height": 800})
            context = learn_browser.new_context(**context_args)
            contexts.append(context)
            keep_local(context, learn_site["base"], problems)
        page = context.new_page()
        note_errors(page, problems)
        return page

    yield new_page
    for c in contexts:
        c.close()
    assert not problems, "\n".join(problems)

"""The one watch every end-to-end page is under: a request that would leave the local server is
aborted and noted, and so is every console error and uncaught exception; a test's fixture
asserts at its end that nothing was noted."""

from __future__ import annotations

from urllib.parse import urlsplit


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

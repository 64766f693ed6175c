#!/usr/bin/env python3
"""Key to frame on the classroom page, against the browser's own floor: Debian's Chromium
(headless, driven by Playwright) types keys at the end of a URL of SIZE characters, first into a
bare <input> on an empty page (what the browser's text field costs by itself), then into the
page's URL field. Each key is timed from its keydown to the end of its input event (the page's
handler included: the core's re-analysis and the redraw) and to the second animation frame after
it (the frame that shows it has been produced).

    cargo xtask web
    python3 benches/web_keys.py [--site target/web] [--size 102400] [--keys 12]

Needs playwright from PyPI (crates/urlscope-web/tests/e2e/requirements.txt) and /usr/bin/chromium.
Prints medians and the slowest key in ms; the page's own cost is its handled time less the bare
field's.
"""

import argparse
import statistics
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from playwright.sync_api import sync_playwright

# Installed before the keys: the page's own input listener was added when it loaded, so it runs
# before this one and its work is inside `handled`.
WATCH = """() => {
  window.__keys = [];
  const field = document.getElementById('url');
  field.addEventListener('keydown', () => {
    const t0 = performance.now();
    field.addEventListener('input', () => {
      const handled = performance.now() - t0;
      requestAnimationFrame(() => requestAnimationFrame(() =>
        window.__keys.push([handled, performance.now() - t0])));
    }, { once: true });
  }, true);
}"""


class Quiet(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
    }

    def log_message(self, *args):
        pass


def type_keys(page, keys):
    page.evaluate(WATCH)
    page.locator("#url").focus()
    page.keyboard.press("End")
    for _ in range(keys + 2):
        page.keyboard.press("x")
        page.wait_for_timeout(120)
    return page.evaluate("window.__keys")[2:]  # the first two warm up


def report(label, times):
    handled = [h for h, _ in times]
    frame = [f for _, f in times]
    print(
        f"{label:<28} handled {statistics.median(handled):6.1f} ms (max {max(handled):5.1f}), "
        f"frame {statistics.median(frame):6.1f} ms (max {max(frame):5.1f})"
    )
    return statistics.median(handled)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", default="target/web")
    ap.add_argument("--size", type=int, default=100 * 1024)
    ap.add_argument("--keys", type=int, default=12)
    args = ap.parse_args()
    unit = "a%20b/c"
    long = "https://example.com/" + unit * ((args.size - 20) // len(unit))
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=args.site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        bare = browser.new_page(viewport={"width": 1280, "height": 900})
        bare.set_content('<input id="url" style="width: 90%; font-family: monospace">')
        bare.locator("#url").fill(long)
        floor = report(f"bare field, {len(long)} chars", type_keys(bare, args.keys))
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(base)
        page.wait_for_selector("body[data-ready=true]")
        page.locator("#url").fill(long)
        page.wait_for_timeout(1500)
        handled = report(f"page, {len(long)} chars", type_keys(page, args.keys))
        print(f"the page's own work per key: {handled - floor:.1f} ms (median handled less the bare field's)")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()

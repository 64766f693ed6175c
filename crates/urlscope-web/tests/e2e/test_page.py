"""The classroom page in Chromium, offline, driven by keyboard where a reader would be. Every
answer it shows is held against the command line's (URLSCOPE_BIN) for the same question: the
Result against `urlscope normalize`, the views against `explain`, `same`, `host`, `unwrap` and
`get '{as:FORM}'`. Controls are found by their accessible names and roles, so the tests also
prove those names.

Run: `cargo xtask web`, then
`python -m pytest crates/urlscope-web/tests/e2e/test_page.py` (requirements.txt beside this file).
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlencode

import pytest
from playwright.sync_api import Page, expect

from support import cli, normalize, profile_ids
from support import sample as sample_of

SAMPLE_SEED = 41
SAMPLE_SIZE = 15
VIEWS = ["Inspect", "Steps", "Trace", "All profiles", "Host", "Unwrap", "Compare"]


def sample(name: str) -> list[str]:
    return sample_of(name, SAMPLE_SIZE, SAMPLE_SEED)


def explain(url: str, profile: str) -> dict:
    return json.loads(cli("explain", "--json", "-p", profile, "--", url))


def result_of(page: Page) -> str:
    return page.get_by_role("status", name="Result", exact=True).text_content()


def url_field(page: Page):
    return page.get_by_label("URL", exact=True)


def focused(page: Page) -> dict:
    return page.evaluate(
        """() => { const e = document.activeElement;
        return { id: e.id, role: e.getAttribute('role'), tag: e.tagName.toLowerCase(),
                 name: e.getAttribute('aria-label') || e.textContent.trim(),
                 outline: getComputedStyle(e).outlineStyle }; }"""
    )


def tab_until(page: Page, test, limit: int = 60) -> dict:
    """Press Tab until `test(focused)` holds; fails after `limit` presses."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        f = focused(page)
        if test(f):
            return f
    pytest.fail("Tab never reached the control")


def fragment(page: Page) -> dict:
    return {k: v[0] for k, v in parse_qs(page.evaluate("location.hash.slice(1)"), keep_blank_values=True).items()}


def test_the_page_loads_offline_and_shows_the_example(pages):
    page = pages()
    expect(page).to_have_title("urlscope — a URL, character by character")
    url = url_field(page).input_value()
    assert url, "the page opens with an example URL"
    profile = page.get_by_label("Profile", exact=True).input_value()
    assert result_of(page) == normalize(url, profile)
    expect(page.get_by_role("tab", name="Inspect")).to_have_attribute("aria-selected", "true")
    # The profile list: the 16 profiles, grouped.
    options = page.get_by_label("Profile", exact=True).locator("option")
    assert options.evaluate_all("os => os.map(o => o.value)") == profile_ids()
    groups = page.get_by_label("Profile", exact=True).locator("optgroup")
    assert groups.evaluate_all("gs => gs.map(g => g.label)") == ["sources", "today", "crawlers"]


def test_typing_a_url_shows_its_components_characters_and_result(pages):
    page = pages()
    url = "https://user@Example.ORG:8080/p/a%2fb c?q=1&r=%zz#top"
    field = url_field(page)
    field.focus()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.type(url)
    assert field.input_value() == url
    assert result_of(page) == normalize(url, "whatwg")

    report = explain(url, "whatwg")
    panel = page.get_by_role("tabpanel", name="Inspect")
    rows = panel.locator("table.components tbody tr")
    assert rows.count() == len(report["components"])
    for row, c in zip(rows.all(), report["components"]):
        expect(row.locator("th")).to_have_text(c["name"])
        if c["state"] != "absent":
            assert row.locator("td").first.text_content() == c["raw"].replace(" ", "␣")

    cells = panel.get_by_role("listbox", name="Characters").get_by_role("option")
    assert cells.count() == len(report["units"])
    first = report["units"][0]
    expect(cells.first).to_have_attribute(
        "aria-label", f"h, scheme, {first['classes']['C-1738']} / {first['classes']['C-3986']}"
    )
    # The warnings and errors are explain's.
    findings = panel.locator(".findings-list li code")
    want = [d["id"] for d in report["errors"] + report["warnings"]] + [c["id"] for c in report["old_rule_today"]]
    assert findings.all_text_contents() == want


@pytest.mark.parametrize("listname", ["urls-web.txt", "urls-files.txt"])
def test_every_profile_by_keyboard_matches_the_command_line(pages, listname):
    page = pages()
    ids = profile_ids()
    select = page.get_by_label("Profile", exact=True)
    checked = 0
    for url in sample(listname):
        url_field(page).fill(url)
        select.focus()
        page.keyboard.press("Home")
        for i, profile in enumerate(ids):
            if i:
                page.keyboard.press("ArrowDown")
            assert select.input_value() == profile
            assert result_of(page) == normalize(url, profile), f"{profile}: {url}"
            checked += 1
        assert fragment(page)["profile"] == ids[-1]
    assert checked == SAMPLE_SIZE * len(ids)


def test_a_share_link_opens_the_same_view(pages):
    url = "http://Example.com/a b/../c?x=é#frag"
    link = urlencode({"url": url, "profile": "rfc3986", "view": "steps"})
    page = pages(link)
    assert url_field(page).input_value() == url
    assert page.get_by_label("Profile", exact=True).input_value() == "rfc3986"
    expect(page.get_by_role("tab", name="Steps")).to_have_attribute("aria-selected", "true")
    steps = page.get_by_role("tabpanel", name="Steps")
    expect(steps).to_be_visible()
    expect(page.get_by_role("tabpanel", name="Inspect")).to_be_hidden()
    assert result_of(page) == normalize(url, "rfc3986")
    report = explain(url, "rfc3986")
    assert steps.locator("li.step h3 code").all_text_contents() == [s["id"] for s in report["steps"]]
    # The whole change: deleted and inserted text as explain's diff says.
    diff = steps.locator(".diff")
    assert diff.locator("del").all_text_contents() == [
        d["text"].replace(" ", "␣") for d in report["diff"] if d["op"] == "delete"
    ]
    assert diff.locator("ins").all_text_contents() == [
        d["text"].replace(" ", "␣") for d in report["diff"] if d["op"] == "insert"
    ]

    # Editing writes the fragment in place: the same link, no new history entry.
    length = page.evaluate("history.length")
    url_field(page).focus()
    page.keyboard.press("End")
    page.keyboard.type("z")
    assert fragment(page) == {"url": url + "z", "profile": "rfc3986", "view": "steps"}
    assert page.evaluate("history.length") == length

    # A new fragment (hashchange) is read again: the All profiles view, every row the CLI's.
    other = "HTTPS://www.Example.com:443/%7Euser/./x?b=2&a=1"
    page.evaluate("f => { location.hash = f; }", urlencode({"url": other, "view": "profiles"}))
    expect(page.get_by_role("tab", name="All profiles")).to_have_attribute("aria-selected", "true")
    table = page.get_by_role("tabpanel", name="All profiles")
    rows = table.locator("tbody tr")
    ids = profile_ids()
    assert rows.count() == len(ids)
    for row, profile in zip(rows.all(), ids):
        expect(row.locator("th .dim")).to_have_text(profile)
        assert row.locator("td.code").text_content() == normalize(other, profile)
    # Choosing a row chooses its profile.
    table.get_by_role("button", name="RFC 3986").click()
    assert page.get_by_label("Profile", exact=True).input_value() == "rfc3986"
    assert result_of(page) == normalize(other, "rfc3986")


def test_a_share_link_keeps_the_base(pages):
    relative, base = "../x?y#z", "http://h/a/b/c"
    page = pages(urlencode({"url": relative, "base": base, "profile": "pdf", "view": "host"}))
    assert page.get_by_label("Base", exact=True).input_value() == base
    assert result_of(page) == normalize(relative, "pdf", base)
    host = json.loads(cli("host", "--json", "--base", base, relative))
    expect(page.get_by_role("tabpanel", name="Host").locator(".facts")).to_contain_text(host["host"])
    # The base, typed: the fragment follows, the result too (the URL Standard's base).
    page.get_by_label("Profile", exact=True).select_option("whatwg")
    field = page.get_by_label("Base", exact=True)
    field.fill("")
    field.focus()
    page.keyboard.type("https://other.example/p/q")
    assert fragment(page)["base"] == "https://other.example/p/q"
    assert result_of(page) == normalize(relative, "whatwg", "https://other.example/p/q")


def test_compare_marks_the_first_difference(pages):
    a = "https://www.example.com/docs/guide/intro?x=1"
    b = "https://www.example.com/docs/manual/intro?x=1"
    page = pages(urlencode({"url": a, "profile": "rfc3986"}))
    page.get_by_role("tab", name="Compare").click()
    field = page.get_by_label("Compare with", exact=True)
    field.focus()
    page.keyboard.type(b)
    assert fragment(page)["b"] == b
    answer = json.loads(cli("same", "--json", "-p", "rfc3986", a, b))
    panel = page.get_by_role("tabpanel", name="Compare")
    expect(panel.locator(".verdict")).to_have_text(
        ("Equal" if answer["equal"] else "Different") + " under RFC 3986."
    )
    d = answer["first_difference"]
    typed = panel.locator(".compare-pair").first
    lines = typed.locator(".compare-line code")
    # Both strings whole, the difference marked from its first octet to the end of its part.
    assert lines.all_text_contents() == [a, b]
    for line, text, offset, piece in ((0, a, d["offset_a"], d["piece_a"]), (1, b, d["offset_b"], d["piece_b"])):
        start = next(s for s in range(offset, -1, -1) if text.startswith(piece, s))
        expect(lines.nth(line).locator("mark")).to_have_text(text[offset : start + len(piece)])
    expect(typed.locator(".difference")).to_contain_text(
        f"{d['component']}, at octet {d['offset_a']} of A and {d['offset_b']} of B"
    )
    assert panel.locator("table.groups tbody tr").count() == len(answer["groups"])


def test_the_host_unwrap_and_trace_views_show_the_cores_reports(pages):
    url = "https://www.bbc.co.uk.evil.com@xn--pple-43d.com:8080/"
    page = pages(urlencode({"url": url, "view": "host"}))
    host = json.loads(cli("host", "--json", url))
    panel = page.get_by_role("tabpanel", name="Host")
    for f in host["findings"]:
        expect(panel.locator(".findings-list")).to_contain_text(f["text"])
    expect(panel.locator(".facts")).to_contain_text(host["registrable"]["domain"])

    wrapped = "https://www.google.com/url?q=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&sa=D"
    page.get_by_role("tab", name="Unwrap").click()
    url_field(page).fill(wrapped)
    chain = json.loads(cli("unwrap", "--json", wrapped))
    panel = page.get_by_role("tabpanel", name="Unwrap")
    expect(panel.locator(".target")).to_have_text(chain["target"])
    assert panel.locator(".layers > li").count() == len(chain["layers"])
    # A layer opens in Inspect.
    panel.get_by_role("button", name=f"Inspect layer {chain['target_layer']}").click()
    assert url_field(page).input_value() == chain["target"]
    expect(page.get_by_role("tab", name="Inspect")).to_have_attribute("aria-selected", "true")

    # Trace: offered under another profile, shown under whatwg.
    page.get_by_label("Profile", exact=True).select_option("rfc3986")
    page.get_by_role("tab", name="Trace").click()
    panel = page.get_by_role("tabpanel", name="Trace")
    panel.get_by_role("button", name="Switch to WHATWG").click()
    assert page.get_by_label("Profile", exact=True).input_value() == "whatwg"
    trace = next(s["whatwg"] for s in explain(chain["target"], "whatwg")["steps"] if s.get("whatwg"))
    items = panel.locator("ol.transitions > li")
    assert items.count() == len(trace["transitions"])
    for item, t in zip(items.all(), trace["transitions"]):
        expect(item.locator(".source")).to_have_text(t["step"])


def test_the_whole_flow_by_keyboard(pages):
    page = pages()
    f = tab_until(page, lambda f: f["id"] == "url")
    assert f["tag"] == "textarea"
    url = "https://Example.org/%7Ea/./b?q=%41"
    page.keyboard.press("Control+A")
    page.keyboard.type(url)
    assert result_of(page) == normalize(url, "whatwg")

    f = tab_until(page, lambda f: f["id"] == "profile", limit=3)
    assert f["outline"] != "none", "the focus is visible"
    page.keyboard.press("ArrowDown")
    ids = profile_ids()
    profile = ids[ids.index("whatwg") + 1]
    assert result_of(page) == normalize(url, profile)

    tab_until(page, lambda f: f["name"] == "Copy result", limit=3)
    page.keyboard.press("Enter")
    expect(page.locator("#copy-status")).to_have_text("Copied the result.")
    assert page.evaluate("navigator.clipboard.readText()") == result_of(page)

    tab_until(page, lambda f: f["id"] == "copy-form", limit=3)
    page.keyboard.press("ArrowDown")
    form = page.get_by_label("Copy as", exact=True).input_value()
    tab_until(page, lambda f: f["name"] == "Copy the chosen form", limit=3)
    page.keyboard.press("Enter")
    expect(page.locator("#copy-status")).to_contain_text("Copied as")
    want = cli("get", "-p", profile, "{as:%s}" % form, "--", url)[:-1]
    assert page.evaluate("navigator.clipboard.readText()") == want

    # The tablist: arrows move between the tabs and choose them.
    tab_until(page, lambda f: f["role"] == "tab", limit=3)
    page.keyboard.press("ArrowRight")
    assert focused(page)["name"] == "Steps"
    expect(page.get_by_role("tab", name="Steps")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("tabpanel", name="Steps")).to_be_visible()
    page.keyboard.press("End")
    expect(page.get_by_role("tab", name="Practice")).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Home")
    expect(page.get_by_role("tab", name="Inspect")).to_have_attribute("aria-selected", "true")
    assert fragment(page)["view"] == "inspect"

    # Into the strip: the arrows choose a character, whose classes the detail names.
    f = tab_until(page, lambda f: f["role"] == "option")
    assert f["outline"] != "none"
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    report = explain(url, profile)
    unit = report["units"][3]
    detail = page.locator(".unit-detail")
    expect(detail.locator("h3").first).to_have_text(f"Character 4 of {len(report['units'])}: {unit['text']}")
    texts = {(t["classification"], t["class"]): t["explanation"]["text"] for t in report["class_texts"]}
    rows = detail.locator("table.classes tbody tr")
    for row, c in zip(rows.all(), ["C-1738", "C-2396", "C-Fido", "C-3986", "C-WHATWG"]):
        expect(row.locator("td").first).to_have_text(unit["classes"][c])
        expect(row.locator("td").nth(1)).to_contain_text(texts[(c, unit["classes"][c])])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_narrow_screens_never_scroll_sideways(pages, scheme):
    long = "https://example.com/" + "segment-without-breaks" * 12 + "?q=" + "x" * 200
    page = pages(
        urlencode({"url": long, "b": long + "y"}),
        viewport={"width": 360, "height": 740},
        color_scheme=scheme,
    )
    background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert background == ("rgb(255, 255, 255)" if scheme == "light" else "rgb(0, 0, 0)")
    for view in VIEWS:
        page.get_by_role("tab", name=view).click()
        expect(page.get_by_role("tab", name=view)).to_have_attribute("aria-selected", "true")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{view}: the page is {width}px wide"


def test_a_100_kib_url_draws_a_window_of_the_strip(pages):
    long = "https://example.com/" + "a%20b/c" * 14_600
    page = pages()
    url_field(page).fill(long)
    assert result_of(page) == normalize(long, "whatwg")
    panel = page.get_by_role("tabpanel", name="Inspect")
    cells = panel.get_by_role("listbox", name="Characters").get_by_role("option")
    units = len(explain(long, "whatwg")["units"])
    assert units > 2000
    # A long URL's view is drawn when the typing pauses.
    expect(cells).to_have_count(2000)
    expect(panel).not_to_have_attribute("aria-busy", "true")
    more = panel.get_by_role("button", name="Show 2000 more characters")
    more.click()
    assert cells.count() == 4000
    # End selects the last character: the window moves there, still a window.
    page.keyboard.press("End")
    expect(panel.locator(".unit-detail h3").first).to_contain_text(f"Character {units} of {units}")
    assert cells.count() <= 2000
    assert focused(page)["role"] == "option"
    expect(panel.get_by_role("button", name="earlier characters")).to_be_visible()
    # One keystroke, timed in the page (printed, never asserted: a timing depends on the
    # machine): the input event handled (the result drawn), its frame, and the view drawn once
    # the typing has paused (the pause included); a short URL's keystroke is the baseline.
    keystroke = """() => new Promise((done) => {
            const field = document.getElementById('url');
            const panel = document.getElementById('panel-inspect');
            const t0 = performance.now();
            field.value += 'x';
            field.dispatchEvent(new Event('input', { bubbles: true }));
            const handled = performance.now() - t0;
            requestAnimationFrame(() => {
                const frame = performance.now() - t0;
                const wait = () => panel.hasAttribute('aria-busy')
                    ? setTimeout(wait, 1)
                    : requestAnimationFrame(() => done({ handled, frame, view: performance.now() - t0 }));
                wait();
            });
        })"""
    timing = page.evaluate(keystroke)
    assert result_of(page) == normalize(long + "x", "whatwg")
    short = pages()
    base = short.evaluate(keystroke)
    for name, t in (("a short URL (the example)", base), ("a 100 KiB URL", timing)):
        print(
            f"\n{name}, one keystroke: result drawn in {t['handled']:.1f} ms, its frame at "
            f"{t['frame']:.1f} ms, the Inspect view drawn by {t['view']:.1f} ms"
        )


ODD_INPUTS = [
    "",
    " ",
    "\x01\x7f\t",
    "é",
    "%",
    "http://a/%FF%zz/%C3%A9",
    "http://[::1/x",
    "hxxps://evil[.]example/",
    "javascript:alert(1)",
    "\u202e\u200bhttp://x/",
]


def test_every_view_draws_odd_inputs(pages):
    """Empty, blank, control characters, broken triplets, a host that does not parse, a defanged
    link, bidi controls: every view draws them (the fixture fails on any console error), and
    the result is still the command line's."""
    page = pages()
    for url in ODD_INPUTS:
        for view in ["inspect", "steps", "trace", "profiles", "host", "unwrap", "compare"]:
            page.evaluate("f => { location.hash = f; }", urlencode({"url": url, "view": view, "b": url + "x"}))
            expect(page.get_by_role("tabpanel").filter(visible=True)).to_have_count(1)
        for profile in ("rfc3986", "pdf", "whatwg"):
            page.get_by_label("Profile", exact=True).select_option(profile)
            assert result_of(page) == normalize(url, profile), f"{profile}: {url!r}"


def test_a_long_urls_keystroke_redraws_the_strips_window_at_once(pages):
    """On a long URL the full report waits for a pause, but the keystroke's own frame already
    shows the core's glance: the line, the components and the strip's first window."""
    long = "https://example.com/" + "a%20b/c" * 14_600
    page = pages()
    url_field(page).fill(long)
    panel = page.get_by_role("tabpanel", name="Inspect")
    expect(panel).not_to_have_attribute("aria-busy", "true")
    seen = page.evaluate(
        """(typed) => {
            const field = document.getElementById('url');
            field.value = typed;
            field.dispatchEvent(new Event('input', { bubbles: true }));
            const first = document.querySelector('#panel-inspect [role="option"]');
            return {
                busy: document.getElementById('panel-inspect').getAttribute('aria-busy'),
                label: first.getAttribute('aria-label'),
                cells: document.querySelectorAll('#panel-inspect [role="option"]').length,
            };
        }""",
        "ftp" + long[5:],
    )
    assert seen["busy"] == "true"
    assert seen["label"].startswith("f, scheme, ")
    # The keystroke draws the strip's first screen (640 characters); the pause, its window.
    assert seen["cells"] == 640
    glance = explain("ftp" + long[5:], "whatwg")["units"][0]
    assert seen["label"] == f"f, scheme, {glance['classes']['C-1738']} / {glance['classes']['C-3986']}"
    # Then the full report: the detail of the selected character.
    expect(panel).not_to_have_attribute("aria-busy", "true")
    expect(panel.locator(".unit-detail h3").first).to_contain_text("Character 1 of")
    expect(panel.get_by_role("listbox", name="Characters").get_by_role("option")).to_have_count(2000)

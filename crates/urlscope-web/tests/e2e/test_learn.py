"""The Learn and Practice views in Chromium, driven by keyboard where a learner would be, every
answer held against the lessons' own files and the command line's (URLSCOPE_BIN).

Run: `cargo xtask web`, then `pytest crates/urlscope-web/tests/e2e/test_learn.py` (URLSCOPE_BIN
names the command line when it is not target/release/urlscope).
"""

from __future__ import annotations

import re
import tomllib

import pytest
from playwright.sync_api import Page, expect

import learn_fixtures
from learn_fixtures import run_cli
from support import REPO

# The fixtures this module uses, made visible to pytest here (conftest.py is the page's own).
learn_browser = learn_fixtures.learn_browser
learn_site = learn_fixtures.learn_site
learn_pages = learn_fixtures.learn_pages

LESSONS = REPO / "crates" / "urlscope-core" / "src" / "modern" / "lessons"
SETS = REPO / "crates" / "urlscope-core" / "src" / "modern" / "exercises" / "sets"


def lesson(name: str) -> dict:
    return tomllib.loads((LESSONS / f"{name}.toml").read_text(encoding="utf-8"))


def highlighted(step: dict) -> list[str]:
    """Every occurrence of each highlighted text in the step's URL, in the URL's order."""
    found = []
    for h in step.get("highlight", []):
        at = step["input"].find(h)
        while h and at >= 0:
            found.append((at, h))
            at = step["input"].find(h, at + len(h))
    return [h for _, h in sorted(found)]


def answer_key(set_name: str) -> list[str]:
    """The answers of `urlscope learn --print SET`'s key, in order."""
    out = run_cli("learn", "--print", set_name)
    assert out.returncode == 0, out.stderr
    key = out.stdout.split("# Answer key", 1)[1]
    return re.findall(r"^\d+\. `` (.*?) `` — ", key, flags=re.MULTILINE)


def ready(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator(".learn-root")).to_be_attached()


def tab_to(page: Page, target, limit: int = 80) -> None:
    """Press Tab until `target` has the focus: the keyboard's way there."""
    handle = target.element_handle()
    for _ in range(limit):
        if page.evaluate("(el) => document.activeElement === el", handle):
            return
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached {target}")


def view_control(page: Page, name: str):
    """The page's control that opens a view: a link, a tab or a button with that name."""

    def by(role):
        return page.get_by_role(role, name=name, exact=True)

    return by("link").or_(by("tab")).or_(by("button")).first


def open_by_keyboard(page: Page, view: str) -> None:
    tab_to(page, view_control(page, view))
    page.keyboard.press("Enter")


def test_a_lesson_walked_by_keyboard(learn_site, learn_pages):
    page = learn_pages()
    ready(page, learn_site["entry"])
    open_by_keyboard(page, "Learn")
    l = lesson("rfc1738")
    choose = page.get_by_role("button", name=re.compile(r"^rfc1738 "))
    tab_to(page, choose)
    page.keyboard.press("Enter")
    walk = page.locator(".learn-walk")
    expect(walk.get_by_role("heading", level=2)).to_have_text(l["title"])
    expect(walk.locator(".learn-position")).to_have_text(f"Step 1 of {len(l['step'])}")
    page.keyboard.press("ArrowRight")
    step = l["step"][1]
    expect(walk.locator(".learn-position")).to_have_text(f"Step 2 of {len(l['step'])}")
    expect(walk.locator(".learn-quote blockquote")).to_have_text(step["quote"])
    expect(walk.locator(".learn-quote cite")).to_have_text(l["source"])
    expect(walk.locator(".learn-url mark")).to_have_text(highlighted(step))
    expect(walk.locator(".learn-url")).to_have_text(step["input"])
    expect(walk.locator(".learn-line")).to_have_text(step["text"])
    assert "step=2" in page.url and "lesson=rfc1738" in page.url
    # The rule the step names is among those the page says act on the marked characters.
    expect(walk.locator(".learn-acting-named code").first).to_have_text("rfc1738-char-pass")
    page.keyboard.press("ArrowLeft")
    expect(walk.locator(".learn-position")).to_have_text(f"Step 1 of {len(l['step'])}")


@pytest.mark.parametrize(
    ("name", "n"),
    [("tutorial", 3), ("rfc1738", 3), ("whatwg", 4), ("pdf", 2)],
)
def test_a_share_link_opens_that_step(learn_site, learn_pages, name, n):
    """A teacher's link, opened in a fresh browser: that step, its marks (rfc1738's third is
    on `é`, two octets: the byte offsets must land on the character) and the profile's output
    as the command line writes it."""
    page = learn_pages()
    ready(page, f"{learn_site['entry']}#view=learn&lesson={name}&step={n}")
    l = lesson(name)
    step = l["step"][n - 1]
    walk = page.locator(".learn-walk")
    expect(walk.locator(".learn-position")).to_have_text(f"Step {n} of {len(l['step'])}")
    expect(walk.locator(".learn-quote blockquote")).to_have_text(step["quote"])
    expect(walk.locator(".learn-url mark")).to_have_text(highlighted(step))
    args = ["normalize", "-p", step["profile"]]
    if "base" in step:
        args += ["--base", step["base"]]
    cli = run_cli(*args, "--", step["input"])
    assert cli.returncode == 0, cli.stderr
    expect(walk.locator(".learn-output")).to_have_text(cli.stdout.rstrip("\n"))
    # Nothing focused yet: → goes on all the same.
    page.keyboard.press("ArrowRight")
    expect(walk.locator(".learn-position")).to_have_text(f"Step {n + 1} of {len(l['step'])}")
    assert f"step={n + 1}" in page.url


def test_the_last_step_marks_the_lesson_done_and_a_reload_keeps_it(learn_site, learn_pages):
    page = learn_pages()
    l = lesson("fido")
    ready(page, f"{learn_site['entry']}#view=learn&lesson=fido&step=1")
    page.locator(".learn-walk h2").focus()
    page.keyboard.press("End")
    expect(page.locator(".learn-position")).to_have_text(
        f"Step {len(l['step'])} of {len(l['step'])}"
    )
    page.get_by_role("button", name="All lessons").press("Enter")
    item = page.get_by_role("button", name=re.compile(r"^fido "))
    expect(item).to_contain_text("done")
    page.reload()
    expect(page.get_by_role("button", name=re.compile(r"^fido "))).to_contain_text("done")
    # The lesson's exercises, one press from its last step.
    page.get_by_role("button", name=re.compile(r"^fido ")).press("Enter")
    page.keyboard.press("End")
    fido = tomllib.loads((SETS / "fido.toml").read_text(encoding="utf-8"))["exercise"]
    practise = page.get_by_role("button", name=f"Practise it: {len(fido)} exercises")
    practise.press("Enter")
    expect(page.get_by_label("Exercise set")).to_have_value("fido")
    expect(page.locator(".learn-ex h2")).to_have_text(f"Exercise 1 of {len(fido)}")
    expect(page.locator(".learn-ex h2")).to_be_focused()
    assert "view=practice" in page.url
    expect(page.locator(".learn-list-view .learn-counts")).to_contain_text(
        f"1 of {len(list(LESSONS.glob('*.toml')))} lessons done"
    )


def test_an_exercise_by_keyboard_right_then_wrong(learn_site, learn_pages):
    page = learn_pages()
    ready(page, learn_site["entry"])
    open_by_keyboard(page, "Practice")
    chooser = page.get_by_label("Exercise set")
    tab_to(page, chooser)
    chooser.select_option("rfc1738")
    answers = answer_key("rfc1738")
    exercises = tomllib.loads((SETS / "rfc1738.toml").read_text(encoding="utf-8"))["exercise"]
    assert len(answers) == len(exercises) > 2
    box = page.get_by_label("Answer", exact=True)
    tab_to(page, box)
    page.keyboard.type(answers[0])
    page.keyboard.press("Enter")
    verdict = page.get_by_role("status").filter(has=page.locator(".learn-right, .learn-wrong"))
    expect(verdict).to_contain_text("Right")
    expect(page.locator(".learn-practice .learn-counts")).to_have_text(
        f"1 of {len(exercises)} solved in this set"
    )
    # The second: '~hyvatti' typed as it is; RFC 1738 wants the '~' encoded.
    page.get_by_role("button", name="Next exercise").press("Enter")
    expect(page.locator(".learn-ex h2")).to_have_text(f"Exercise 2 of {len(exercises)}")
    assert "ex=2" in page.url and "set=rfc1738" in page.url
    expect(page.locator(".learn-given-text")).to_have_text(exercises[1]["text"])
    tab_to(page, box)
    page.keyboard.type(exercises[1]["text"])
    page.keyboard.press("Enter")
    expect(verdict).to_contain_text("Not yet")
    expect(page.locator(".learn-typed mark")).to_have_text(["~"])
    expect(page.locator(".learn-marks li")).to_have_count(1)
    expect(page.locator(".learn-marks li code").nth(1)).to_have_text("%7E")
    expect(page.locator(".learn-marks cite")).to_have_text("RFC 1738 §2.2")
    # Hints one at a time, then the answer: the key's.
    page.get_by_role("button", name="Hint", exact=True).press("Enter")
    expect(page.locator(".learn-hints li")).to_have_text([f"Hint 1: {exercises[1]['hints'][0]}"])
    page.get_by_role("button", name="Show the answer").press("Enter")
    expect(page.locator(".learn-expected")).to_have_text(answers[1])


def test_a_non_ascii_answer_is_marked_on_its_characters(learn_site, learn_pages):
    """`naïve résumé` typed raw in rfc3986's UTF-8 exercise: the core marks octets, in bytes of
    the UTF-8 answer; on the page each mark must fall on its character (ï, the space, é, é),
    however many two-octet characters stand before it, and say which octet it is about."""
    sets = tomllib.loads((SETS / "rfc3986.toml").read_text(encoding="utf-8"))["exercise"]
    n = next(i for i, e in enumerate(sets, 1) if e["id"] == "utf8")
    page = learn_pages()
    ready(page, f"{learn_site['entry']}#view=practice&set=rfc3986&ex={n}")
    given = sets[n - 1]["text"]
    expect(page.locator(".learn-given-text")).to_have_text(given)
    box = page.get_by_label("Answer", exact=True)
    box.fill(given)
    box.press("Enter")
    expect(page.locator(".learn-verdict")).to_contain_text("Not yet: 7 marks")
    expect(page.locator(".learn-typed")).to_have_text(given)
    expect(page.locator(".learn-typed mark")).to_have_text(["ï", " ", "é", "é"])
    items = page.locator(".learn-marks > li")
    expect(items.nth(0)).to_contain_text("\\xC3 of ï must be written %C3")
    expect(items.nth(1)).to_contain_text("\\xAF of ï must be written %AF")
    expect(items.nth(2)).to_contain_text("␣ must be written %20")
    # The right answer, from the command line's key, is right.
    box.fill(answer_key("rfc3986")[n - 1])
    box.press("Enter")
    expect(page.locator(".learn-verdict")).to_contain_text("Right")


MISTAKE = """\
name = "class-3b"
title = "Week 3: query values"

[[exercise]]
id = "space"
level = 1
text = "a b"
part = "query-value"
rules = "whatwg"
answer = "a+b"
source = "URL Standard §1.3"
quote = "The query percent-encode set is the C0 control percent-encode set and U+0020 SPACE, …"
hints = ["Think of the parser, not of a form."]

[[exercise]]
id = "tilde"
input = "http://www.iki.fi/%7Ehyvatti/"
profile = "hyvatti"
rule = "hyv-decode"
answer = "http://www.iki.fi/~hyvatti/"
source = "Hyvätti's recipe (1996)"
quote = "Because ~ is not a reserved character, encoding it does not change it's semantics."
"""


def test_a_teachers_file_is_checked_as_the_command_line_checks_it(
    learn_site, learn_pages, tmp_path
):
    bad = tmp_path / "class.toml"
    bad.write_text(MISTAKE, encoding="utf-8")
    cli = run_cli("learn", "--check", "class.toml", cwd=tmp_path)
    assert cli.returncode == 1 and cli.stdout.startswith("class.toml:10: exercise space:")
    page = learn_pages()
    ready(page, f"{learn_site['entry']}#view=practice")
    page.get_by_label("Open exercise file").set_input_files(str(bad))
    report = page.locator(".learn-report")
    expect(report).to_have_text(cli.stdout)
    expect(page.get_by_label("Exercise set").locator("option", has_text="Your file")).to_have_count(
        0
    )

    # The mistake corrected: the report is the command line's again, and the set is practised.
    good = tmp_path / "class-fixed.toml"
    good.write_text(MISTAKE.replace('answer = "a+b"', 'answer = "a%20b"'), encoding="utf-8")
    cli = run_cli("learn", "--check", "class-fixed.toml", cwd=tmp_path)
    assert cli.returncode == 0, cli.stdout
    page.get_by_label("Open exercise file").set_input_files(str(good))
    expect(report).to_have_text(cli.stdout)
    expect(page.get_by_label("Exercise set")).to_have_value("file:class-3b")
    expect(page.locator(".learn-ex h2")).to_have_text("Exercise 1 of 2")
    box = page.get_by_label("Answer", exact=True)
    box.fill("a b")
    box.press("Enter")
    expect(page.locator(".learn-verdict")).to_contain_text("Not yet")
    box.fill("a%20b")
    box.press("Enter")
    expect(page.locator(".learn-verdict")).to_contain_text("Right")
    # A reload keeps the file (sessionStorage) and what was solved in it (localStorage).
    page.reload()
    expect(page.get_by_label("Exercise set")).to_have_value("file:class-3b")
    expect(report).to_have_text(cli.stdout)
    expect(page.locator(".learn-practice .learn-counts")).to_have_text("1 of 2 solved in this set")
    # A link to the file's set, in a browser that never opened the file, says what to do.
    link = page.url.split("#", 1)[1]
    assert "set=file%3Aclass-3b" in link
    other = learn_pages()
    ready(other, f"{learn_site['entry']}#{link}")
    expect(other.get_by_role("alert")).to_contain_text("open that file below")
    other.get_by_label("Open exercise file").set_input_files(str(good))
    expect(other.get_by_label("Exercise set")).to_have_value("file:class-3b")
    expect(other.get_by_role("alert")).to_be_hidden()


def test_progress_survives_a_reload_and_can_be_forgotten(learn_site, learn_pages):
    page = learn_pages()
    answers = answer_key("fido")
    ready(page, f"{learn_site['entry']}#view=practice&set=fido&ex=2")
    box = page.get_by_label("Answer", exact=True)
    box.fill(answers[1])
    box.press("Enter")
    expect(page.locator(".learn-verdict")).to_contain_text("Right")
    page.reload()
    expect(page.locator(".learn-practice .learn-counts")).to_have_text(
        f"1 of {len(answers)} solved in this set"
    )
    expect(
        page.get_by_role("button", name="Exercise 2, level", exact=False)
    ).to_have_accessible_name(re.compile(r", solved$"))
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('urlscope.progress'))")
    fido = tomllib.loads((SETS / "fido.toml").read_text(encoding="utf-8"))
    assert stored["solved"] == [f"fido/{fido['exercise'][1]['id']}"]
    page.get_by_role("button", name="Forget progress").press("Enter")
    page.get_by_role("button", name="Forget it all").press("Enter")
    expect(page.locator(".learn-practice .learn-counts")).to_have_text(
        f"0 of {len(answers)} solved in this set"
    )
    assert page.evaluate("() => localStorage.getItem('urlscope.progress')") is None


def test_without_storage_the_views_still_work(learn_site, learn_pages):
    """A private window that refuses storage: no error, the answer still checked."""
    page = learn_pages()
    page.add_init_script(
        """for (const name of ["localStorage", "sessionStorage"]) {
             Object.defineProperty(window, name, {
               get() { throw new DOMException("storage is disabled", "SecurityError"); },
             });
           }"""
    )
    answers = answer_key("rfc3986")
    ready(page, f"{learn_site['entry']}#view=practice&set=rfc3986&ex=1")
    box = page.get_by_label("Answer", exact=True)
    box.fill(answers[0])
    box.press("Enter")
    expect(page.locator(".learn-verdict")).to_contain_text("Right")
    expect(page.locator(".learn-practice .learn-counts")).to_have_text(
        f"1 of {len(answers)} solved in this set"
    )


def test_narrow_screen_has_no_sideways_scroll(learn_site, learn_pages):
    page = learn_pages(viewport={"width": 360, "height": 740})
    for frag in (
        "#view=learn",
        "#view=learn&lesson=whatwg&step=1",
        "#view=practice&set=crawlers&ex=3",
    ):
        ready(page, learn_site["entry"] + frag)
        page.wait_for_timeout(50)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 360, f"{frag}: {width}px wide"

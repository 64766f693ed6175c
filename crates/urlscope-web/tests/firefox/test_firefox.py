"""The classroom page in Firefox ESR (Debian's `firefox-esr`), driven by geckodriver through
Selenium's WebDriver BiDi: Playwright drives only its own patched Firefox, so the Chromium suite
(../e2e) cannot run here. A shorter walk of the same jobs: the page loads with no console error
and fetches nothing but its own files; a URL typed by keyboard shows the command line's result
under every profile, for samples of both URL lists; a share link reopens its view; a lesson
step and an exercise by keyboard.

Run: `cargo xtask web`, then with geckodriver on PATH or in GECKODRIVER (`cargo install
geckodriver --root target/web-tools`; docs/web.md) and URLSCOPE_BIN (else target/release):
`python -m pytest crates/urlscope-web/tests/firefox` (requirements.txt beside this file).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import threading
import tomllib
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.firefox.service import Service
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.wait import WebDriverWait

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from support import REPO, StaticFiles, cli, normalize, profile_ids, sample  # noqa: E402

SAMPLE_SEED = 41
SAMPLE_SIZE = 4
WAIT_S = 20


@pytest.fixture(scope="session")
def site():
    root = Path(os.environ.get("URLSCOPE_WEB_DIR", REPO / "target" / "web"))
    if not (root / "index.html").is_file():
        pytest.fail(f"{root} holds no built site: run `cargo xtask web` first")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(StaticFiles, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def geckodriver() -> str:
    found = os.environ.get("GECKODRIVER") or shutil.which("geckodriver")
    if not found:
        local = REPO / "target" / "web-tools" / "bin" / "geckodriver"
        found = str(local) if local.is_file() else None
    if not found:
        pytest.fail("no geckodriver: set GECKODRIVER or `cargo install geckodriver --root target/web-tools`")
    return found


@pytest.fixture
def browser(site):
    """A fresh headless Firefox ESR profile; the test fails on any console error or uncaught
    exception the page logs (WebDriver BiDi's log events)."""
    options = webdriver.FirefoxOptions()
    options.binary_location = os.environ.get("URLSCOPE_FIREFOX", shutil.which("firefox-esr") or "firefox")
    options.add_argument("-headless")
    options.enable_bidi = True
    driver = webdriver.Firefox(options=options, service=Service(executable_path=geckodriver()))
    problems: list[str] = []
    driver.script.add_console_message_handler(
        lambda m: problems.append(f"console {m.level}: {m.text}") if m.level == "error" else None
    )
    driver.script.add_javascript_error_handler(lambda e: problems.append(f"uncaught: {e.text}"))
    try:
        yield driver
        # Every file the page fetched came from the local server.
        origin = urlsplit(site)
        for name in driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name)"
        ):
            u = urlsplit(name)
            if (u.scheme, u.hostname, u.port) != (origin.scheme, origin.hostname, origin.port):
                problems.append(f"fetched from elsewhere: {name}")
        assert not problems, "\n".join(problems)
    finally:
        driver.quit()


def ready(driver, url: str) -> None:
    driver.get(url)
    WebDriverWait(driver, WAIT_S).until(
        lambda d: d.execute_script("return document.body.dataset.ready === 'true'")
    )


def result_of(driver) -> str:
    return driver.find_element(By.ID, "result").get_property("textContent")


def until(driver, check, what: str):
    try:
        return WebDriverWait(driver, WAIT_S).until(lambda d: check())
    except Exception as e:
        raise AssertionError(f"timed out waiting for {what}") from e


def tab_to(driver, element, limit: int = 80) -> None:
    """Press Tab until `element` has the focus, as a keyboard user reaches it."""
    for _ in range(limit):
        if driver.execute_script("return document.activeElement === arguments[0]", element):
            return
        ActionChains(driver).send_keys(Keys.TAB).perform()
    raise AssertionError(f"Tab never reached {element.get_attribute('id') or element.tag_name}")


def answer_key(set_name: str) -> list[str]:
    """The answers of `urlscope learn --print SET`'s key, in order."""
    key = cli("learn", "--print", set_name).split("# Answer key", 1)[1]
    return re.findall(r"^\d+\. `` (.*?) `` — ", key, flags=re.MULTILINE)


def labelled(driver, name: str):
    """The control whose label (a <label for> or aria-label) is `name`."""
    found = driver.execute_script(
        """const name = arguments[0];
        for (const l of document.querySelectorAll('label')) {
            if (l.textContent.trim() === name && l.control && l.control.checkVisibility()) return l.control;
        }
        return [...document.querySelectorAll('[aria-label]')].find(
            (e) => e.getAttribute('aria-label') === name && e.checkVisibility()) ?? null;""",
        name,
    )
    assert found is not None, f"no visible control labelled {name!r}"
    return found


def test_typed_urls_give_the_command_lines_result_under_every_profile(browser, site):
    ready(browser, site)
    field = browser.find_element(By.ID, "url")
    tab_to(browser, field)
    profiles = profile_ids()
    assert len(profiles) == 16
    chooser = Select(browser.find_element(By.ID, "profile"))
    urls = sample("urls-web.txt", SAMPLE_SIZE, SAMPLE_SEED) + sample("urls-files.txt", SAMPLE_SIZE, SAMPLE_SEED)
    for url in urls:
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(Keys.DELETE)
        field.send_keys(url)
        assert field.get_property("value") == url
        for profile in profiles:
            chooser.select_by_value(profile)
            want = normalize(url, profile)
            until(browser, lambda: result_of(browser) == want, f"{profile}'s result of {url!r}")
    # The components of the last one in the Inspect view: explain's, present and absent.
    report = json.loads(cli("explain", "--json", "-p", profiles[-1], "--", urls[-1]))
    rows = browser.find_elements(By.CSS_SELECTOR, "#panel-inspect table.components tbody tr")
    assert [r.find_element(By.TAG_NAME, "th").text for r in rows] == [c["name"] for c in report["components"]]
    assert ["absent" in (r.get_attribute("class") or "") for r in rows] == [
        c["state"] == "absent" for c in report["components"]
    ]


def test_a_share_link_reopens_its_view(browser, site):
    url = "HTTP://ExAmple.COM:80/a/../%7e b?q= 1#f"
    ready(browser, site + "#" + urlencode({"url": url, "profile": "rfc3986", "view": "steps"}))
    assert browser.find_element(By.ID, "url").get_property("value") == url
    assert Select(browser.find_element(By.ID, "profile")).first_selected_option.get_attribute("value") == "rfc3986"
    assert result_of(browser) == normalize(url, "rfc3986")
    tab = browser.find_element(By.ID, "tab-steps")
    assert tab.get_attribute("aria-selected") == "true"
    assert browser.find_element(By.ID, "panel-steps").is_displayed()
    # Editing updates the link.
    field = browser.find_element(By.ID, "url")
    field.send_keys(Keys.END, "x")
    shared = lambda: parse_qs(browser.execute_script("return location.hash").lstrip("#")).get("url", [""])[0]
    until(browser, lambda: shared() == url + "x", "the fragment to follow the edit")


def test_a_lesson_step_and_an_exercise_by_keyboard(browser, site):
    lessons = REPO / "crates" / "urlscope-core" / "src" / "modern" / "lessons"
    whatwg = tomllib.loads((lessons / "whatwg.toml").read_text(encoding="utf-8"))
    ready(browser, site + "#view=learn&lesson=whatwg&step=3")
    position = lambda: browser.find_element(By.CSS_SELECTOR, ".learn-walk .learn-position").text
    until(browser, lambda: position() == f"Step 3 of {len(whatwg['step'])}", "the shared step")
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
    until(browser, lambda: position() == f"Step 4 of {len(whatwg['step'])}", "the next step")
    step = whatwg["step"][3]
    args = ["normalize", "-p", step["profile"], *(["--base", step["base"]] if "base" in step else []), "--", step["input"]]
    output = browser.find_element(By.CSS_SELECTOR, ".learn-walk .learn-output")
    assert output.text == cli(*args).removesuffix("\n")

    # Practice: the first exercise of the RFC 1738 set, answered right by keyboard.
    ready(browser, site + "#view=practice")
    chooser = labelled(browser, "Exercise set")
    tab_to(browser, chooser)
    Select(chooser).select_by_value("rfc1738")
    box = labelled(browser, "Answer")
    tab_to(browser, box)
    ActionChains(browser).send_keys(answer_key("rfc1738")[0], Keys.ENTER).perform()
    until(browser, lambda: "Right" in browser.find_element(By.CSS_SELECTOR, ".learn-right, .learn-wrong").text, "the verdict")

"""The functions on small inputs: every shape of `values`, nulls, options, `same`/`key`, `extract`,
the docstrings' examples, and the GIL released during the work."""

import doctest
import json
import subprocess
import sys
import threading
import time

import pyarrow as pa
import pytest
import urlscope
from conftest import DATA, binary, url_list

URLS = ["HTTP://Example.COM:80/a/./b/../c?q#f", "http://a.com/%7euser", "mailto:X@Y.org"]


def test_profiles_are_the_registry_in_order():
    names = urlscope.profiles()
    assert names[:2] == ["none", "rfc1738"]
    assert len(names) == len(set(names))
    # The command line accepts exactly these names.
    for p in names:
        run = subprocess.run([str(binary()), "normalize", "-p", p, "x"], capture_output=True)
        assert run.returncode in (0, 1), (p, run.stderr)


def test_scalars_lists_and_arrays_agree(profile):
    expected = [urlscope.normalize(u, profile) for u in URLS]
    assert all(isinstance(e, str) for e in expected)
    assert urlscope.normalize(URLS, profile).to_pylist() == expected
    assert urlscope.normalize(tuple(URLS), profile).to_pylist() == expected
    for t in (pa.string(), pa.large_string(), pa.string_view()):
        assert urlscope.normalize(pa.array(URLS, t), profile).to_pylist() == expected
    as_bytes = [e.encode() for e in expected]
    assert urlscope.normalize([u.encode() for u in URLS], profile).to_pylist() == as_bytes
    for t in (pa.binary(), pa.large_binary(), pa.binary_view()):
        assert urlscope.normalize(pa.array([u.encode() for u in URLS], t), profile).to_pylist() == as_bytes
    assert urlscope.normalize(URLS[0].encode(), profile) == as_bytes[0]


def test_answer_types_follow_the_input():
    cases = {
        pa.string(): pa.string(),
        pa.large_string(): pa.large_string(),
        pa.string_view(): pa.string(),
        pa.binary(): pa.binary(),
        pa.large_binary(): pa.large_binary(),
        pa.binary_view(): pa.binary(),
    }
    for given, answered in cases.items():
        values = pa.array(["http://a.com/"], given) if given in (pa.string(), pa.large_string(), pa.string_view()) else pa.array([b"http://a.com/"], given)
        assert urlscope.normalize(values, "whatwg").type == answered


def test_nulls_in_nulls_out_same_length():
    values = pa.array([None, "HTTP://A.com/", None, "", None])
    out = urlscope.normalize(values, "rfc3986")
    assert len(out) == len(values)
    assert out.to_pylist() == [None, "http://a.com/", None, "", None]
    assert urlscope.normalize([None, None], "whatwg").to_pylist() == [None, None]
    assert urlscope.normalize(pa.nulls(3), "whatwg").to_pylist() == [None] * 3
    # A slice keeps its own rows and nulls.
    assert urlscope.normalize(values.slice(1, 2), "rfc3986").to_pylist() == ["http://a.com/", None]


def test_chunked_in_chunked_out():
    chunked = pa.chunked_array([["HTTP://A.com/"], [], [None, "http://B.com:80/"]])
    out = urlscope.normalize(chunked, "rfc3986")
    assert isinstance(out, pa.ChunkedArray)
    assert out.num_chunks == 3
    assert out.to_pylist() == ["http://a.com/", None, "http://b.com/"]
    empty = urlscope.normalize(pa.chunked_array([], pa.string()), "whatwg")
    assert isinstance(empty, pa.ChunkedArray) and len(empty) == 0 and empty.type == pa.string()


def test_arrow_answer_equals_the_scalar_answers_on_real_urls(profile):
    urls = url_list("urls-web.txt")[:2000]
    out = urlscope.normalize(pa.array(urls, pa.binary()), profile).to_pylist()
    assert out == [urlscope.normalize(u, profile) for u in urls]


def test_options_reach_the_profile():
    assert urlscope.normalize("b/c", "pdf", base="http://a.com/x/") != urlscope.normalize("b/c", "pdf")
    aliased = urlscope.normalize("http://www.iki.fi/x", "hyvatti", host_aliases={"www.iki.fi": "iki.fi"})
    assert aliased == urlscope.normalize("http://www.iki.fi/x", "hyvatti", host_aliases="WWW.IKI.FI iki.fi # c\n")
    assert "www." not in aliased
    states = {s: urlscope.normalize("http://a.com/%2541", "pdf", pdf_state=s) for s in ("once", "unencoded", "twice")}
    assert len(set(states.values())) > 1


def test_same_and_key():
    assert urlscope.same("http://a.com/%7euser", "http://A.com/~user", "rfc3986") is True
    assert urlscope.same("http://a.com/x", "http://a.com/y", "rfc3986") is False
    a = pa.array(["http://a.com:80/", None, "http://a.com/x"])
    b = ["HTTP://A.COM/", "http://a.com/", "http://a.com/y"]
    out = urlscope.same(a, b, "rfc3986")
    assert out.type == pa.bool_()
    assert out.to_pylist() == [True, None, False]
    keys = urlscope.key(a, "rfc3986").to_pylist()
    other = urlscope.key(b, "rfc3986").to_pylist()
    assert [None if x is None or y is None else x == y for x, y in zip(keys, other)] == out.to_pylist()
    with pytest.raises(ValueError, match="same length"):
        urlscope.same(a, b[:2], "rfc3986")


def test_same_agrees_with_the_command_line():
    for a, b in [("http://a.com/%7euser", "http://A.com/~user"), ("http://a.com/x", "http://a.com/y")]:
        for p in urlscope.profiles():
            run = subprocess.run([str(binary()), "same", "-p", p, a, b], capture_output=True)
            assert run.returncode in (0, 1)
            assert urlscope.same(a, b, p) == (run.returncode == 0), (p, a, b)


def test_extract_returns_the_command_lines_records():
    for text in [
        b"see <https://a.com/x> and www.b.org. Also http://c.net/p?q=1#f, bye",
        (DATA / "mail").joinpath(sorted(p.name for p in (DATA / "mail").iterdir())[0]).read_bytes(),
    ]:
        run = subprocess.run([str(binary()), "extract", "--json"], input=text, capture_output=True)
        expected = [json.loads(line) for line in run.stdout.splitlines()]
        assert urlscope.extract(text) == expected
        assert expected, "the sample has links"
    assert urlscope.extract("nothing here", kind="text") == []
    links = urlscope.extract('<a href="http://x.org/">x.org</a>', kind="html")
    assert links[0]["url"] == "http://x.org/" and links[0]["source"] == "html-href"


def test_docstring_examples_hold():
    finder = doctest.DocTestFinder()
    tests = [t for f in ("normalize", "key", "same", "get", "explain", "profiles", "extract") for t in finder.find(getattr(urlscope, f), f)]
    assert sum(len(t.examples) for t in tests) >= 5
    runner = doctest.DocTestRunner()
    for t in tests:
        t.globs.update(urlscope=urlscope, pa=pa)
        runner.run(t)
    assert runner.summarize(verbose=False).failed == 0


def test_the_gil_is_released_during_the_work():
    values = pa.array(url_list("urls-files.txt") * 4, pa.binary())
    count = 0
    stop = False

    def spin():
        nonlocal count
        while not stop:
            count += 1
            # Lets go of the GIL itself, so the main thread never waits on this one.
            time.sleep(0)

    old = sys.getswitchinterval()
    # No forced switch while this test runs: the other thread runs only if the call lets go.
    sys.setswitchinterval(30)
    t = threading.Thread(target=spin)
    try:
        t.start()
        before = count
        urlscope.normalize(values, "whatwg")
        during = count - before
    finally:
        stop = True
        sys.setswitchinterval(old)
        t.join()
    assert during > 0

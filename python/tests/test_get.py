"""`get`: the command line's templates over Arrow, compared with `urlscope get` on both real URL
lists, and a template's errors."""

import subprocess

import pyarrow as pa
import pytest
import urlscope
from conftest import DATA, binary, records, url_list

# Every kind of placeholder: components decoded and as written, query values, the host lens, the
# unwrap lens, a profile's answer and a copy form of the `-p` profile's.
TEMPLATE = (
    "{scheme}|{user}|{password}|{host}|{port}|{path}|{query}|{fragment}|{:path}|{:query}"
    "|{default:port}|{puny:host}|{idn:host}|{query:id}|{query-all:q}|{registrable}|{suffix}"
    "|{target}|{profile:whatwg}|{as:json}|{url}"
)


def cli_get(name: str, template: str, profile: str) -> tuple[list[bytes], bytes]:
    run = subprocess.run(
        [str(binary()), "get", "-p", profile, template],
        stdin=open(DATA / name, "rb"),
        capture_output=True,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr.decode(errors="replace")
    return records(run.stdout), run.stderr


@pytest.mark.parametrize("profile", ["none", "whatwg"])
def test_binary_answers_are_the_command_lines(list_name, profile):
    expected, _ = cli_get(list_name, TEMPLATE, profile)
    got = urlscope.get(pa.array(url_list(list_name), pa.binary()), TEMPLATE, profile).to_pylist()
    # A template's answer may hold a line break (a decoded %0A is kept encoded, but the input's
    # own octets are not): split the joined answers as the command line's output is split.
    assert records(b"".join(g + b"\n" for g in got)) == expected


def test_a_must_miss_is_null_where_the_command_line_skips_the_record(list_name):
    template = "{host}:{must:port}"
    expected, stderr = cli_get(list_name, template, "none")
    got = urlscope.get(pa.array(url_list(list_name), pa.binary()), template).to_pylist()
    assert [g for g in got if g is not None] == expected
    skipped = got.count(None)
    assert skipped > 0 and stderr.count(b"the URL has no such part") == skipped


def test_shapes_and_nulls():
    urls = ["https://a.example.co.uk:8080/p?k=v", None, "mailto:x@y.org"]
    assert urlscope.get(urls, "{host}").to_pylist() == ["a.example.co.uk", None, ""]
    assert urlscope.get(pa.chunked_array([urls[:1], urls[1:]]), "{scheme}").to_pylist() == [
        "https",
        None,
        "mailto",
    ]
    assert urlscope.get("http://h:81/", "{must:port}") == "81"
    assert urlscope.get("http://h/", "{must:port}") is None
    assert urlscope.get(b"http://h/%FF", "{path}") == b"/\xff"
    assert urlscope.get(pa.array([], pa.string()), "{host}").to_pylist() == []
    assert urlscope.get("HTTP://H/a b", "{as:json}", profile="whatwg") == '"http://h/a%20b"'


def test_a_string_answer_that_is_not_utf8_asks_for_binary():
    with pytest.raises(ValueError, match="row 1: .*binary"):
        urlscope.get(["http://h/", "http://h/%FF"], "{path}")


def test_template_errors_name_the_placeholder():
    with pytest.raises(ValueError, match=r"unknown name '\{zoneid\}'"):
        urlscope.get(["http://h/"], "{host}{zoneid}")
    with pytest.raises(ValueError, match="nope"):
        urlscope.get("http://h/", "{profile:nope}")
    with pytest.raises(ValueError, match='unknown profile "nope"; the profiles are: none, '):
        urlscope.get("http://h/", "{host}", profile="nope")

"""`explain`: the document of `urlscope explain --json`, parsed, for a sample of both real URL
lists under every profile, and for hostile octets."""

import json
import os
import subprocess
import tempfile
from pathlib import Path

import pytest
import urlscope
from conftest import binary, url_list

NO_CONFIG = Path(tempfile.mkdtemp(prefix="urlscope-no-config-"))

HOSTILE = [
    b"",
    b"%",
    b'a"b\\c\x00\x01\x08\t\n\x0c\r\x1f\x7f%22%5C%00',
    b"http://h/\xff\xfe%zz%%41\xe2\x80\xae\xc3\xa9",
    b"\x1b]8;;http://evil/\x1b\\x\x1b[2J",
    b"HTTP://User:Pw@WWW.Example.COM:80/a/./b/../%7e c;p?q=1&utm_source=x;s#frag",
    b"https://xn--bcher-kva.example/\xe2\x80\x8b?a=%E9",
]


def cli_explain(x: bytes, profile: str, *options: str) -> dict:
    # The input on standard input (a NUL cannot be an argument); no user configuration (its
    # tracking parameters would change the query table, which `explain` here does not read).
    run = subprocess.run(
        [str(binary()), "explain", "--json", "-p", profile, *options, "--stdin"],
        input=x,
        capture_output=True,
        check=False,
        env={**os.environ, "XDG_CONFIG_HOME": str(NO_CONFIG)},
    )
    assert run.returncode == 0, run.stderr.decode(errors="replace")
    return json.loads(run.stdout)


def sample(name: str, n: int) -> list[bytes]:
    urls = url_list(name)
    step = max(1, len(urls) // n)
    return urls[::step][:n]


@pytest.mark.parametrize("x", HOSTILE + sample("urls-web.txt", 6) + sample("urls-files.txt", 6))
def test_every_profile_gives_the_command_lines_document(x, profile):
    assert urlscope.explain(x, profile) == cli_explain(x, profile)


def test_str_and_options():
    x = "../g;x?y#s"
    base = "http://a/b/c/d;p?q"
    assert urlscope.explain(x, "rfc3986", base=base) == cli_explain(x.encode(), "rfc3986", "--base", base)
    d = urlscope.explain("HTTP://A.COM/%7e")
    assert d["profile"] == "rfc1738" and d["input"] == "HTTP://A.COM/%7e"
    assert urlscope.explain(b"http://h/\xff")["input"] == {"hex": "687474703A2F2F682FFF"}


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown profile"):
        urlscope.explain("http://h/", "nope")
    with pytest.raises(TypeError, match="url must be str or bytes"):
        urlscope.explain(["http://h/"])

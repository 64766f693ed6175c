"""Property tests at the Python boundary: for generated and mutated values (real URLs from both
lists, changed with the pieces the profiles judge, and arbitrary octets), the package never
crashes and never answers differently from the command line (`urlscope normalize -0`).
Hypothesis draws the values; a failure is shrunk to a small case and printed."""

import subprocess

import pyarrow as pa
import urlscope
from conftest import binary, url_list
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PIECES = [
    b"%", b"%2e", b"%2F", b"%7e", b"%zz", b"%26", b"%3D", b"+", b"/", b"\\", b".", b"..", b"/../",
    b"//", b"?", b"#", b"&", b"=", b";", b":", b"@", b"[::1]", b":80", b":0080", b"0x7f.1",
    b"www3.", b"WWW.", b"xn--", b"\xc3\xa9", b"\xef\xbc\x8e", b"\xff", b" ", b"\t", b"\n", b"\x00",
    b"\x1b[31m", b"HTTP://", b"file:///C|/", b"jsessionid=1", b"utm_source=x",
]


@st.composite
def url_like(draw):
    """A real URL with up to three pieces inserted, or any octets."""
    if draw(st.integers(0, 4)) == 0:
        return draw(st.binary(max_size=64))
    lists = url_list("urls-web.txt") + url_list("urls-files.txt")
    x = bytearray(lists[draw(st.integers(0, len(lists) - 1))])
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(x)))
        x[at:at] = draw(st.sampled_from(PIECES))
    return bytes(x)


def cli_nul(profile: str, values: list[bytes]) -> list[bytes]:
    """The command line's answers, records NUL-terminated so that any octets go through."""
    run = subprocess.run(
        [str(binary()), "normalize", "-0", "-p", profile],
        input=b"".join(v + b"\0" for v in values),
        capture_output=True,
    )
    assert run.returncode in (0, 1), run.stderr
    out = run.stdout.split(b"\0")
    assert out.pop() == b""
    return out


# A NUL ends a `-0` record, so values sent to the command line carry none.
values_for_cli = st.lists(url_like().map(lambda v: v.replace(b"\0", b"")), min_size=1, max_size=40)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=values_for_cli)
def test_normalize_equals_the_command_line_for_every_profile(values):
    for profile in urlscope.profiles():
        arrow = urlscope.normalize(pa.array(values, pa.binary()), profile).to_pylist()
        assert arrow == cli_nul(profile, values), profile
        assert arrow == [urlscope.normalize(v, profile) for v in values], profile


@settings(max_examples=60, deadline=None)
@given(value=url_like(), profile=st.sampled_from(urlscope.profiles()))
def test_any_octets_give_an_answer_never_a_crash(value, profile):
    out = urlscope.normalize(value, profile)
    assert isinstance(out, bytes)
    assert isinstance(urlscope.key(value, profile), bytes)
    assert urlscope.same(value, value, profile) is True
    urlscope.explain(value, profile)

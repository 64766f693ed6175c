"""Bad input gives an answer or a clear exception, never a crash: nulls, invalid UTF-8 in binary
columns, 1 MiB values, empty arrays, unknown names (the message lists the valid ones), the wrong
types, and a Rust panic (a RuntimeError)."""

import subprocess

import pyarrow as pa
import pytest
import urlscope
from conftest import binary, records

ODD = [
    b"http://a.com/\xff\xfe?\x80=\xc3",
    b"\x02\x01\x1b[31mhttp://x.org/\x7f\r\n\t",
    b"HTTP://[::1]:80/%zz%2e%2E/./..",
    b"",
    b"%",
]


def cli_nul(profile: str, values: list[bytes]) -> list[bytes]:
    """`urlscope normalize -0`: records taken verbatim, so any octets go through."""
    run = subprocess.run(
        [str(binary()), "normalize", "-0", "-p", profile],
        input=b"".join(v + b"\0" for v in values),
        capture_output=True,
    )
    assert run.returncode in (0, 1), run.stderr
    out = run.stdout.split(b"\0")
    assert out.pop() == b""
    return out


def test_invalid_utf8_in_binary_columns_matches_the_command_line(profile):
    got = urlscope.normalize(pa.array(ODD, pa.binary()), profile).to_pylist()
    assert got == cli_nul(profile, ODD)
    assert got == [urlscope.normalize(v, profile) for v in ODD]


def test_one_mebibyte_values(profile):
    big = b"http://Example.COM/" + b"a%7e/./b?" * (1 << 17)
    assert len(big) > 1 << 20
    got = urlscope.normalize(pa.array([big, None, big], pa.large_binary()), profile)
    assert got.to_pylist()[0] == got.to_pylist()[2] == cli_nul(profile, [big])[0]
    assert got[1].as_py() is None
    text = urlscope.normalize(pa.array([big.decode()]), profile)
    assert text.to_pylist() == [got[0].as_py().decode()]


def test_empty_arrays(profile):
    for t in (pa.string(), pa.large_string(), pa.string_view(), pa.binary(), pa.large_binary()):
        out = urlscope.normalize(pa.array([], t), profile)
        assert len(out) == 0
    assert len(urlscope.normalize([], profile)) == 0
    # An empty URL has an answer of its own under some profiles (surt's "-"): the command line's.
    assert urlscope.normalize("", profile) == cli_nul(profile, [b""])[0].decode()
    assert urlscope.same([], [], profile).to_pylist() == []


def test_unknown_profile_names_the_valid_ones():
    with pytest.raises(ValueError) as e:
        urlscope.normalize(["http://a.com/"], "rfc9999")
    for p in urlscope.profiles():
        assert p in str(e.value)
    for f in (urlscope.key, lambda v, p: urlscope.same(v, v, p)):
        with pytest.raises(ValueError, match="rfc1738"):
            f("x", "nope")


def test_unknown_options_and_choices_name_the_valid_ones():
    with pytest.raises(TypeError, match="base, pdf_state, host_aliases"):
        urlscope.normalize("x", "pdf", bsae="http://a/")
    with pytest.raises(ValueError, match="once, unencoded, twice"):
        urlscope.normalize("x", "pdf", pdf_state="thrice")
    with pytest.raises(ValueError, match="line 1"):
        urlscope.normalize("x", "hyvatti", host_aliases="just-one-field")
    with pytest.raises(ValueError, match="mail, html, text"):
        urlscope.extract("x", kind="pdf")


def test_wrong_types_say_what_is_accepted():
    with pytest.raises(TypeError, match="str, bytes"):
        urlscope.normalize(42, "whatwg")
    with pytest.raises(TypeError, match=r"values\[1\]"):
        urlscope.normalize(["a", 3], "whatwg")
    with pytest.raises(TypeError, match="mixes str and bytes"):
        urlscope.normalize(["a", b"b"], "whatwg")
    with pytest.raises(TypeError, match="string, large_string"):
        urlscope.normalize(pa.array([1, 2]), "whatwg")
    with pytest.raises(TypeError, match="(?i)dictionary"):
        urlscope.normalize(pa.array(["a", "a"]).dictionary_encode(), "whatwg")
    with pytest.raises(TypeError, match="not int"):
        urlscope.normalize("x", "pdf", base=3)


def test_an_answer_that_is_not_utf8_in_a_string_column_names_the_row():
    # PDF with a declared doubly encoded input decodes %FF to the octet FF.
    url = "http://a.com/%FF"
    raw = urlscope.normalize(url.encode(), "pdf", pdf_state="twice")
    assert b"\xff" in raw, raw
    with pytest.raises(ValueError, match="row 2: .*binary"):
        urlscope.normalize(["http://a.com/", None, url], "pdf", pdf_state="twice")
    as_binary = urlscope.normalize(pa.array([b"http://a.com/", None, url.encode()]), "pdf", pdf_state="twice")
    assert as_binary[2].as_py() == raw


def test_a_rust_panic_is_a_runtime_error():
    with pytest.raises(RuntimeError, match="internal error"):
        urlscope._panic()
    # And the module still works afterwards.
    assert urlscope.normalize("HTTP://A.com", "whatwg") == "http://a.com/"


def test_records_helper_matches_the_framing():
    assert records(b"a\nb") == [b"a", b"b"]
    assert records(b"a\n\n") == [b"a", b""]
    assert records(b"") == []

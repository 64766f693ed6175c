"""Shared fixtures: the two real URL lists (tests/data of the repository, with their provenance
in tests/data/README.md) and the answers of the `urlscope` binary for them, per profile.

The binary is $URLSCOPE_BIN, else the repository's target/release/urlscope or target/debug/urlscope.
Without one the comparison tests fail (they never skip): build it with `cargo build --release`.
"""

import os
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest
import urlscope

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"
LISTS = ["urls-web.txt", "urls-files.txt"]


def records(raw: bytes) -> list[bytes]:
    """The records the command line reads from `raw`: LF-terminated, a last one unterminated."""
    out = raw.split(b"\n")
    if out and out[-1] == b"":
        out.pop()
    return out


@lru_cache(maxsize=None)
def url_list(name: str) -> list[bytes]:
    return records((DATA / name).read_bytes())


def binary() -> Path:
    env = os.environ.get("URLSCOPE_BIN")
    candidates = [Path(env)] if env else [REPO / "target" / d / "urlscope" for d in ("release", "debug")]
    for c in candidates:
        if c.is_file():
            return c
    pytest.fail(f"no urlscope binary at {', '.join(map(str, candidates))}: run `cargo build --release`")


@lru_cache(maxsize=None)
def cli_normalize(name: str, profile: str) -> list[bytes]:
    """`urlscope normalize -p PROFILE < list`, one answer per record."""
    run = subprocess.run(
        [str(binary()), "normalize", "-p", profile],
        stdin=open(DATA / name, "rb"),
        capture_output=True,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr.decode(errors="replace")
    return records(run.stdout)


@pytest.fixture(params=LISTS)
def list_name(request):
    return request.param


@pytest.fixture(params=urlscope.profiles())
def profile(request):
    return request.param

"""The reference canonicalizers (PyPI surt, urlcanon, w3lib) against `urlscope normalize -p P`:
tests/compare-canon.sh runs this once per profile and input list.

    python canon_reference.py PROFILE INPUTS OURS OURS_STDERR DISAGREEMENTS

INPUTS holds LF-terminated records, read as octets (one CR before the LF is not part of the
record, as urlscope reads them); OURS is urlscope's output, one line per record, and
OURS_STDERR its diagnostics (`record N: E-…`). A record where both raise counts as identical.
Prints one Markdown row; writes every disagreement to DISAGREEMENTS.
"""

import sys

import surt
import urlcanon
from w3lib.url import canonicalize_url

UC = {
    "uc-whatwg": urlcanon.whatwg,
    "uc-google": urlcanon.google,
    "uc-semantic-precise": urlcanon.semantic_precise,
    "uc-semantic": urlcanon.semantic,
    "uc-aggressive": urlcanon.aggressive,
}


def reference(profile):
    if profile in UC:
        canon = UC[profile]

        def run(x):
            url = urlcanon.parse_url(x)
            canon(url)
            return bytes(url)

        return run
    if profile == "ssurt":

        def run(x):
            url = urlcanon.parse_url(x)
            urlcanon.whatwg(url)
            return url.ssurt()

        return run
    if profile == "surt":
        return surt.surt
    if profile == "w3lib":
        return lambda x: canonicalize_url(x).encode("utf-8")
    raise SystemExit(f"no reference for {profile}")


def records(data):
    recs = data.split(b"\n")
    if recs and recs[-1] == b"":
        recs.pop()
    return [r[:-1] if r.endswith(b"\r") else r for r in recs]


def main():
    profile, inputs, ours, ours_err, report = sys.argv[1:6]
    run = reference(profile)
    xs = records(open(inputs, "rb").read())
    ys = records(open(ours, "rb").read())
    errors = {}
    for line in open(ours_err, "rb").read().decode("utf-8", "replace").splitlines():
        if line.startswith("record ") and ": E-" in line:
            n, rest = line[len("record "):].split(": ", 1)
            errors[int(n)] = rest.split(":", 1)[0]
    assert len(xs) == len(ys), (len(xs), len(ys))
    same = 0
    with open(report, "w", encoding="utf-8") as out:
        for i, (x, y) in enumerate(zip(xs, ys), 1):
            try:
                want = run(x).replace(b"\n", b"%0A")
                raised = None
            except Exception as e:  # the reference raised
                want, raised = None, type(e).__name__
            got_error = errors.get(i)
            if raised is not None and got_error is not None:
                same += 1
                continue
            if raised is None and got_error is None and want == y:
                same += 1
                continue
            theirs = f"raises {raised}" if raised else repr(want)[1:]
            ours_text = f"{got_error} (output {repr(y)[1:]})" if got_error else repr(y)[1:]
            out.write(f"{repr(x)[1:]}\n  reference: {theirs}\n  urlscope:  {ours_text}\n")
    n = len(xs)
    pct = 100.0 * same / n if n else 100.0
    print(f"| {profile} | {inputs.rsplit('/', 1)[-1]} | {n} | {same} | {pct:.3f} % | {n - same} |")


if __name__ == "__main__":
    main()

//! urlscope's own URL Standard parser (`urlscope_core::whatwg`) against the `url` crate: the
//! same href byte for byte, or both failing, on the two real URL lists (tests/data) and on a
//! seeded generator that favours the standard's corners. Every disagreement must be one of the
//! listed departures of the `url` crate from the pinned snapshot of the standard (each with the
//! standard's text in docs/departures.md); any other fails the test.
//!
//! `cargo test --test whatwg -- whatwg_differential::` runs 20,000 generated inputs;
//! `cargo test --release --test whatwg -- --ignored whatwg_differential::` runs 10 million.

use std::collections::BTreeMap;

use urlscope_core::whatwg;

use super::corners::{Rng, generate};

const WEB: &str = include_str!("../data/urls-web.txt");
const FILES: &str = include_str!("../data/urls-files.txt");

/// What each parser made of one input: the href, or failure.
struct Outcome {
    ours: Result<String, whatwg::Failure>,
    theirs: Option<String>,
}

fn run(input: &str, base: Option<&str>) -> Outcome {
    let ours = match base {
        None => whatwg::parse(input, None),
        Some(b) => whatwg::parse(b, None).and_then(|b| whatwg::parse(input, Some(&b))),
    };
    let theirs = match base {
        None => url::Url::parse(input).ok(),
        Some(b) => url::Url::parse(b).ok().and_then(|b| b.join(input).ok()),
    };
    Outcome {
        ours: ours.map(|u| u.href()),
        theirs: theirs.map(|u| u.as_str().to_owned()),
    }
}

/// The input after the basic URL parser's steps 1 to 3 (what both parsers read).
fn cleaned(input: &str) -> String {
    input
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

/// The href's path: from the end of the authority (or the scheme) to `?` or `#`.
fn path_range(href: &str) -> std::ops::Range<usize> {
    let after_scheme = href.find(':').map_or(0, |i| i + 1);
    let start = if href[after_scheme..].starts_with("//") {
        let auth = after_scheme + 2;
        href[auth..]
            .find(['/', '?', '#'])
            .map_or(href.len(), |i| auth + i)
    } else {
        after_scheme
    };
    let end = href[start..]
        .find(['?', '#'])
        .map_or(href.len(), |i| start + i);
    start..end
}

/// A known departure of the `url` crate (2.5.8) from the pinned URL Standard, modelled: given
/// the input, its base and our href, the href the `url` crate gives where the departure
/// applies (`None` where it does not). Each is a row of the table in docs/departures.md.
struct Departure {
    name: &'static str,
    model: fn(input: &str, base: Option<&str>, ours: &str) -> Option<String>,
}

const DEPARTURES: &[Departure] = &[
    Departure {
        // URL Standard §1.3: the path percent-encode set includes U+005E (^).
        name: "path-caret",
        model: |input, _, ours| {
            let r = path_range(ours);
            let path = &ours[r.clone()];
            (input.contains('^') && path.contains("%5E")).then(|| {
                format!(
                    "{}{}{}",
                    &ours[..r.start],
                    path.replace("%5E", "^"),
                    &ours[r.end..]
                )
            })
        },
    },
    Departure {
        // §4.4 opaque path state 3.2: a space before `?` or `#` is written as "%20".
        name: "opaque-path-space",
        model: |_, _, ours| {
            let r = path_range(ours);
            let path = &ours[r.clone()];
            (!path.starts_with('/') && path.ends_with("%20") && r.end < ours.len()).then(|| {
                format!(
                    "{}{} {}",
                    &ours[..r.start],
                    &path[..path.len() - 3],
                    &ours[r.end..]
                )
            })
        },
    },
    Departure {
        // §4.4 path state 1.4: an empty segment is a segment; a file URL keeps the leading
        // empty ones (`file:////x` has the path « "", "x" »).
        name: "file-leading-empty-segments",
        model: |_, _, ours| {
            let r = path_range(ours);
            let path = &ours[r.clone()];
            let rest = path.trim_start_matches('/');
            (ours.starts_with("file:") && path.len() - rest.len() >= 2)
                .then(|| format!("{}/{}{}", &ours[..r.start], rest, &ours[r.end..]))
        },
    },
    Departure {
        // §4.4 file host state and path state: a file URL's host stays when its path starts
        // with a Windows drive letter (`file://h/C:/` keeps `h`, and so does `/C:/` or `C|`
        // against a base `file://h/...`).
        name: "file-host-kept-before-drive-letter",
        model: |_, _, ours| {
            let host_start = "file://".len();
            if !ours.starts_with("file://") {
                return None;
            }
            let host_end = ours[host_start..].find('/')? + host_start;
            let p = &ours.as_bytes()[host_end..];
            (host_end > host_start
                && p.len() >= 3
                && p[1].is_ascii_alphabetic()
                && matches!(p[2], b':' | b'|')
                && p.get(3).is_none_or(|b| matches!(b, b'/' | b'?' | b'#')))
            .then(|| format!("file://{}", &ours[host_end..]))
        },
    },
    Departure {
        // §4.4 path state 1.4.1: in a file URL, a Windows drive letter appended to an empty
        // path is normalized (`|` becomes `:`), wherever it stands in the input.
        name: "file-drive-letter-pipe",
        model: |input, _, ours| {
            let r = path_range(ours);
            let path = ours[r.clone()].as_bytes();
            (ours.starts_with("file:")
                && path.len() >= 3
                && path[2] == b':'
                && cleaned(input).contains(&format!("{}|", path[1] as char)))
            .then(|| {
                format!(
                    "{}/{}|{}",
                    &ours[..r.start],
                    path[1] as char,
                    &ours[r.start + 3..]
                )
            })
        },
    },
    Departure {
        // §4.2 "Windows drive letter" is two code points: a file path's first segment `C:x`
        // (or `C::443`) is one segment, not the drive letter `C:` and a segment `x`.
        name: "file-drive-letter-prefix-is-one-segment",
        model: |_, _, ours| {
            let r = path_range(ours);
            let path = ours[r.clone()].as_bytes();
            (ours.starts_with("file:")
                && path.len() > 3
                && path[0] == b'/'
                && path[1].is_ascii_alphabetic()
                && matches!(path[2], b':' | b'|')
                && path[3] != b'/')
                .then(|| format!("{}/{}", &ours[..r.start + 3], &ours[r.start + 3..]))
        },
    },
];

/// Departures that are not a rewrite of our href: a URL one parser takes and the other fails,
/// or a difference in which segment `..` removes.
struct Verdict {
    name: &'static str,
    applies: Applies,
}

/// Whether a verdict explains a difference: the input, its base, our answer and the crate's.
type Applies = fn(
    input: &str,
    base: Option<&str>,
    ours: &Result<String, whatwg::Failure>,
    theirs: Option<&str>,
) -> bool;

const VERDICTS: &[Verdict] = &[
    Verdict {
        // §4.4 authority state 2.1: "If atSignSeen is true and buffer is the empty string,
        // host-missing validation error, return failure" (non-special URLs too: `sc://:@/`).
        name: "credentials-without-host",
        applies: |_, _, ours, theirs| {
            theirs.is_some()
                && ours
                    .as_ref()
                    .is_err_and(|f| f.error == Some(whatwg::ValidationError::HostMissing))
        },
    },
    Verdict {
        // §3.5 domain to ASCII (whatwg/url a8d5ca37): an ASCII domain that UTS #46 ToASCII
        // rejects is taken lowercased.
        name: "ascii-domain-fallback",
        applies: |_, _, ours, theirs| {
            theirs.is_none()
                && ours.as_ref().is_ok_and(|href| {
                    let url = whatwg::parse(href, None).expect("our href parses");
                    url.hostname().split('.').any(|l| l.starts_with("xn--"))
                })
        },
    },
    Verdict {
        // §4.4 port state 3: in a non-special URL `\\` does not end the port: port-invalid.
        name: "non-special-port-backslash",
        applies: |input, _, ours, theirs| {
            theirs.is_some()
                && ours.as_ref().is_err_and(|f| {
                    f.error == Some(whatwg::ValidationError::PortInvalid)
                        && input[f.at..].starts_with('\\')
                })
        },
    },
    Verdict {
        // §4.2 shorten: only a file URL's normalized Windows drive letter survives `..`.
        name: "dot-dot-pops-drive-letter-like-segment",
        applies: |input, _, ours, theirs| {
            let c = cleaned(input).to_ascii_lowercase();
            let has_letter = c.as_bytes().windows(4).any(|w| {
                matches!(w[0], b'/' | b'\\')
                    && w[1].is_ascii_alphabetic()
                    && matches!(w[2], b':' | b'|')
                    && matches!(w[3], b'/' | b'\\')
            }) || c
                .as_bytes()
                .get(1)
                .is_some_and(|b| matches!(b, b':' | b'|'));
            // The url crate reads a drive letter before it removes a tab or newline
            // (`u:\t@h/..`): it then neither joins `u:` to its segment nor pops it.
            let split_letter = input.as_bytes().windows(3).any(|w| {
                w[0].is_ascii_alphabetic()
                    && matches!(w[1], b':' | b'|')
                    && matches!(w[2], b'\t' | b'\n' | b'\r')
            });
            let has_letter = has_letter || split_letter;
            let has_dots = c.contains("..") || c.contains("%2e");
            has_letter && has_dots && ours.is_ok() && theirs.is_some()
        },
    },
    Verdict {
        // §4.5 URL serializer step 3: a base whose path starts with an empty segment and has no
        // host serializes with `/.`; the url crate resolves against that text.
        name: "base-with-dot-prefix",
        applies: |_, base, _, _| base.is_some_and(|b| b.contains(":/.//")),
    },
    Verdict {
        // §4.4 relative slash state 1 and special authority ignore slashes state: against a
        // special base, `///h/p` is the authority `h` (any number of `/` or `\\`).
        name: "special-relative-three-slashes",
        applies: |input, base, ours, _| {
            let c = cleaned(input);
            let slashes = c.bytes().take_while(|b| matches!(b, b'/' | b'\\')).count();
            ours.is_ok()
                && slashes >= 3
                && base.is_some_and(|b| {
                    ["http:", "https:", "ws:", "wss:", "ftp:"]
                        .iter()
                        .any(|s| b.starts_with(s))
                })
        },
    },
    Verdict {
        // §4.4 relative state 5: against a non-special base, `\\` is a path code point, not a
        // slash.
        name: "non-special-relative-backslash",
        applies: |input, base, _, _| {
            let c = cleaned(input);
            (c.starts_with('\\') || c.starts_with("/\\"))
                && base.is_some_and(|b| !b.starts_with("http") && !b.starts_with("file:"))
        },
    },
];

/// Compares one input; a disagreement is classified or returned as unexplained.
fn check(
    input: &str,
    base: Option<&str>,
    classes: &mut BTreeMap<String, (usize, String)>,
) -> Option<String> {
    let out = run(input, base);
    if out.ours.as_ref().ok() == out.theirs.as_ref() {
        return None;
    }
    let mut record = |name: String| {
        let entry = classes.entry(name).or_insert((0, String::new()));
        entry.0 += 1;
        if entry.1.is_empty() {
            entry.1 = format!("{input:?} (base {base:?})");
        }
    };
    if let (Ok(ours), Some(theirs)) = (&out.ours, &out.theirs) {
        // The smallest set of modelled departures that turns our href into the url crate's.
        let n = DEPARTURES.len();
        let mut masks: Vec<u32> = (1..1u32 << n).collect();
        masks.sort_by_key(|m| m.count_ones());
        for mask in masks {
            let mut href = ours.clone();
            let mut applied = Vec::new();
            for (i, d) in DEPARTURES.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    match (d.model)(input, base, &href) {
                        Some(next) => {
                            href = next;
                            applied.push(d.name);
                        }
                        None => break,
                    }
                }
            }
            if applied.len() == mask.count_ones() as usize && &href == theirs {
                record(applied.join(" + "));
                return None;
            }
        }
    }
    for v in VERDICTS {
        if (v.applies)(input, base, &out.ours, out.theirs.as_deref()) {
            record(v.name.to_owned());
            return None;
        }
    }
    Some(format!(
        "{input:?} against {base:?}: ours {:?}, url crate {:?}",
        out.ours, out.theirs
    ))
}

fn report(what: &str, n: usize, classes: &BTreeMap<String, (usize, String)>, bad: &[String]) {
    println!("{what}: {n} inputs");
    for (name, (count, example)) in classes {
        println!("  departure {name}: {count} (e.g. {example})");
    }
    assert!(
        bad.is_empty(),
        "{} unexplained disagreements with the url crate, the first:\n{}",
        bad.len(),
        bad.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_real_url_lists_agree_with_the_url_crate() {
    let mut classes = BTreeMap::new();
    let mut bad = Vec::new();
    let mut n = 0;
    for line in WEB.lines().chain(FILES.lines()) {
        n += 1;
        if let Some(b) = check(line, None, &mut classes) {
            bad.push(b);
        }
    }
    report("tests/data URL lists", n, &classes, &bad);
}

fn generated(n: usize, seed: u64) {
    let mut r = Rng(seed);
    let mut classes = BTreeMap::new();
    let mut bad = Vec::new();
    for _ in 0..n {
        let (input, base) = generate(&mut r);
        if let Some(b) = check(&input, base, &mut classes) {
            bad.push(b);
            if bad.len() >= 1000 {
                break;
            }
        }
    }
    report("generated", n, &classes, &bad);
}

#[test]
fn generated_inputs_agree_with_the_url_crate() {
    generated(20_000, 0x5EED_0001);
}

#[test]
#[ignore = "10 million inputs: run in release mode (cargo test --release -- --ignored)"]
fn ten_million_generated_inputs_agree_with_the_url_crate() {
    generated(10_000_000, 0x5EED_0002);
}

#[test]
fn cleaning_removes_what_both_parsers_remove() {
    assert_eq!(cleaned(" \t a\nb \u{0}"), "ab");
}

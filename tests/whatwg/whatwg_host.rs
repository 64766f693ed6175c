//! urlscope's own host parser (`urlscope_core::whatwg`, the URL Standard §3.5) against
//! the `url` crate's (`url::Host::parse` for special URLs, `url::Host::parse_opaque` for the
//! others), on the hosts of the two real URL lists and on a seeded generator of host corners.
//!
//! Every disagreement must fall in a class listed in docs/departures.md ("The URL Standard's
//! host parser and the url crate"); any other fails the test with the inputs.

use std::collections::BTreeMap;

use urlscope_core::whatwg::NoTrace;
use urlscope_core::whatwg::parse_host;

const URLS_WEB: &str = include_str!("../data/urls-web.txt");
const URLS_FILES: &str = include_str!("../data/urls-files.txt");

/// Our host parser's serialization, or `None` for failure.
fn ours(input: &str, opaque: bool) -> Option<String> {
    let host = parse_host(input, opaque, 0, &mut NoTrace)?;
    let mut out = String::new();
    host.serialize(&mut out);
    Some(out)
}

/// The url crate's serialization, or `None` for failure.
fn theirs(input: &str, opaque: bool) -> Option<String> {
    let host = if opaque {
        url::Host::parse_opaque(input)
    } else {
        url::Host::parse(input)
    };
    host.ok().map(|h| h.to_string())
}

/// Why the two parsers may disagree on `input`, or `None` for a disagreement nobody explained.
fn departure(
    input: &str,
    opaque: bool,
    ours: &Option<String>,
    theirs: &Option<String>,
) -> Option<&'static str> {
    // The domain parser's step 5 (URL Standard, 2026-06-25 "Add Unicode ToASCII fallback for
    // ASCII domains"): an ASCII domain is lowercased whatever Unicode ToASCII says, so an
    // invalid `xn--` label no longer fails. url 2.5.8 still fails it.
    if !opaque && theirs.is_none() {
        let decoded = percent_decode(input);
        if let Ok(domain) = std::str::from_utf8(&decoded) {
            let lowered = domain.to_ascii_lowercase();
            let has_ace = lowered.split('.').any(|l| l.starts_with("xn--"));
            if domain.is_ascii() && has_ace && ours.as_deref() == Some(lowered.as_str()) {
                return Some("ascii-domain-carve-out");
            }
        }
    }
    None
}

/// The standard's percent-decode, written again here so the test does not lean on the code it
/// checks.
fn percent_decode(input: &str) -> Vec<u8> {
    let b = input.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && b[i + 1].is_ascii_hexdigit()
            && b[i + 2].is_ascii_hexdigit()
        {
            let hex = std::str::from_utf8(&b[i + 1..i + 3]).expect("hex digits are ASCII");
            out.push(u8::from_str_radix(hex, 16).expect("two hex digits"));
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// The host of a URL line by a simple split: after `://`, before the first `/`, `?` or `#`,
/// after the last `@`, without a `:port` (kept inside brackets).
fn host_of(line: &str) -> Option<&str> {
    let rest = &line[line.find("://")? + 3..];
    let authority = &rest[..rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len())];
    let host_port = &authority[authority.rfind('@').map_or(0, |i| i + 1)..];
    if host_port.starts_with('[') {
        return Some(&host_port[..host_port.find(']').map_or(host_port.len(), |i| i + 1)]);
    }
    Some(&host_port[..host_port.rfind(':').unwrap_or(host_port.len())])
}

#[test]
fn the_ascii_domain_carve_out_is_a_departure_of_the_url_crate() {
    // WPT urltestdata.json (2026-07) expects these hosts to parse; url 2.5.8 fails them.
    for (input, want) in [
        ("xn--a", "xn--a"),
        ("XN--A.example", "xn--a.example"),
        ("xn--", "xn--"),
        ("a.b.c.xn--pokxncvks", "a.b.c.xn--pokxncvks"),
    ] {
        assert_eq!(ours(input, false).as_deref(), Some(want), "{input}");
        assert_eq!(theirs(input, false), None, "{input}");
        assert_eq!(
            departure(input, false, &ours(input, false), &None),
            Some("ascii-domain-carve-out")
        );
    }
    // Not ASCII: ToASCII decides, and both fail.
    assert_eq!(ours("xn--a.ß", false), None);
    assert_eq!(theirs("xn--a.ß", false), None);
}

#[derive(Default)]
struct Tally {
    agree: usize,
    /// Of those that agree, how many both parsers fail.
    both_fail: usize,
    departures: BTreeMap<&'static str, usize>,
    unexplained: Vec<String>,
}

impl Tally {
    fn check(&mut self, input: &str, opaque: bool) {
        let (a, b) = (ours(input, opaque), theirs(input, opaque));
        if a == b {
            self.agree += 1;
            self.both_fail += usize::from(a.is_none());
        } else if let Some(class) = departure(input, opaque, &a, &b) {
            *self.departures.entry(class).or_default() += 1;
        } else if self.unexplained.len() < 40 {
            self.unexplained.push(format!(
                "{input:?} (opaque {opaque}): ours {a:?}, url {b:?}"
            ));
        } else {
            self.unexplained.push(String::new());
        }
    }

    fn assert_explained(&self, what: &str) {
        eprintln!(
            "{what}: {} agree ({} both failures), departures {:?}, unexplained {}",
            self.agree,
            self.both_fail,
            self.departures,
            self.unexplained.len()
        );
        assert!(
            self.unexplained.is_empty(),
            "{what}: {} unexplained disagreements:\n{}",
            self.unexplained.len(),
            self.unexplained.join("\n")
        );
    }
}

#[test]
fn hosts_of_the_url_lists_agree_with_the_url_crate() {
    let mut tally = Tally::default();
    let mut hosts = 0;
    for line in URLS_WEB.lines().chain(URLS_FILES.lines()) {
        let Some(host) = host_of(line.trim()) else {
            continue;
        };
        hosts += 1;
        // Empty hosts are the URL parser's business (host-missing, file's empty host), never
        // the special host parser's.
        if !host.is_empty() {
            tally.check(host, false);
        }
        tally.check(host, true);
    }
    assert!(hosts > 90_000, "the two lists give {hosts} hosts");
    tally.assert_explained("URL lists");
}

/// A small seeded generator (xorshift64*), so every run sees the same corners.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// An IPv4 number in a random radix, sometimes out of range or malformed.
fn ipv4_part(r: &mut Rng) -> String {
    let n = match r.below(6) {
        0 => r.below(10),
        1..=3 => r.below(256),
        4 => r.below(1 << 24),
        _ => r.below(1 << 34),
    };
    let mut s = match r.below(4) {
        0 => format!("0x{n:x}"),
        1 => format!("0X{n:X}"),
        2 => format!("0{n:o}"),
        _ => n.to_string(),
    };
    match r.below(20) {
        0 => s.clear(),
        1 => s.push(*r.pick(&['8', '9', 'g', 'a', '-'])),
        2 => s = format!("0{s}"),
        3 => s = "0x".into(),
        _ => {}
    }
    s
}

fn ipv4(r: &mut Rng) -> String {
    let parts = 1 + r.below(5) as usize;
    let mut s: Vec<String> = (0..parts).map(|_| ipv4_part(r)).collect();
    if r.chance(10) {
        s.push(String::new());
    }
    if r.chance(10) {
        s.insert(0, (*r.pick(&["a", "example", "xn--a"])).into());
    }
    s.join(".")
}

fn ipv6(r: &mut Rng) -> String {
    let mut pieces: Vec<String> = (0..8)
        .map(|_| {
            let n = if r.chance(40) { 0 } else { r.below(0x10000) };
            match r.below(5) {
                0 => format!("{n:04x}"),
                1 => format!("{n:X}"),
                2 if r.chance(20) => format!("{n:05x}"),
                _ => format!("{n:x}"),
            }
        })
        .collect();
    let embed = r.chance(25);
    if embed {
        pieces.truncate(6);
        let v4: Vec<String> = (0..4)
            .map(|_| match r.below(10) {
                0 => format!("0{}", r.below(10)),
                1 => r.below(400).to_string(),
                2 => String::new(),
                _ => r.below(256).to_string(),
            })
            .collect();
        let take = if r.chance(10) { 3 } else { 4 };
        pieces.push(v4[..take].join("."));
    }
    let mut s = if r.chance(60) {
        // Compress a run.
        let start = r.below(pieces.len() as u64) as usize;
        let len = r.below((pieces.len() - start) as u64 + 1) as usize;
        let head = pieces[..start].join(":");
        let tail = pieces[start + len..].join(":");
        format!("{head}::{tail}")
    } else {
        pieces.join(":")
    };
    match r.below(15) {
        0 => s.push_str(":1"),
        1 => s.push(':'),
        2 => s.insert(0, ':'),
        3 => s = s.replacen(':', ":::", 1),
        4 => s.push_str("%25eth0"),
        5 => s.push(*r.pick(&['g', '.', ' ', 'é'])),
        _ => {}
    }
    if r.chance(5) {
        format!("[{s}")
    } else {
        format!("[{s}]")
    }
}

const LABELS: &[&str] = &[
    "example",
    "EXAMPLE",
    "www",
    "com",
    "a",
    "xn--zca",
    "xn--a",
    "XN--FA-HIA",
    "xn--",
    "faß",
    "Bücher",
    "βόλος",
    "☕",
    "ශ්\u{200D}රී",
    "نامه\u{200C}ای",
    "\u{200D}",
    "يa",
    "a\u{AD}b",
    "ẞ",
    "İ",
    "ǅ",
    "\u{FEFF}",
    "x-",
    "-x",
    "ab--c",
    "_dmarc",
    "a*b",
    "a$b",
    "a=b",
    "0x1",
    "09",
    "1",
    "255",
    "\u{FFFD}",
    "日本",
    "ｗｗｗ",
    "\u{3002}",
    "\u{FF0E}",
    "a\u{301}",
    "\u{301}a",
    "ℌ",
    "㍱",
    "\u{1F600}",
    "Ⅻ",
    "ﬃ",
    "ß\u{200C}",
];

fn domain(r: &mut Rng) -> String {
    let n = 1 + r.below(4) as usize;
    let mut labels: Vec<String> = (0..n).map(|_| (*r.pick(LABELS)).to_string()).collect();
    if r.chance(10) {
        labels.push(String::new());
    }
    let mut s = labels.join(".");
    if r.chance(10) {
        let at = r.below(s.len() as u64 + 1) as usize;
        if s.is_char_boundary(at) {
            s.insert(
                at,
                *r.pick(&['%', ' ', '<', '^', '|', '\u{7F}', '\u{1}', '#', '@', '~']),
            );
        }
    }
    s
}

/// Percent-encodes random bytes of `s`, sometimes with a broken or invalid sequence.
fn percent_encoded(r: &mut Rng, s: &str) -> String {
    let mut out = String::new();
    for &b in s.as_bytes() {
        if r.chance(40) || b >= 0x80 {
            if r.chance(50) {
                out.push_str(&format!("%{b:02X}"));
            } else {
                out.push_str(&format!("%{b:02x}"));
            }
        } else {
            out.push(char::from(b));
        }
    }
    if r.chance(20) {
        out.push_str(r.pick::<&str>(&[
            "%FF",
            "%C3",
            "%zz",
            "%2",
            "%25",
            "%00",
            "%2E",
            "%EF%BB%BF",
        ]));
    }
    out
}

/// Full-width forms of ASCII letters, digits and dots (which UTS #46 maps back).
fn full_width(r: &mut Rng, s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_graphic() && r.chance(60) {
                if c == '.' {
                    *r.pick(&['\u{FF0E}', '\u{3002}', '\u{FF61}', '.'])
                } else {
                    char::from_u32(c as u32 - 0x21 + 0xFF01).expect("full-width form")
                }
            } else {
                c
            }
        })
        .collect()
}

#[test]
fn generated_host_corners_agree_with_the_url_crate() {
    let mut r = Rng(0x5EED_0F07_ABC0_DE01);
    let mut tally = Tally::default();
    for _ in 0..20_000 {
        let base = match r.below(4) {
            0 => ipv4(&mut r),
            1 => ipv6(&mut r),
            _ => domain(&mut r),
        };
        let input = match r.below(6) {
            0 => percent_encoded(&mut r, &base),
            1 => full_width(&mut r, &base),
            _ => base,
        };
        tally.check(&input, false);
        tally.check(&input, true);
    }
    tally.assert_explained("generated corners");
}

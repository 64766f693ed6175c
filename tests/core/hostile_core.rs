//! Hostile input through the URL core: random bytes, an 8 MiB line, terminal control
//! sequences, NUL, invalid UTF-8, a BOM, long runs of `%` and `%%` continuations, deep `../`
//! chains. Everything goes through tokenize, unit_infos, every profile, resolve and fido_join:
//! no panic, and the tokenizer and step-record invariants hold. Timings are never asserted; the inputs
//! are sized so that the whole file stays well under the suite's time budget in debug builds.
//!
//! Crashes found by the fuzz targets (`fuzz/`) are added here as regression tests.

use crate::common;

use std::ops::Range;

use common::BASE;
use urlscope_core::url::{
    Normalizer, fido_join, remove_dot_segments, tokenize_unframed, unit_infos_in,
};
use urlscope_core::{Options, PdfState, Profile, normalize, resolve, tokenize};

/// Every profile with the option sets docs/rules.md names (PDF with and without a base, each state).
fn configurations() -> Vec<(Profile, Options)> {
    let mut v = vec![
        (Profile::None, Options::default()),
        (Profile::Rfc1738, Options::default()),
        (Profile::Hyvatti, Options::default()),
        (
            Profile::Hyvatti,
            Options {
                host_aliases: vec![(b"a".to_vec(), b"b.example".to_vec())],
                ..Options::default()
            },
        ),
        (Profile::Fido, Options::default()),
    ];
    // The crawler canonicalizers, and w3lib with every option away from its default.
    for p in Profile::ALL
        .into_iter()
        .skip_while(|&p| p != Profile::UcWhatwg)
    {
        v.push((p, Options::default()));
    }
    let mut w3 = Options::default();
    w3.w3lib.keep_blank_values = false;
    w3.w3lib.keep_fragments = true;
    w3.w3lib.encoding = Some("latin1".into());
    w3.w3lib.query_separator = b';';
    v.push((Profile::W3lib, w3));
    for state in PdfState::ALL {
        for base in [None, Some(BASE.to_vec())] {
            v.push((
                Profile::Pdf,
                Options {
                    base,
                    pdf_state: state,
                    host_aliases: Vec::new(),
                    w3lib: Default::default(),
                },
            ));
        }
    }
    v
}

/// Profiles whose output encodes every control, space and non-ASCII octet.
fn printable_output(profile: Profile) -> bool {
    matches!(
        profile,
        Profile::Rfc1738 | Profile::Hyvatti | Profile::Fido | Profile::Rfc3986
    )
}

fn hex(x: &[u8]) -> String {
    let shown = &x[..x.len().min(64)];
    let mut s: String = shown.iter().map(|b| format!("{b:02x}")).collect();
    if x.len() > shown.len() {
        s.push_str(&format!("… ({} octets)", x.len()));
    }
    s
}

/// Panic with the broken invariant a shared check reports (cut short: the inputs are large),
/// naming the input by its first octets.
fn must(x: &[u8], r: Result<(), String>) {
    if let Err(e) = r {
        let short: String = e.chars().take(600).collect();
        panic!("{short}\ninput: {}", hex(x));
    }
}

/// The per-unit records of a window of a large input tile it (small inputs get the whole
/// `common::check_units`).
fn check_unit_window(x: &[u8], window: Range<usize>) {
    let p = tokenize(x);
    let infos = unit_infos_in(x, &p, window.clone());
    let mut pos = window.start;
    for u in &infos {
        assert_eq!(
            u.range.start,
            pos,
            "unit records not contiguous: {}",
            hex(x)
        );
        assert!(matches!(u.range.len(), 1 | 3));
        pos = u.range.end;
    }
    assert!(pos >= window.end.min(x.len()), "unit records stop early");
}

/// The step records and the profile's step ids (the shared checks); the output.
fn check_traced(x: &[u8], profile: Profile, opts: &Options) -> Vec<u8> {
    let o = normalize(x, profile, opts);
    must(x, common::check_outcome(x, profile, opts, &o));
    must(x, common::check_step_ids(profile, opts, &o));
    o.output
}

/// One input through everything. `traced` adds the traced normalizer, its invariants and the
/// idempotence check. Inputs over 1 MiB take a lighter path (one tokenization, a window of unit
/// records, one configuration per profile), which keeps the debug-mode suite fast.
fn through_everything(x: &[u8], traced: bool) {
    let big = x.len() > 1 << 20;
    if big {
        let p = tokenize(x);
        let covered: usize = p.spans.iter().map(|s| s.range.len()).sum();
        assert_eq!(covered, x.len(), "spans do not cover the input");
        let start = octets_unit_start(x, x.len() / 2);
        check_unit_window(x, start..(start + 4096).min(x.len()));
    } else {
        // §1.6 for both tokenizer entry points, §2.5 for the framed one.
        let p = tokenize(x);
        must(x, common::check_span_list(x, &p, true));
        must(x, common::check_span_list(x, &tokenize_unframed(x), false));
        must(x, common::check_units(x, &p));
    }
    let configs = configurations();
    for (i, (profile, opts)) in configs.into_iter().enumerate() {
        // Big inputs: RFC 1738, Hyvätti (no aliases), FidoURL, PDF with a base, PDF Unencoded.
        if big && !matches!(i, 1 | 2 | 4 | 6 | 7) {
            continue;
        }
        let mut nz = Normalizer::new(profile, opts.clone());
        let mut out = Vec::new();
        nz.normalize_into(x, &mut out);
        if printable_output(profile) {
            assert!(
                out.iter().all(|b| (0x21..=0x7E).contains(b)),
                "{} output not printable ASCII: {}",
                profile.name(),
                hex(x)
            );
        }
        if traced {
            let traced_out = check_traced(x, profile, &opts);
            assert!(
                traced_out == out,
                "{}: batch != traced: {}",
                profile.name(),
                hex(x)
            );
            if common::idempotence_claimed(profile, &opts) {
                let mut again = Vec::new();
                nz.normalize_into(&out, &mut again);
                assert!(
                    again == out,
                    "{} not idempotent: {}",
                    profile.name(),
                    hex(x)
                );
            }
        }
    }
    let r = resolve(BASE, x);
    assert!(
        !r.output.is_empty() || x.is_empty() || r.rules.iter().any(|r| r == "resolve-has-scheme")
    );
    if !big {
        must(x, common::check_resolve(BASE, x));
        must(x, common::check_resolve(x, b"../g;x?y#s"));
        let _ = resolve(x, x);
    }
    // D never grows its input (and, up to 2 KiB, is the naive §4.3 reading); F1 joins.
    must(x, common::check_dots(x));
    must(x, common::check_join(x));
}

/// The start of the unit holding offset `i` (a window must start on a unit boundary).
fn octets_unit_start(x: &[u8], i: usize) -> usize {
    let mut pos = 0;
    for u in urlscope_core::url::octets::units(x) {
        if u.end() > i {
            return u.start;
        }
        pos = u.end();
    }
    pos
}

/// xorshift64*: deterministic pseudo-random bytes without a dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn random_bytes() {
    let mut rng = Rng(0x5EED_0006);
    for _ in 0..300 {
        let len = rng.below(200);
        let x: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        through_everything(&x, true);
    }
}

#[test]
fn random_url_alphabet() {
    // Bytes drawn mostly from delimiters, percent signs and hex digits, where the rules interact.
    const ALPHA: &[u8] = b"%%%%//..::##??@@;;&&==++--<>\"AaFf0129 \t\r\n\x1b\x7f\xc3\xa4\xffhtp";
    let mut rng = Rng(0xF1D0_0006);
    for i in 0..250 {
        let len = rng.below(120);
        let mut x: Vec<u8> = (0..len).map(|_| ALPHA[rng.below(ALPHA.len())]).collect();
        if i % 3 == 0 {
            x.splice(0..0, b"http://".iter().copied());
        }
        through_everything(&x, true);
    }
}

/// About `len` octets of mixed URL text: every component, triplets valid and invalid, `%%`,
/// controls, non-ASCII, dot segments, `---`, frames inside.
fn mixed(len: usize) -> Vec<u8> {
    const PIECES: &[&[u8]] = &[
        b"http://User:Pa@ss@Host.EXAMPLE:80/",
        b"a/./b/../c;p=1;q/",
        b"%7e%41%2541%zz%4%",
        b"\xc3\xa4\xe2\x80\xae\xff\xfe",
        b"\x1b[31m\x1b]8;;http://evil/\x07\x9b\x07",
        b"?k=v&k2==v2;k3?x",
        b"#frag#x%23",
        b"---+--",
        b"<URL:\"x\">",
        b"%%",
        b"\x00\t ",
        b"[::1]",
        b"area://SETI@home@fidonet+b@c/",
    ];
    let mut out = Vec::with_capacity(len + 64);
    let mut rng = Rng(0x8_0000_0006);
    while out.len() < len {
        out.extend_from_slice(PIECES[rng.below(PIECES.len())]);
    }
    out.truncate(len);
    out
}

#[test]
fn eight_mib_single_line() {
    let mut x = b"http://example.com/".to_vec();
    x.extend(mixed(8 << 20));
    assert!(!x.contains(&b'\n'));
    through_everything(&x, false);
}

#[test]
fn one_mib_traced() {
    through_everything(&mixed(1 << 20), true);
}

#[test]
fn terminal_control_sequences() {
    let inputs: &[&[u8]] = &[
        b"http://a/\x1b[2J\x1b[H",
        b"http://a/\x1b]0;pwned\x07",
        b"http://a/\x1b]8;;http://evil/\x1b\\click\x1b]8;;\x1b\\",
        b"http://a/\x1bP+q544e\x1b\\",
        b"http://a/\x9b31m\x9d0;t\x9c\x90x\x9c",
        b"http://a/\xc2\x9b31m\xc2\x9d",
        b"http://a/\x07\x07\x08\x08\x0d\x7f",
        b"http://a/\xe2\x80\xaegnp.exe",
        b"http://a/\xe2\x81\xa6x\xe2\x81\xa9\xe2\x80\x8f\xe2\x80\x8b",
        b"\x1b[31mhttp://a/\x1b[0m",
        b"<URL:\x1b[2J>",
        b"http://\x1b[31m@\x1b:\x1b/",
        b"http://a/%1b%5b2J%9b%07",
        b"area://\x1b@\x1b+\x9b/",
        b"fecho://p%%\x1b[2J\n\x1b]0;x\x07%%x",
    ];
    for x in inputs {
        through_everything(x, true);
    }
}

#[test]
fn nul_invalid_utf8_and_bom() {
    let inputs: &[&[u8]] = &[
        b"\x00",
        b"http://a/\x00b",
        b"\x00http://a/",
        b"http://a\x00:80/",
        b"http://a/\xff\xfe\xc0\xaf\xed\xa0\x80\xf8\x88\x80\x80\x80",
        b"http://\xc3/\xa4",
        b"\xef\xbb\xbfhttp://a/b",
        b"\xef\xbb\xbf",
        b"\xfe\xffh\x00t\x00",
        b"<\xef\xbb\xbf>",
        b"\xef\xbb\xbf<URL:http://a/>",
        b"%00%ff%C0%AF",
        b"",
    ];
    for x in inputs {
        through_everything(x, true);
    }
}

#[test]
fn hundred_thousand_percents() {
    let n = 100_000;
    let plain = vec![b'%'; n];
    through_everything(&plain, true);
    let mut url = b"http://a/".to_vec();
    url.extend(std::iter::repeat_n(b'%', n));
    through_everything(&url, true);
    let mut mixed = b"http://a/".to_vec();
    for _ in 0..n / 4 {
        mixed.extend_from_slice(b"%%4");
    }
    through_everything(&mixed, false);
}

/// 100k `%%\n` marks, 100k real continuations in one URL, and 100k pauses without a resume.
/// (F1 once matched gaps to continuations quadratically; 100k took ~7 s. It is linear now.)
#[test]
fn hundred_thousand_continuations() {
    let n = 100_000;
    // `%%\n` repeated: every mark pauses and the next one resumes.
    let mut x = b"area://A".to_vec();
    for _ in 0..n {
        x.extend_from_slice(b"%%\n");
    }
    x.extend_from_slice(b"B/");
    through_everything(&x, false);
    let j = fido_join(&x).expect("has %%");
    assert!(j.output.starts_with(b"area://A"));

    // Real continuations: a%%\n%%b… joins to one long URL.
    let joined = 100_000;
    let mut y = b"fecho://p".to_vec();
    for _ in 0..joined {
        y.extend_from_slice(b"x%%  \r\nMtW> %%");
    }
    y.extend_from_slice(b"/end");
    let j = fido_join(&y).expect("has %%");
    assert_eq!(j.error, None);
    assert_eq!(j.continuations.len(), joined);
    assert_eq!(j.output.len(), b"fecho://p".len() + joined + b"/end".len());
    through_everything(&y, false);

    // Pauses with no resume: the URL ends at the first mark, with a diagnostic.
    let mut z = b"fecho://p".to_vec();
    for _ in 0..n {
        z.extend_from_slice(b"%%");
    }
    let j = fido_join(&z).expect("has %%");
    assert!(j.error.is_some());
    through_everything(&z, false);
}

#[test]
fn deep_dot_segment_chains() {
    let n = 20_000;
    let up = b"../".repeat(n);
    let r = resolve(BASE, &[up.as_slice(), b"g"].concat());
    assert!(r.output.starts_with(b"http://a/../"));

    let mut down_up = b"http://a/".to_vec();
    down_up.extend(b"a/".repeat(n));
    down_up.extend(b"../".repeat(n));
    down_up.extend_from_slice(b"g");
    through_everything(&down_up, false);
    let mut nz = Normalizer::new(Profile::Pdf, Options::default());
    let mut out = Vec::new();
    nz.normalize_into(&down_up, &mut out);
    assert_eq!(out, b"http://a/g");

    let alternating = b"a/../".repeat(n);
    assert!(remove_dot_segments(&alternating).is_empty());
    let dots = b"./".repeat(n);
    assert!(remove_dot_segments(&dots).is_empty());
    through_everything(
        &[b"http://a/".as_slice(), &b"./../".repeat(n)].concat(),
        false,
    );
    through_everything(&b"/..".repeat(n), false);
}

// ---------------------------------------------------------------------------------------------
// Regressions found by the fuzz targets. Each fails until the core is fixed; none is ignored.

/// fuzz target `normalize_pdf`, input `01 6c 3a 2f 2e 2f 2f 58` (selector 0x01 = base
/// `http://a/b/c/d;p?q`, EncodedOnce; URL `l:/.//X`). Broken invariant: idempotence.
/// P7 turns the path `/.//X` into `//X`; with a scheme and no authority the result `l://X` now
/// reads as an authority, and a second run lowercases the "host": `l://x`. Fixed in 78be24f
/// (P7 stands aside where a path would become an authority); kept as a regression test.
#[test]
fn regression_pdf_dot_removal_must_not_create_an_authority() {
    let opts = Options {
        base: Some(BASE.to_vec()),
        ..Options::default()
    };
    let mut failures = Vec::new();
    for x in [&b"l:/.//X"[..], b"http:/.//A:80/b", b"file:/.//LOCALHOST/x"] {
        let once = normalize(x, Profile::Pdf, &opts).output;
        let twice = normalize(&once, Profile::Pdf, &opts).output;
        if twice != once {
            failures.push(format!(
                "{} -> {} -> {}",
                String::from_utf8_lossy(x),
                String::from_utf8_lossy(&once),
                String::from_utf8_lossy(&twice)
            ));
        }
    }
    assert!(failures.is_empty(), "pdf is not idempotent: {failures:#?}");
}

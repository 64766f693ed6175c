//! The WHATWG profile's fused batch path (`url::fast::whatwg`) against the parser
//! (`whatwg::parse`, and `whatwg::parse_traced`), the traced profile and the `url` crate:
//! wherever the fused path takes an input, its output must be the parser's href byte for byte,
//! the traced profile's output (with no diagnostics) and the `url` crate's href; where it
//! declines, the buffers must be untouched.
//!
//! Inputs: both URL lists, the WHATWG test inputs, and generated inputs: URLs assembled from the
//! pieces the shape must judge (scheme cases, hosts with dots, digits, `xn--`, ports with
//! leading zeros, dot segments spelled with `%2e`, octets of every percent-encode set,
//! non-ASCII, tabs and backslashes), then mutated (octets inserted, replaced, removed, pieces
//! spliced in). `generated_inputs` runs 20,000 in a plain `cargo test`; the ignored
//! `a_million_generated_inputs` runs 1,000,000 (in release mode: `cargo test --release --test
//! whatwg -- --ignored whatwg_fast::`; `.ci/long` runs it).

use urlscope_core::url::normalize_into;
use urlscope_core::whatwg;
use urlscope_core::{Options, Profile, normalize};

/// What the fused path did with `x`.
#[derive(Debug, PartialEq, Eq)]
enum Taken {
    Fused,
    Declined,
}

/// Whether the fused path took `x`; an error when it took it and differs from the traced
/// profile or the `url` crate, or declined it and wrote to the buffers.
fn compare(x: &[u8]) -> Result<Taken, String> {
    let opts = Options::default();
    let mut out = b"prefix".to_vec();
    let mut flags = Vec::new();
    let show = |b: &[u8]| format!("{:?}", String::from_utf8_lossy(b));
    if normalize_into(Profile::Whatwg, &opts, x, &mut out, &mut flags).is_none() {
        if out != b"prefix" || !flags.is_empty() {
            return Err(format!("declined {} but wrote to the buffers", show(x)));
        }
        return Ok(Taken::Declined);
    }
    let fused = out.get(6..).unwrap_or_default();
    let traced = normalize(x, Profile::Whatwg, &opts);
    if !out.starts_with(b"prefix") || fused != traced.output || flags != traced.flags {
        return Err(format!(
            "on {}:\n  fused  {} {flags:?}\n  traced {} {:?}",
            show(x),
            show(fused),
            show(&traced.output),
            traced.flags
        ));
    }
    // The parser itself, untraced and traced (the profile's W1 step may still be the url crate's
    // parse: both are held to it).
    let text = std::str::from_utf8(x).map_err(|_| format!("took invalid UTF-8 {}", show(x)))?;
    let parsed = whatwg::parse(text, None).map(|u| u.href());
    let (traced_parse, _) = whatwg::parse_traced(text, None);
    let traced_parse = traced_parse.map(|u| u.href());
    if parsed.as_deref().map(str::as_bytes) != Ok(fused) || traced_parse != parsed {
        return Err(format!(
            "on {}: fused {} but whatwg::parse {parsed:?}, parse_traced {traced_parse:?}",
            show(x),
            show(fused)
        ));
    }
    let crate_href = std::str::from_utf8(x)
        .ok()
        .and_then(|s| url::Url::parse(s).ok())
        .map(String::from);
    if crate_href.as_deref().map(str::as_bytes) != Some(fused) {
        return Err(format!(
            "on {}: fused {} but the url crate {crate_href:?}",
            show(x),
            show(fused)
        ));
    }
    Ok(Taken::Fused)
}

/// Compares every input; how many the fused path took. Panics on the first difference.
fn check_all<'a>(inputs: impl IntoIterator<Item = &'a [u8]>) -> (usize, usize) {
    let (mut fused, mut all) = (0, 0);
    for x in inputs {
        match compare(x) {
            Ok(t) => fused += usize::from(t == Taken::Fused),
            Err(e) => panic!("{e}"),
        }
        all += 1;
    }
    (fused, all)
}

fn lines(name: &str) -> Vec<Vec<u8>> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    data.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
}

fn whatwg_test_inputs() -> Vec<Vec<u8>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/urltestdata.json");
    let v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(path).expect("urltestdata.json")).expect("json");
    v.as_array()
        .expect("an array")
        .iter()
        .filter_map(|t| t.get("input")?.as_str())
        .map(|s| s.as_bytes().to_vec())
        .collect()
}

#[test]
fn url_lists() {
    for name in ["urls-web.txt", "urls-files.txt"] {
        let inputs = lines(name);
        let (fused, all) = check_all(inputs.iter().map(Vec::as_slice));
        let share = fused as f64 / all as f64;
        println!(
            "{name}: {all} records, fused {fused} ({:.2} %), declined {}",
            share * 100.0,
            all - fused
        );
        // The web list is what the batch bench measures: the fused path must carry it.
        if name == "urls-web.txt" {
            assert!(
                share > 0.97,
                "the fused path took only {share:.3} of {name}"
            );
        }
    }
}

#[test]
fn whatwg_inputs() {
    let inputs = whatwg_test_inputs();
    let (fused, all) = check_all(inputs.iter().map(Vec::as_slice));
    println!("urltestdata.json: {all} inputs, fused {fused}");
    assert!(all > 500 && fused > 20, "{fused} of {all}");
}

/// A small deterministic generator (xorshift64*), so a failure names a reproducible case.
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
    /// One of `xs`, from its first `good` three times in four.
    fn pick<'a>(&mut self, (good, xs): (usize, &[&'a str])) -> &'a str {
        let n = if self.below(4) == 0 { xs.len() } else { good };
        xs[self.below(n)]
    }
}

/// Each list starts with the pieces the shape takes; `pick` prefers them three times in four,
/// so that the generated URLs reach the fused path often and its borders often too.
const SCHEMES: (usize, &[&str]) = (
    9,
    &[
        "http://",
        "https://",
        "HTTP://",
        "HttpS://",
        "ws://",
        "wss://",
        "WSS://",
        "ftp://",
        "FTP://",
        "file://",
        "http:/",
        "http:",
        "http:\\\\",
        "http:///",
        "htt://",
        "gopher://",
        "ht\ttp://",
        " http://",
    ],
);
const HOSTS: (usize, &[&str]) = (
    10,
    &[
        "a",
        "example.com",
        "WWW.Example.COM",
        "a.b.",
        "a_b.c-d",
        "-a-.b",
        "xn-a.b",
        "a.b1",
        "A.B.C.D.E.F.G.H.I.J.K",
        "localhost",
        "a..b",
        ".a",
        "xn--a.b",
        "a.XN--b",
        "1.2.3.4",
        "a.0x7f",
        "a.1b",
        "09",
        "0x",
        "[::1]",
        "u:p@h.c",
        "@h.c",
        "h.c@",
        "ä.com",
        "a%41.b",
        "a b",
        "a\tb.c",
        "a.b\\c",
        "",
        ".",
        "a.b..",
    ],
);
const PORTS: (usize, &[&str]) = (
    12,
    &[
        "",
        "",
        "",
        ":",
        ":80",
        ":443",
        ":21",
        ":0",
        ":0080",
        ":00443",
        ":8080",
        ":65535",
        ":65536",
        ":99999",
        ":0000000000081",
        ":8x",
        ": 80",
        ":-1",
    ],
);
const PIECES: (usize, &[&str]) = (
    47,
    &[
        "/",
        "/",
        "/",
        "a",
        "b.html",
        "index.php",
        "/...",
        "/.a",
        "%",
        "%4",
        "%41",
        "%zz",
        " ",
        "\"",
        "<",
        ">",
        "`",
        "{",
        "}",
        "'",
        "|",
        "[",
        "]",
        "~",
        "!",
        "$",
        "&",
        "(",
        ")",
        "*",
        "+",
        ",",
        ";",
        "=",
        ":",
        "@",
        "?",
        "?",
        "#",
        "#",
        "ä",
        "€",
        "😀",
        "\u{fffd}",
        "?q=1&r=2",
        "#frag",
        "A",
        "/.",
        "/..",
        "/./",
        "/../",
        "/%2e",
        "/%2E%2e/",
        "/.%2e",
        "/%2e.",
        "^",
        "//",
        "\\",
        "\t",
        "\n",
        "\r",
        "\u{0}",
        "\u{7f}",
        "\u{1f}",
        "\u{feff}",
        "Z",
    ],
);

fn assemble(r: &mut Rng) -> Vec<u8> {
    let mut s = String::new();
    s.push_str(r.pick(SCHEMES));
    s.push_str(r.pick(HOSTS));
    s.push_str(r.pick(PORTS));
    for _ in 0..r.below(8) {
        s.push_str(r.pick(PIECES));
    }
    s.into_bytes()
}

/// Octets inserted, replaced or removed, or a piece spliced in.
fn mutate(r: &mut Rng, x: &mut Vec<u8>) {
    const OCTETS: &[u8] = b"aZ09.-_:/?#@%2eE \t\\^`{}'\"<>\x00\x7f\x80\xc3\xa4\xff";
    for _ in 0..=r.below(2) {
        let at = r.below(x.len() + 1);
        match r.below(4) {
            0 => x.insert(at, OCTETS[r.below(OCTETS.len())]),
            1 if at < x.len() => x[at] = OCTETS[r.below(OCTETS.len())],
            2 if at < x.len() => {
                x.remove(at);
            }
            _ => {
                let piece = r.pick((PIECES.1.len(), PIECES.1)).as_bytes();
                x.splice(at..at, piece.iter().copied());
            }
        }
    }
}

/// `n` inputs: assembled, mutated assembled ones, and mutated records of the URL lists and the
/// WHATWG inputs. Returns how many the fused path took.
fn run_generated(n: usize, seed: u64) -> usize {
    let mut real = lines("urls-web.txt");
    real.extend(lines("urls-files.txt"));
    real.extend(whatwg_test_inputs());
    let mut r = Rng(seed);
    let mut fused = 0;
    for _ in 0..n {
        let mut x = match r.below(3) {
            0 => assemble(&mut r),
            1 => {
                let mut x = assemble(&mut r);
                mutate(&mut r, &mut x);
                x
            }
            _ => {
                let mut x = real[r.below(real.len())].clone();
                mutate(&mut r, &mut x);
                x
            }
        };
        if r.below(8) == 0 {
            x.make_ascii_uppercase();
        }
        match compare(&x) {
            Ok(t) => fused += usize::from(t == Taken::Fused),
            Err(e) => panic!("generated input (seed {seed}): {e}"),
        }
    }
    fused
}

#[test]
fn generated_inputs() {
    let n = 20_000;
    let fused = run_generated(n, 0x9E37_79B9_7F4A_7C15);
    println!("{n} generated inputs, fused {fused}");
    // The generator must reach the fused path often enough to test it, and decline often too.
    assert!(fused > n / 10 && fused < n * 9 / 10, "fused {fused} of {n}");
}

#[test]
#[ignore = "a million inputs: run in release mode"]
fn a_million_generated_inputs() {
    let n = 1_000_000;
    let fused = run_generated(n, 0xD1B5_4A32_D192_ED03);
    println!("{n} generated inputs, fused {fused}");
    assert!(fused > n / 10, "fused {fused} of {n}");
}

//! Every profile's fused batch path against its traced steps on generated and mutated inputs:
//! wherever the fused path takes an input, its output and diagnostics equal the traced
//! `normalize`, byte for byte; where it declines it writes nothing. Inputs are both URL lists'
//! records, each mutated a few times with the pieces the profiles judge (case, `%` triplets
//! good and bad, dot segments in every spelling, backslashes, controls, non-ASCII and invalid
//! UTF-8, ports, IPv4/IPv6 shapes, query separators) and spliced with each other.
//!
//! The plain run checks a few thousand inputs per configuration; the long run, a million per
//! configuration (`cargo test --release --test core -- --ignored fused_million::`; `.ci/long` runs it,
//! and `URLSCOPE_FUSED_CASES` changes the count).

use crate::common;

use common::{BASE, all_configs, describe, w3lib_keyword_options};
use urlscope_core::url::normalize_into;
use urlscope_core::url::notation::encode;
use urlscope_core::{Options, Profile, normalize};

/// Every configuration: each profile with default options, PDF with each base and state,
/// w3lib with each keyword option, WHATWG with a base.
fn configs() -> Vec<(Profile, Options)> {
    let mut v = all_configs();
    for w3 in w3lib_keyword_options() {
        v.push((
            Profile::W3lib,
            Options {
                w3lib: w3,
                ..Options::default()
            },
        ));
    }
    v.push((
        Profile::Whatwg,
        Options {
            base: Some(BASE.to_vec()),
            ..Options::default()
        },
    ));
    v
}

/// The records of both URL lists.
fn seeds() -> Vec<Vec<u8>> {
    let mut v = Vec::new();
    for name in ["urls-web.txt", "urls-files.txt"] {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        v.extend(
            data.split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .map(<[u8]>::to_vec),
        );
    }
    v
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
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The pieces a mutation inserts: what the profiles' rules look at.
const PIECES: &[&[u8]] = &[
    b"%",
    b"%2",
    b"%2e",
    b"%2E",
    b"%2F",
    b"%7e",
    b"%7E",
    b"%41",
    b"%zz",
    b"%25",
    b"%00",
    b"%FF",
    b"%26",
    b"%3D",
    b"%3d",
    b"%20",
    b"+",
    b"/",
    b"\\",
    b".",
    b"..",
    b"/./",
    b"/../",
    b"/.%2e/",
    b"//",
    b"?",
    b"#",
    b"&",
    b"=",
    b";",
    b":",
    b"@",
    b"[",
    b"]",
    b"[::1]",
    b"[1::2:3.4.5.6]",
    b":80",
    b":443",
    b":0080",
    b":65536",
    b":",
    b"0x7f.1",
    b"127.1",
    b"010.0.0.1",
    b"1.2.3.4.5",
    b"www.",
    b"www3.",
    b"WWW.",
    b"xn--",
    b"xn--nxasmq6b",
    b"\xc3\xa9",
    b"\xef\xbc\x8e",
    b"\xe2\x80\x8b",
    b"\xff",
    b"\xc3",
    b" ",
    b"\t",
    b"\n",
    b"\r",
    b"\x00",
    b"\x7f",
    b"\x1f",
    b"HTTP://",
    b"https:",
    b"file:///C|/",
    b"file://localhost/",
    b"mailto:",
    b"a:b",
    b"jsessionid=",
    b"PHPSESSID=1",
    b"utm_source=x",
    b"<",
    b">",
    b"\"",
    b"'",
    b"`",
    b"{",
    b"}",
    b"|",
    b"^",
    b"~",
    b"!",
    b"$",
    b"*",
    b"(",
    b")",
    b",",
    b"-",
    b"_",
];

/// A record changed one to four times: a piece inserted, a range removed, a range in upper or
/// lower case, or the head of one record on the tail of another.
fn mutate(rng: &mut Rng, seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut x = seeds[rng.below(seeds.len())].clone();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(x.len() + 1);
        match rng.below(6) {
            0 | 1 => {
                let p = PIECES[rng.below(PIECES.len())];
                x.splice(at..at, p.iter().copied());
            }
            2 => {
                let end = (at + 1 + rng.below(8)).min(x.len());
                if at < end {
                    x.drain(at..end);
                }
            }
            3 => {
                let end = (at + 1 + rng.below(16)).min(x.len());
                let up = rng.below(2) == 0;
                for b in &mut x[at..end] {
                    *b = if up {
                        b.to_ascii_uppercase()
                    } else {
                        b.to_ascii_lowercase()
                    };
                }
            }
            4 => {
                let other = &seeds[rng.below(seeds.len())];
                let from = rng.below(other.len() + 1);
                x.truncate(at);
                x.extend_from_slice(&other[from..]);
            }
            _ => x.push(PIECES[rng.below(PIECES.len())][0]),
        }
    }
    x
}

/// Checks `cases` inputs for one configuration: (fused path taken, checked) or the first
/// disagreements.
fn check(
    p: Profile,
    o: &Options,
    seeds: &[Vec<u8>],
    cases: usize,
    seed: u64,
) -> Result<(usize, usize), String> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::new();
    let mut flags = Vec::new();
    let mut taken = 0;
    let mut errors = Vec::new();
    for i in 0..cases {
        // The records themselves and mutations of them, in turn.
        let x = if i % 2 == 0 && i / 2 < seeds.len() {
            seeds[i / 2].clone()
        } else {
            mutate(&mut rng, seeds)
        };
        out.clear();
        out.extend_from_slice(b"prefix");
        flags.clear();
        if normalize_into(p, o, &x, &mut out, &mut flags).is_none() {
            if out != b"prefix" || !flags.is_empty() {
                errors.push(format!("declined {} but wrote to the buffers", encode(&x)));
            }
        } else {
            taken += 1;
            let traced = normalize(&x, p, o);
            if out[6..] != traced.output[..] || flags != traced.flags {
                errors.push(format!(
                    "{}\n  fused  {} {:?}\n  traced {} {:?}",
                    encode(&x),
                    encode(&out[6..]),
                    flags,
                    encode(&traced.output),
                    traced.flags
                ));
            }
        }
        if errors.len() >= 5 {
            break;
        }
    }
    if errors.is_empty() {
        Ok((taken, cases))
    } else {
        Err(format!("{}:\n{}", describe(p, o), errors.join("\n")))
    }
}

/// Every configuration over `cases` inputs each, on every core.
fn run(cases: usize) {
    let seeds = seeds();
    let configs = configs();
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((p, o)) = configs.get(k) else { break };
                    let r = check(*p, o, &seeds, cases, 0x9E37_79B9_7F4A_7C15 ^ k as u64);
                    results.lock().unwrap().push((k, r));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(k, _)| *k);
    let mut failures = Vec::new();
    for (k, r) in results {
        let (p, o) = &configs[k];
        match r {
            Ok((taken, n)) => {
                let mut name = describe(*p, o);
                if *p == Profile::W3lib {
                    name = format!("{name} {:?}", o.w3lib);
                }
                println!("{name:<40} fused path took {taken:>8} of {n}")
            }
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn fused_equals_traced_sample() {
    run(3_000);
}

#[test]
#[ignore = "a million inputs per configuration: run in release (`.ci/long` does)"]
fn fused_equals_traced_million() {
    let cases = std::env::var("URLSCOPE_FUSED_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    run(cases);
}

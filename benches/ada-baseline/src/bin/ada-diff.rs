//! urlscope's own URL Standard parser against ada (the `ada-url` crate, ada's C++ parser): the
//! same href byte for byte, or both failing, on the two real URL lists and on the seeded
//! corners of `tests/whatwg/corners.rs` (the generator the url crate's differential uses).
//! Prints how many inputs were compared and each kind of disagreement with its count and first
//! examples; exits non-zero when there is any.
//!
//!     cargo run --release --manifest-path benches/ada-baseline/Cargo.toml --bin ada-diff -- [N] [SEED]
//!
//! N generated inputs (default 10,000,000) from SEED (default 0x5EED0002, the url crate's
//! release run). Run from the repository root (it reads tests/data/urls-*.txt).

#[allow(dead_code)]
#[path = "../../../../tests/whatwg/corners.rs"]
mod corners;

use std::collections::BTreeMap;

use urlscope_core::whatwg;

/// An input's outcome in one parser: its href, or None for failure.
fn ours(input: &str, base: Option<&str>) -> Option<String> {
    let parsed = match base {
        None => whatwg::parse(input, None),
        Some(b) => whatwg::parse(b, None).and_then(|b| whatwg::parse(input, Some(&b))),
    };
    parsed.ok().map(|u| u.href())
}

fn ada(input: &str, base: Option<&str>) -> Option<String> {
    ada_url::Url::parse(input, base)
        .ok()
        .map(|u| u.href().to_owned())
}

/// A disagreement's kind: which side failed, else the first component whose text differs.
fn kind(a: &Option<String>, b: &Option<String>) -> String {
    match (a, b) {
        (Some(_), None) => "ada fails, urlscope parses".into(),
        (None, Some(_)) => "urlscope fails, ada parses".into(),
        (Some(x), Some(y)) => {
            let parts = |h: &str| {
                ada_url::Url::parse(h, None).ok().map(|u| {
                    [
                        ("protocol", u.protocol().to_owned()),
                        ("username", u.username().to_owned()),
                        ("password", u.password().to_owned()),
                        ("host", u.host().to_owned()),
                        ("port", u.port().to_owned()),
                        ("pathname", u.pathname().to_owned()),
                        ("search", u.search().to_owned()),
                        ("hash", u.hash().to_owned()),
                    ]
                })
            };
            match (parts(x), parts(y)) {
                (Some(p), Some(q)) => p
                    .iter()
                    .zip(q.iter())
                    .find(|(a, b)| a.1 != b.1)
                    .map(|(a, _)| format!("{} differs", a.0))
                    .unwrap_or_else(|| "href differs".into()),
                _ => "href differs".into(),
            }
        }
        (None, None) => unreachable!("both failing is agreement"),
    }
}

#[derive(Default)]
struct Tally {
    compared: usize,
    both_fail: usize,
    kinds: BTreeMap<String, (usize, Vec<String>)>,
}

impl Tally {
    fn check(&mut self, input: &str, base: Option<&str>) {
        self.compared += 1;
        let (a, b) = (ours(input, base), ada(input, base));
        if a == b {
            self.both_fail += usize::from(a.is_none());
            return;
        }
        let entry = self.kinds.entry(kind(&a, &b)).or_default();
        entry.0 += 1;
        if entry.1.len() < 3 {
            entry.1.push(format!(
                "{input:?}{} -> urlscope {a:?}, ada {b:?}",
                base.map(|b| format!(" against {b:?}")).unwrap_or_default()
            ));
        }
    }

    fn report(&self, what: &str) -> usize {
        let n: usize = self.kinds.values().map(|k| k.0).sum();
        println!(
            "{what}: {} inputs ({} parsed by both, {} failed by both), {n} disagreements",
            self.compared,
            self.compared - self.both_fail - n,
            self.both_fail
        );
        for (k, (count, examples)) in &self.kinds {
            println!("  {k}: {count}");
            for e in examples {
                println!("    {e}");
            }
        }
        n
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .map_or(10_000_000, |a| a.parse().expect("N: a count"));
    let seed = args.next().map_or(0x5EED_0002, |a| {
        u64::from_str_radix(a.trim_start_matches("0x"), 16).expect("SEED: hex")
    });
    let mut bad = 0;
    let mut lists = Tally::default();
    for file in ["tests/data/urls-web.txt", "tests/data/urls-files.txt"] {
        let text = std::fs::read(file)
            .unwrap_or_else(|e| panic!("{file}: {e} (run from the repository root)"));
        for line in text.split(|&b| b == b'\n') {
            if let Ok(line) = std::str::from_utf8(line)
                && !line.is_empty()
            {
                lists.check(line, None);
            }
        }
    }
    bad += lists.report("tests/data URL lists");
    let mut generated = Tally::default();
    let mut r = corners::Rng(seed);
    for _ in 0..n {
        let (input, base) = corners::generate(&mut r);
        generated.check(&input, base);
    }
    bad += generated.report(&format!("generated (seed {seed:#x})"));
    std::process::exit(i32::from(bad > 0));
}

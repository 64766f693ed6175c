//! `normalize -p whatwg`'s per-record work against the `url` crate, in one run, over the same ten
//! copies of the web URL list with the same line loop as `benches/batch.rs`: the url crate's
//! parse and serialization, urlscope's own parser untraced (`whatwg::parse` and `href`), the
//! fused path with that parser for what it declines, the profile's batch path (the fused path,
//! the steps for what it declines), and the fused path alone over the records it takes. After
//! the criterion groups a table of ratios (time / url crate time, best of several runs, measured
//! in this same run). `traced_1mib` times `whatwg::parse_traced` on one URL of 1 MiB (the
//! inspector's budget for it is 16 ms).
//! ada, a C++ library, is timed by `benches/whatwg-vs-url.sh` (a binary of its own), so that no
//! test or bench build of urlscope compiles it.
//!
//! Data: `tests/data/urls-web.txt`, else `../shared/data/urls-web.txt`, else the committed
//! `benches/data/urls-web-slice.txt`.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use urlscope_core::url::Normalizer;
use urlscope_core::url::href_into;
use urlscope_core::whatwg;
use urlscope_core::{Options, Profile};

/// The binary's allocator (src/main.rs says why), so the figures are the binary's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "support/inputs.rs"]
mod inputs;

fn load() -> (String, Vec<u8>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for p in [
        root.join("tests/data/urls-web.txt"),
        root.join("../shared/data/urls-web.txt"),
        root.join("benches/data/urls-web-slice.txt"),
    ] {
        if let Ok(data) = std::fs::read(&p) {
            let mut x10 = Vec::with_capacity(data.len() * 10 + 10);
            for _ in 0..10 {
                x10.extend_from_slice(&data);
                if !data.ends_with(b"\n") {
                    x10.push(b'\n');
                }
            }
            return (p.display().to_string(), x10);
        }
    }
    panic!("no URL list found");
}

/// The line loop every contender shares: LF-terminated records, one CR before the LF stripped.
#[inline]
fn for_each_line(data: &[u8], mut f: impl FnMut(&[u8])) {
    for line in data.split_inclusive(|&b| b == b'\n') {
        let rec = line.strip_suffix(b"\n").unwrap_or(line);
        f(rec.strip_suffix(b"\r").unwrap_or(rec));
    }
}

fn run_url(data: &[u8], out: &mut Vec<u8>) -> usize {
    out.clear();
    for_each_line(data, |rec| {
        match std::str::from_utf8(rec)
            .ok()
            .and_then(|s| url::Url::parse(s).ok())
        {
            Some(u) => out.extend_from_slice(u.as_str().as_bytes()),
            None => out.extend_from_slice(rec),
        }
        out.push(b'\n');
    });
    out.len()
}

fn run_profile(norm: &mut Normalizer, data: &[u8], out: &mut Vec<u8>) -> usize {
    out.clear();
    for_each_line(data, |rec| {
        norm.normalize_into(rec, out);
        out.push(b'\n');
    });
    out.len()
}

/// The fused path alone, over the records it takes (the data is filtered to them first).
fn run_fused(data: &[u8], out: &mut Vec<u8>) -> usize {
    out.clear();
    for_each_line(data, |rec| {
        href_into(rec, out);
        out.push(b'\n');
    });
    out.len()
}

/// urlscope's parser, untraced, on every line (a line it fails is written unchanged).
fn run_parser(data: &[u8], out: &mut Vec<u8>) -> usize {
    out.clear();
    for_each_line(data, |rec| {
        match std::str::from_utf8(rec)
            .ok()
            .and_then(|s| whatwg::parse(s, None).ok())
        {
            Some(u) => out.extend_from_slice(u.href().as_bytes()),
            None => out.extend_from_slice(rec),
        }
        out.push(b'\n');
    });
    out.len()
}

/// The fused path, and the parser for the lines it declines.
fn run_fused_or_parser(data: &[u8], out: &mut Vec<u8>) -> usize {
    out.clear();
    for_each_line(data, |rec| {
        if !href_into(rec, out) {
            match std::str::from_utf8(rec)
                .ok()
                .and_then(|s| whatwg::parse(s, None).ok())
            {
                Some(u) => out.extend_from_slice(u.href().as_bytes()),
                None => out.extend_from_slice(rec),
            }
        }
        out.push(b'\n');
    });
    out.len()
}

/// `http://example.com/` followed by a realistic path, 1 MiB in total (`benches/core.rs`'s).
fn big_url() -> String {
    const SIZE: usize = 1 << 20;
    let pieces = [
        "docs",
        "%7euser",
        "my file",
        "/./",
        "index;p",
        "?a=b&c=d",
        "Caf%C3%A9",
        "/",
    ];
    let mut x = String::from("http://example.com/");
    let mut i = 0;
    while x.len() < SIZE {
        x.push_str(pieces[i % pieces.len()]);
        x.push('/');
        i += 1;
    }
    x.truncate(SIZE);
    x
}

fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .expect("at least one run")
}

fn main() {
    let (source, data) = load();
    let lines = data.iter().filter(|&&b| b == b'\n').count();
    let mut taken = Vec::new();
    let mut scratch = Vec::new();
    for_each_line(&data, |rec| {
        if href_into(rec, &mut scratch) {
            taken.extend_from_slice(rec);
            taken.push(b'\n');
        }
    });
    let taken_lines = taken.iter().filter(|&&b| b == b'\n').count();
    eprintln!(
        "whatwg bench: 10 × {source} = {lines} lines, {} bytes; the fused path takes {taken_lines}",
        data.len()
    );
    let mut out = Vec::with_capacity(data.len() * 2);
    // The contenders write the same lines (the url crate may differ where it departs from the
    // standard): said here, so a fast wrong answer would show.
    let mut parsed = Vec::new();
    run_parser(&data, &mut parsed);
    run_fused_or_parser(&data, &mut out);
    let differ = |a: &[u8], b: &[u8]| {
        a.split(|&c| c == b'\n')
            .zip(b.split(|&c| c == b'\n'))
            .filter(|(x, y)| x != y)
            .count()
    };
    eprintln!(
        "lines where fused + parser differs from the parser: {}",
        differ(&parsed, &out)
    );
    run_url(&data, &mut out);
    eprintln!(
        "lines where the url crate differs from the parser: {}",
        differ(&parsed, &out)
    );
    let mut norm = Normalizer::new(Profile::Whatwg, Options::default());

    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    {
        let mut g = c.benchmark_group("whatwg_x10");
        g.throughput(Throughput::Bytes(data.len() as u64));
        g.bench_function("url-crate", |b| {
            b.iter(|| black_box(run_url(black_box(&data), &mut out)))
        });
        g.bench_function("parser", |b| {
            b.iter(|| black_box(run_parser(black_box(&data), &mut out)))
        });
        g.bench_function("fused-or-parser", |b| {
            b.iter(|| black_box(run_fused_or_parser(black_box(&data), &mut out)))
        });
        g.bench_function("profile", |b| {
            b.iter(|| black_box(run_profile(&mut norm, black_box(&data), &mut out)))
        });
        g.bench_function("fused-only", |b| {
            b.iter(|| black_box(run_fused(black_box(&taken), &mut out)))
        });
        g.finish();
    }
    let big = big_url();
    c.bench_function("traced_1mib", |b| {
        b.iter(|| black_box(whatwg::parse_traced(black_box(&big), None)))
    });
    c.bench_function("untraced_1mib", |b| {
        b.iter(|| black_box(whatwg::parse(black_box(&big), None)))
    });
    // The inspector's 1 MiB input: a dot segment and a space to encode every 20 octets, so its
    // trace holds some 150,000 changes and validation errors.
    let heavy = String::from_utf8(inputs::one_mib()).expect("one_mib is ASCII");
    c.bench_function("traced_1mib_inspector", |b| {
        b.iter(|| black_box(whatwg::parse_traced(black_box(&heavy), None)))
    });
    c.final_summary();

    // Ratios measured in this run (best of 7 each, in turn).
    let runs = 7;
    let mut best = [Duration::MAX; 5];
    for _ in 0..runs {
        best[0] = best[0].min(best_of(1, || {
            black_box(run_url(&data, &mut out));
        }));
        best[1] = best[1].min(best_of(1, || {
            black_box(run_profile(&mut norm, &data, &mut out));
        }));
        best[2] = best[2].min(best_of(1, || {
            black_box(run_fused(&taken, &mut out));
        }));
        best[3] = best[3].min(best_of(1, || {
            black_box(run_parser(&data, &mut out));
        }));
        best[4] = best[4].min(best_of(1, || {
            black_box(run_fused_or_parser(&data, &mut out));
        }));
    }
    println!();
    println!("ratio = time / url crate time over the same lines (lower is faster)");
    println!(
        "{:<28} {:>10} {:>8} {:>12}",
        "contender", "best ms", "ratio", "ns per URL"
    );
    let rows = [
        ("url crate", best[0], lines),
        ("urlscope parser", best[3], lines),
        ("fused + parser", best[4], lines),
        ("profile (fused + steps)", best[1], lines),
        ("fused only (taken lines)", best[2], taken_lines),
    ];
    let per_url = |t: Duration, n: usize| t.as_secs_f64() * 1e9 / n as f64;
    for (name, t, n) in rows {
        println!(
            "{:<28} {:>10.1} {:>8.3} {:>12.1}",
            name,
            t.as_secs_f64() * 1e3,
            per_url(t, n) / per_url(best[0], lines),
            per_url(t, n)
        );
    }
}

//! Batch normalization throughput: `urlscope normalize`'s per-record loop for every
//! profile against a `url` crate baseline (`Url::parse` + `as_str`), over the same ten copies of
//! the web URL list, with an identical line loop. After the criterion groups, a table of ratios
//! (profile time / url time, best of several runs, measured in this same run) is printed.
//!
//! Data: `tests/data/urls-web.txt`, else `../shared/data/urls-web.txt`, else the committed
//! `benches/data/urls-web-slice.txt`.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use urlscope_core::url::Normalizer;
use urlscope_core::{Options, Profile};

/// The binary's allocator (src/main.rs says why), so the figures are the binary's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

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

/// The line loop both sides share: LF-terminated records, one CR before the LF stripped.
#[inline]
fn for_each_line(data: &[u8], mut f: impl FnMut(&[u8])) {
    for line in data.split_inclusive(|&b| b == b'\n') {
        let rec = line.strip_suffix(b"\n").unwrap_or(line);
        f(rec.strip_suffix(b"\r").unwrap_or(rec));
    }
}

fn run_profile(norm: &mut Normalizer, data: &[u8], out: &mut Vec<u8>) -> usize {
    out.clear();
    for_each_line(data, |rec| {
        norm.normalize_into(rec, out);
        out.push(b'\n');
    });
    out.len()
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

fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap()
}

fn main() {
    let (source, data) = load();
    let lines = data.iter().filter(|&&b| b == b'\n').count();
    eprintln!(
        "batch bench: 10 × {source} = {lines} lines, {} bytes",
        data.len()
    );
    let mut out = Vec::with_capacity(data.len() * 2);

    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
        .configure_from_args();
    {
        let mut g = c.benchmark_group("batch_x10");
        g.throughput(Throughput::Bytes(data.len() as u64));
        g.bench_function("url-crate", |b| {
            b.iter(|| black_box(run_url(black_box(&data), &mut out)))
        });
        for p in Profile::ALL {
            let mut norm = Normalizer::new(p, Options::default());
            g.bench_function(p.name(), |b| {
                b.iter(|| black_box(run_profile(&mut norm, black_box(&data), &mut out)))
            });
        }
        g.finish();
    }
    c.final_summary();

    // Ratios measured in this run (best of 5 each, interleaved with the baseline).
    let runs = 5;
    let base = best_of(runs, || {
        black_box(run_url(&data, &mut out));
    });
    println!();
    println!("ratio = profile time / url crate time (lower is faster; target <= 1.0, aim 0.6)");
    println!(
        "{:<10} {:>10} {:>8} {:>12}",
        "profile", "best ms", "ratio", "ns per URL"
    );
    println!(
        "{:<10} {:>10.1} {:>8} {:>12.0}",
        "url-crate",
        base.as_secs_f64() * 1e3,
        "1.00",
        base.as_secs_f64() * 1e9 / lines as f64
    );
    for p in Profile::ALL {
        let mut norm = Normalizer::new(p, Options::default());
        let t = best_of(runs, || {
            black_box(run_profile(&mut norm, &data, &mut out));
        });
        println!(
            "{:<10} {:>10.1} {:>8.2} {:>12.0}",
            p.name(),
            t.as_secs_f64() * 1e3,
            t.as_secs_f64() / base.as_secs_f64(),
            t.as_secs_f64() * 1e9 / lines as f64
        );
    }
}

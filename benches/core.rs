//! Core benchmark: tokenizer and every profile over real URLs and over one 1 MiB URL.
//!
//! * `slice/*`: the 5,000 URLs of `benches/data/urls-web-slice.txt` (the first 5,000 lines of
//!   `tests/data/urls-web.txt`), per URL and per byte (`Throughput::ElementsAndBytes`).
//! * `big/*`: one URL of 1 MiB, `http://example.com/` plus a path mixing letters, `%7e`, spaces,
//!   `/./`, `;p` and `?a=b&c=d`.
//!
//! Profiles run through an untraced, reused `Normalizer` (the batch path); `big/traced-*` measures
//! the traced `normalize` that the inspector uses.
//!
//! Run: `cargo bench --bench core -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use urlscope_core::url::Normalizer;
use urlscope_core::{Options, Profile, normalize, tokenize};

/// The binary's allocator (src/main.rs says why), so the figures are the binary's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn slice() -> Vec<Vec<u8>> {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/data/urls-web-slice.txt"
    ))
    .expect("benches/data/urls-web-slice.txt");
    text.split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

/// `http://example.com/` followed by a realistic path, 1 MiB in total.
fn big_url() -> Vec<u8> {
    const SIZE: usize = 1 << 20;
    let pieces: [&[u8]; 8] = [
        b"docs",
        b"%7euser",
        b"my file",
        b"/./",
        b"index;p",
        b"?a=b&c=d",
        b"Caf%C3%A9",
        b"/",
    ];
    let mut x = b"http://example.com/".to_vec();
    let mut i = 0;
    while x.len() < SIZE {
        x.extend_from_slice(pieces[i % pieces.len()]);
        x.push(b'/');
        i += 1;
    }
    x.truncate(SIZE);
    x
}

fn profiles() -> impl Iterator<Item = Profile> {
    Profile::ALL.into_iter().filter(|&p| p != Profile::None)
}

fn bench_slice(c: &mut Criterion) {
    let urls = slice();
    let bytes: u64 = urls.iter().map(|u| u.len() as u64).sum();
    let mut g = c.benchmark_group("slice");
    g.throughput(Throughput::ElementsAndBytes {
        elements: urls.len() as u64,
        bytes,
    });
    g.bench_function("tokenize", |b| {
        b.iter(|| {
            for u in &urls {
                black_box(tokenize(black_box(u)));
            }
        })
    });
    for p in profiles() {
        let mut n = Normalizer::new(p, Options::default());
        let mut out = Vec::with_capacity(4096);
        g.bench_function(p.name(), |b| {
            b.iter(|| {
                for u in &urls {
                    out.clear();
                    black_box(n.normalize_into(black_box(u), &mut out));
                }
            })
        });
    }
    g.finish();
}

fn bench_big(c: &mut Criterion) {
    let x = big_url();
    let mut g = c.benchmark_group("big");
    g.throughput(Throughput::Bytes(x.len() as u64));
    g.sample_size(10);
    g.bench_function("tokenize", |b| {
        b.iter(|| black_box(tokenize(black_box(&x))))
    });
    for p in profiles() {
        let mut n = Normalizer::new(p, Options::default());
        let mut out = Vec::with_capacity(4 << 20);
        g.bench_function(p.name(), |b| {
            b.iter(|| {
                out.clear();
                black_box(n.normalize_into(black_box(&x), &mut out));
            })
        });
    }
    for p in profiles() {
        g.bench_function(format!("traced-{}", p.name()), |b| {
            b.iter(|| black_box(normalize(black_box(&x), p, &Options::default())))
        });
    }
    g.finish();
}

criterion_group!(benches, bench_slice, bench_big);
criterion_main!(benches);

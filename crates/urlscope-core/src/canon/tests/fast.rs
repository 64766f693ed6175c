//! The canonicalizers' fast path (`canon::fast`) against the step-by-step runs: wherever it
//! takes an input, its output and failure must be the untraced steps' and the traced run's
//! (output and diagnostics), byte for byte, for every canonicalizer and w3lib's options.
//! Inputs: both URL lists, every string of every canon vector file, and generated URLs built
//! mostly of the plain shape the fast path takes, with the pieces the steps change (case,
//! `www`, default ports, session ids, `=` and `+` in queries, sorting).
//!
//! `url_lists` also prints how often the fast path declines (the steps run instead).

use crate::canon::batch::{canonicalize_by_steps, canonicalize_fast};
use crate::canon::{Canonicalizer, W3libOptions};
use crate::url::Group;
use crate::url::Normalizer;
use crate::url::notation::encode;
use crate::url::profiles::canon::{canonicalizer, failure_diag};
use crate::{Options, Profile, normalize};
use proptest::prelude::*;
use serde_json::Value;

/// Every canonicalizer with default options, and w3lib with each of its keyword options.
fn configs() -> Vec<(Profile, Options)> {
    let mut v: Vec<(Profile, Options)> = Group::Crawlers
        .profiles()
        .map(|p| (p, Options::default()))
        .collect();
    for w3 in [
        W3libOptions {
            keep_blank_values: false,
            ..W3libOptions::default()
        },
        W3libOptions {
            keep_fragments: true,
            ..W3libOptions::default()
        },
        W3libOptions {
            query_separator: b';',
            ..W3libOptions::default()
        },
        W3libOptions {
            encoding: Some("latin1".into()),
            ..W3libOptions::default()
        },
    ] {
        v.push((
            Profile::W3lib,
            Options {
                w3lib: w3,
                ..Options::default()
            },
        ));
    }
    v
}

fn c(p: Profile) -> Canonicalizer {
    canonicalizer(p).expect("a canonicalizer profile")
}

/// Whether the fast path took `x`; an error when it took it and differs from the steps, or
/// when the batch says the output is plain (printable ASCII, see
/// `Normalizer::normalize_into_saying_plain`) and the fast path did not take it, or it is not.
fn compare(x: &[u8], p: Profile, o: &Options) -> Result<bool, String> {
    let mut fast = b"prefix".to_vec();
    let taken = canonicalize_fast(c(p), &o.w3lib, x, &mut fast);
    let mut batch = Vec::new();
    let (_, plain) = Normalizer::new(p, o.clone()).normalize_into_saying_plain(x, &mut batch);
    if plain != taken.is_some() || plain && !batch.iter().all(|b| (0x20..0x7f).contains(b)) {
        return Err(format!(
            "{}: {} taken {} but plain {plain}: {}",
            label(p, o),
            encode(x),
            taken.is_some(),
            encode(&batch)
        ));
    }
    let Some(r) = taken else {
        if fast != b"prefix" {
            return Err(format!("{}: declined {} but wrote", p.name(), encode(x)));
        }
        return Ok(false);
    };
    let mut steps = b"prefix".to_vec();
    let rs = canonicalize_by_steps(c(p), &o.w3lib, x, &mut steps);
    let traced = normalize(x, p, o);
    let flags: Vec<_> = r.err().map(failure_diag).into_iter().collect();
    if fast != steps || r != rs || fast[6..] != traced.output[..] || flags != traced.flags {
        return Err(format!(
            "{} on {}:\n  fast   {} {:?}\n  steps  {} {:?}\n  traced {} {:?}",
            label(p, o),
            encode(x),
            encode(&fast[6..]),
            r,
            encode(&steps[6..]),
            rs,
            encode(&traced.output),
            traced.flags
        ));
    }
    Ok(true)
}

/// The profile's name, and w3lib's options where they are not the defaults.
fn label(p: Profile, o: &Options) -> String {
    let d = W3libOptions::default();
    let w = &o.w3lib;
    let mut s = p.name().to_string();
    if !w.keep_blank_values {
        s.push_str(" keep_blank_values=False");
    }
    if w.keep_fragments {
        s.push_str(" keep_fragments=True");
    }
    if w.query_separator != d.query_separator {
        s.push_str(&format!(" query_separator={:?}", w.query_separator as char));
    }
    if let Some(e) = &w.encoding {
        s.push_str(&format!(" encoding={e}"));
    }
    s
}

fn check(inputs: &[Vec<u8>]) -> Vec<(String, usize)> {
    let mut shares = Vec::new();
    for (p, o) in configs() {
        let mut taken = 0;
        for x in inputs {
            match compare(x, p, &o) {
                Ok(t) => taken += usize::from(t),
                Err(e) => panic!("{e}"),
            }
        }
        shares.push((label(p, &o), taken));
    }
    shares
}

fn data(rel: &str) -> Vec<u8> {
    let path = format!("{}/../../tests/{rel}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn url_lists() {
    for name in ["urls-web.txt", "urls-files.txt"] {
        let inputs: Vec<Vec<u8>> = data(&format!("data/{name}"))
            .split(|&b| b == b'\n')
            .map(<[u8]>::to_vec)
            .collect();
        println!("{name}: {} records; fast path taken:", inputs.len());
        for (config, taken) in check(&inputs) {
            let share = taken as f64 / inputs.len() as f64;
            println!("  {config:<40} {taken:>6} ({:5.1} %)", 100.0 * share);
        }
    }
}

/// Every string in a JSON value, as octets (one per code point where all are below 256, else
/// UTF-8).
fn strings(v: &Value, out: &mut Vec<Vec<u8>>) {
    match v {
        Value::String(s) => {
            out.push(
                s.chars()
                    .map(|c| u8::try_from(c as u32).ok())
                    .collect::<Option<Vec<u8>>>()
                    .unwrap_or_else(|| s.as_bytes().to_vec()),
            );
        }
        Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
        Value::Object(m) => m.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

#[test]
fn vector_files() {
    let dir = format!("{}/../../tests/vectors/canon", env!("CARGO_MANIFEST_DIR"));
    let mut inputs = Vec::new();
    let mut files = 0;
    let mut stack = vec![std::path::PathBuf::from(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "json") {
                let bytes = std::fs::read(&path).unwrap();
                let text: String = bytes.iter().map(|&b| b as char).collect();
                let v: Value = serde_json::from_str(&text)
                    .or_else(|_| serde_json::from_slice(&bytes))
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                strings(&v, &mut inputs);
                files += 1;
            }
        }
    }
    assert!(
        files >= 5 && inputs.len() > 500,
        "{files} files, {} strings",
        inputs.len()
    );
    let shares = check(&inputs);
    // The vectors are the references' hard cases, yet some are plain: the fast path is tried
    // (but with a w3lib encoding, which it leaves to the steps).
    let tried = |(config, taken): &(String, usize)| *taken > 0 || config.contains("encoding=");
    assert!(shares.iter().all(tried), "{shares:?}");
}

/// A URL from its head (scheme, host, port), its path segments, its query's pieces (joined
/// with `&`), its fragment and what follows it.
fn url_of(
    head: String,
    segs: &[&str],
    query: Option<Vec<&str>>,
    frag: &str,
    tail: &str,
) -> Vec<u8> {
    let mut x = head;
    for seg in segs {
        x.push('/');
        x.push_str(seg);
    }
    if let Some(q) = query {
        x.push('?');
        x.push_str(&q.join("&"));
    }
    x.push_str(frag);
    x.push_str(tail);
    x.into_bytes()
}

/// URLs mostly of the plain shape, with the pieces the steps after the shared stage change.
fn plainish() -> impl Strategy<Value = Vec<u8>> {
    let scheme = prop::sample::select(vec!["http", "https", "HTTP", "Https", "ftp", "htp"]);
    let host = prop::sample::select(vec![
        "a.com",
        "WWW.Example.COM",
        "www2.a.org",
        "www.a",
        "www",
        "x-y.z9",
        "1.2.3.4",
        "a.b.c.d.e",
        "xn--fa-hia.de",
        "a.7",
        "-0",
        "a.-0",
        "-0.a",
        "a.-x",
    ]);
    let port = prop::sample::select(vec![
        "", ":80", ":443", ":8080", ":0", ":", ":65535", ":99999",
    ]);
    let seg = prop::sample::select(vec![
        "a",
        "B",
        "",
        ".",
        "..",
        "x.aspx",
        "(abcdefghijklmnopqrstuvwx)",
        "a(abcdefghijklmnopqrstuvwx)",
        "p;jsessionid=0123456789abcdef0123456789abcdef",
        "~'!$()*,",
        ":@+",
    ]);
    let qpiece = prop::sample::select(vec![
        "a=1",
        "b",
        "A=2",
        "a=",
        "=x",
        "k=v=w",
        "",
        "x+y=z+",
        "jsessionid=0123456789abcdef0123456789abcdef",
        "sid=0123456789abcdef0123456789abcdef",
        "PHPSESSID=0123456789ABCDEF0123456789abcdef",
        "cfid=12&cftoken=ab-3",
        "q?r",
        "'/:@",
        ";",
    ]);
    let frag = prop::sample::select(vec!["", "#", "#top", "#a?b", "#a#b", "#x=y&z"]);
    (
        scheme,
        host,
        port,
        prop::collection::vec(seg, 0..5),
        prop::option::of(prop::collection::vec(qpiece, 0..6)),
        frag,
    )
        .prop_map(|(s, h, port, segs, q, f)| url_of(format!("{s}://{h}{port}"), &segs, q, f, ""))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn generated_plain_urls(x in plainish()) {
        for (p, o) in configs() {
            if let Err(e) = compare(&x, p, &o) {
                prop_assert!(false, "{}", e);
            }
        }
    }

    /// Hosts of any LDH octets and dots (labels a reference may read as numbers).
    #[test]
    fn generated_hosts(
        scheme in prop::sample::select(vec!["http", "HTTPS"]),
        host in prop_oneof![
            "[a-zA-Z0-9._-]{0,10}",
            "([a-zA-Z]{1,3}|[0-9]{1,3}|-[0-9a-z]{0,2}|0[xX][0-9a-f]{0,2})(\\.([a-zA-Z]{1,3}|[0-9]{1,3}|-[0-9a-z]{0,2}|0[xX][0-9a-f]{0,2})){0,4}\\.?",
        ],
        port in prop::sample::select(vec!["", ":80", ":8080"]),
        path in "(/[a-zA-Z0-9.~-]{0,4}){0,3}",
    ) {
        let x = format!("{scheme}://{host}{port}{path}").into_bytes();
        for (p, o) in configs() {
            if let Err(e) = compare(&x, p, &o) {
                prop_assert!(false, "{}", e);
            }
        }
    }

    #[test]
    fn any_octets(x in prop::collection::vec(any::<u8>(), 0..48)) {
        for (p, o) in configs() {
            if let Err(e) = compare(&x, p, &o) {
                prop_assert!(false, "{}", e);
            }
        }
    }
}

/// w3lib's own fast shape: hosts of any printable ASCII but its delimiters, ports with leading
/// zeros, empty segments, `;params` (after dot segments too), the octets its quotings treat
/// apart (a space and `"<>{}^|[]` in a path and a query, `'` in a query, `+`, `?`, `:` and
/// `@`), capitals anywhere, fragments of any octets, and the near misses (userinfo, brackets,
/// `%`, `\`, controls, non-ASCII, a trailing space).
fn w3lib_shapes() -> impl Strategy<Value = Vec<u8>> {
    let scheme = prop::sample::select(vec!["http://", "HTTPS://", "hTtP://", "https:/", "http:"]);
    let host = prop_oneof![
        "[a-zA-Z0-9._-]{0,12}",
        "[!-~]{0,6}",
        prop::sample::select(vec![
            "a.com:80",
            "a.com:0080",
            "a.com:000000443",
            "a.com:65536",
            "a.com:0",
            "a.com:",
            ":80",
            "a:8:0",
            "u@a.com",
            "[::1]",
            "A%41.com",
            "\"www.X.com",
            "a;b",
            "a b",
        ])
        .prop_map(String::from),
    ];
    let seg = prop::sample::select(vec![
        "", "a", "B", ".", "..", ".a", "..;x", ".;y", "a;b", "A;B=c;d", ";", "a_b", "~'!$()*,",
        ":@+=&", "x.HTML", "%2F", "a b", "a\"b", "<{^}>", "`", "a|b", "[x]", "c;[x]", "c;a b",
        "a\\b", "\u{e9}", " ",
    ]);
    let qpiece = prop::sample::select(vec![
        "a=1",
        "b",
        "B=2",
        "a=",
        "=x",
        "k=v=w",
        "",
        "x+y=z+",
        "+=+",
        "q?r",
        "'/:@",
        ";",
        "a;b=c",
        "~.-_",
        "Z=a+b",
        "a=b+c",
        "%41=1",
        "a b=c d",
        " = ",
        "\"{|}\"=[^]",
        "x=\t",
    ]);
    let frag = prop::sample::select(vec![
        "",
        "#",
        "#Top",
        "#a?b",
        "#a#b",
        "#'!/;",
        "#x y",
        "#%41",
        "#\u{e9} \t",
        "# ",
    ]);
    let tail = prop::sample::select(vec!["", " ", "\n"]);
    (
        scheme,
        host,
        prop::collection::vec(seg, 0..5),
        prop::option::of(prop::collection::vec(qpiece, 0..6)),
        frag,
        tail,
    )
        .prop_map(|(s, h, segs, q, f, t)| url_of(format!("{s}{h}"), &segs, q, f, t))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn generated_w3lib_shapes(x in w3lib_shapes()) {
        for (p, o) in configs().into_iter().filter(|(p, _)| *p == Profile::W3lib) {
            if let Err(e) = compare(&x, p, &o) {
                prop_assert!(false, "{}", e);
            }
        }
    }
}

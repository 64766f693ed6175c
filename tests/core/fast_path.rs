//! The fused batch normalizers (`url::fast`) against the traced steps: wherever a fast path takes
//! an input, its output and diagnostics must be the traced path's, byte for byte, for every
//! profile and PDF configuration. Inputs: both URL lists, every field of the test vectors, the
//! WHATWG test inputs, and generated inputs (arbitrary bytes, and URL-shaped ones built mostly of
//! the pieces the fast paths must judge: frames, ports, dot segments, unsafe octets).
//!
//! `url_lists` also prints how often each fast path declines (falls back to the steps).

use crate::common;

use common::{all_configs, describe};
use proptest::prelude::*;
use proptest::test_runner::Config;
use urlscope_core::url::normalize_into;
use urlscope_core::url::notation::{decode, encode};
use urlscope_core::{Options, PdfState, Profile, normalize};

/// Whether the fast path took `x`; an error when it took it and differs from the traced path.
fn compare(x: &[u8], p: Profile, o: &Options) -> Result<bool, String> {
    let mut out = b"prefix".to_vec();
    let mut flags = Vec::new();
    if normalize_into(p, o, x, &mut out, &mut flags).is_none() {
        if out != b"prefix" || !flags.is_empty() {
            return Err(format!(
                "{}: declined {} but wrote to the buffers",
                describe(p, o),
                encode(x)
            ));
        }
        return Ok(false);
    }
    let traced = normalize(x, p, o);
    if out[..6] != *b"prefix" || out[6..] != traced.output[..] || flags != traced.flags {
        return Err(format!(
            "{} on {}:\n  fast   {} {:?}\n  traced {} {:?}",
            describe(p, o),
            encode(x),
            encode(out.get(6..).unwrap_or_default()),
            flags,
            encode(&traced.output),
            traced.flags
        ));
    }
    Ok(true)
}

/// Every configuration on every input; the share each configuration's fast path took.
fn check_all(inputs: &[Vec<u8>]) -> Vec<(String, usize)> {
    let mut shares = Vec::new();
    for (p, o) in all_configs() {
        let mut handled = 0;
        for x in inputs {
            match compare(x, p, &o) {
                Ok(h) => handled += usize::from(h),
                Err(e) => panic!("{e}"),
            }
        }
        shares.push((describe(p, &o), handled));
    }
    shares
}

fn lines(name: &str) -> Vec<Vec<u8>> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    data.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
}

#[test]
fn url_lists() {
    for name in ["urls-web.txt", "urls-files.txt"] {
        let inputs = lines(name);
        println!(
            "{name}: {} records; fast path taken (the rest declined):",
            inputs.len()
        );
        for (config, handled) in check_all(&inputs) {
            let share = handled as f64 / inputs.len() as f64;
            println!(
                "  {config:<44} {handled:>6} ({:5.1} %, declined {:4.1} %)",
                share * 100.0,
                100.0 - share * 100.0
            );
            // The web list is what the batch bench measures: the fast paths must carry it.
            let default_fast = ["pdf (base none", "fido", "rfc3986", "hyvatti", "rfc1738"];
            if name == "urls-web.txt" && default_fast.iter().any(|c| config.starts_with(c)) {
                assert!(share > 0.95, "{config}: fast path took only {share:.3}");
            }
        }
    }
}

#[test]
fn spec_vector_fields() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors");
    let mut inputs = Vec::new();
    for entry in std::fs::read_dir(dir).expect("vectors") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "txt") {
            let text = std::fs::read_to_string(&path).expect("vector file");
            // Every field of every line: inputs, bases and expected outputs alike.
            for field in text.lines().flat_map(|l| l.split(" | ")) {
                if let Ok(x) = decode(field.trim()) {
                    inputs.push(x);
                }
                inputs.push(field.as_bytes().to_vec());
            }
        }
    }
    assert!(inputs.len() > 300, "only {} vector fields", inputs.len());
    check_all(&inputs);
}

#[test]
fn whatwg_inputs() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/urltestdata.json");
    let v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(path).expect("urltestdata.json")).expect("json");
    let inputs: Vec<Vec<u8>> = v
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|t| t.get("input")?.as_str())
        .map(|s| s.as_bytes().to_vec())
        .collect();
    assert!(inputs.len() > 800);
    check_all(&inputs);
}

/// Hand-picked shapes at the edges of what the fast paths take: each must be taken (so that the
/// branch is exercised) and agree with the traced steps.
#[test]
fn edge_cases_are_taken_and_agree() {
    use urlscope_core::PdfState::{EncodedOnce as Once, EncodedTwice as Twice, Unencoded};
    let cases: &[(Profile, PdfState, &[u8])] = &[
        // PDF: scheme and host lowercased, localhost and default ports cut, fragment cut, flags;
        // P8 rewriting in place (decoding shrinks, encoding grows).
        (Profile::Pdf, Once, b"HTTP://WWW.Example.COM:080/a;p?q#f"),
        (Profile::Pdf, Once, b"FILE://LOCALHOST:80/etc/motd"),
        (Profile::Pdf, Once, b"ftp://u:p@FTP.x:21?q"),
        (Profile::Pdf, Once, b"http://a#b:80"),
        (Profile::Pdf, Once, b"<URL:Gopher://H/x>"),
        (Profile::Pdf, Once, b"relative/path"),
        (Profile::Pdf, Twice, b"<http://A/%41%2541%7e%%4>"),
        (Profile::Pdf, Unencoded, b"http://a/b c%41<>\xFF"),
        // FidoURL: unsafe octets, a second '?', '&' and '=' out of place, '#' after the mark.
        (Profile::Fido, Once, b"http://a/~b\\c?x=1=2&y?z#f#g\"<>"),
        (Profile::Fido, Once, b"\"http://a/b&c=d\""),
        // Hyvätti: triplets written inside the host come out lowercase.
        (Profile::Hyvatti, Once, b"HTTP://A\xC3\x84b<x>:80/P<Q>#f"),
        (Profile::Hyvatti, Once, b"<<URL:\"mailto:X@Y\">>"),
        // RFC 3986: colons in the host, '@' in the userinfo, a relative first segment, M8, M9.
        (Profile::Rfc3986, Once, b"HTTP://u@v@A:b:80"),
        (Profile::Rfc3986, Once, b"http://h:x"),
        (Profile::Rfc3986, Once, b"1a:b/c:d"),
        (Profile::Rfc3986, Once, b"<URL:WSS://H:443?a#b#c|>"),
        (Profile::Rfc3986, Once, b"x://h:/\x01\x7F\xFF"),
        // The plain http(s) shape every fused path reads first: capitals in the scheme and host,
        // an empty path (RFC 3986 gives it '/'), a fragment, `~`, `=`, `&` and a second `?`
        // (FidoURL encodes them), `;` and dots that are no dot segment.
        (
            Profile::Pdf,
            Once,
            b"HTTPS://WWW.Ex-ample.COM/a/.well-known/b;p?q=1#F",
        ),
        (Profile::Pdf, Twice, b"http://H_1/..a/a..;x/~u"),
        (Profile::Hyvatti, Once, b"HTTP://WWW.X.COM/P?Q#F"),
        (Profile::Hyvatti, Once, b"hTTps://WWW.X.COM/P?Q#F"),
        (Profile::Rfc3986, Once, b"HTTPS://A.B"),
        (Profile::Rfc3986, Once, b"http://a.b?x#y"),
        (Profile::Rfc3986, Once, b"Http://A.B/~c;d:e@f?g?h/i#j?k"),
        (
            Profile::Fido,
            Once,
            b"https://a-b.c/d~e=f&g?h=i=j&k=l?m#n~o?p=q",
        ),
        (Profile::Fido, Once, b"https://a.b/c#d"),
        // FidoURL's triplets: decoded (F2), `+` for `%20` (F4), else uppercased (F9); in the
        // fragment only uppercased.
        (
            Profile::Fido,
            Once,
            b"https://a%2eb/c%20d%41%7e%2b%3d?e=%3d&f=%20=g#h%20%41%7e~",
        ),
        (
            Profile::Fido,
            Once,
            b"<URL:HTTP://Ex%61mple.com/%2e%2E/x%21>",
        ),
        (Profile::Fido, Once, b"mailto:a%40b.c?subject=%e2%82%ac"),
        (Profile::Fido, Once, b"HTTP://A.B/c?d=e&f=g"),
        // RFC 1738 takes the plain shape alone: `~` encoded everywhere, the fragment mark kept.
        (Profile::Rfc1738, Once, b"HTTP://A.B/~c/d=e&f?g~h#i~j"),
        (Profile::Rfc1738, Once, b"https://a.b/c;d?e"),
    ];
    for &(p, pdf_state, x) in cases {
        let o = Options {
            pdf_state,
            ..Options::default()
        };
        let taken = compare(x, p, &o).unwrap_or_else(|e| panic!("{e}"));
        assert!(taken, "{}: {} declined", describe(p, &o), encode(x));
    }
}

/// Pieces of the URL-shaped generator: mostly what a clean URL is made of, and each shape a fast
/// path must decline or treat specially.
const PIECES: &[&[u8]] = &[
    b"http",
    b"HTTP",
    b"https",
    b"ftp",
    b"FTP",
    b"file",
    b"FILE",
    b"ws",
    b"WSS",
    b"mailto",
    b"area",
    b"netmail",
    b"a+b",
    b"a---b",
    b"://",
    b"//",
    b"/",
    b"/",
    b"/",
    b":",
    b"@",
    b";",
    b"?",
    b"?",
    b"&",
    b"=",
    b"=",
    b"#",
    b"#",
    b":80",
    b":080",
    b":21",
    b":443",
    b":",
    b":x",
    b"localhost",
    b"LOCALHOST",
    b"~",
    b"\\",
    b"\"",
    b"<",
    b">",
    b"<URL:",
    b"<url:",
    b"{",
    b"|",
    b"`",
    b"^",
    b"-",
    b"---",
    b"+",
    b".",
    b"..",
    b"/./",
    b"/../",
    b"/.",
    b"/..",
    b"%",
    b"%41",
    b"%7e",
    b"%%",
    b" ",
    b"\t",
    b"\n",
    b"\xC3\xA4",
    b"\x01",
    b"\x7F",
    b"[",
    b"]",
    b"[::1]",
    b"www.Example.COM",
    b"index.html",
];

/// Schemes and path segments of the plain-shape generator: the shape, and one octet or piece
/// away from it.
const PLAIN_SCHEMES: &[&[u8]] = &[b"http", b"https", b"HTTP", b"HtTpS", b"httpx"];
const PLAIN_SEGMENTS: &[&[u8]] = &[
    b"a", b"B", b".", b"..", b".;x", b"..;", b".a", b"a.", b";p", b"~", b"=", b"&", b"---", b"-",
    b":", b"@", b"%7e", b" ", b"?", b"#", b"",
];

/// Fronts and schemes of the triplet generator.
const PERCENT_FRAMES: &[&[u8]] = &[b"", b"<", b"<URL:", b"%"];
const PERCENT_SCHEMES: &[&[u8]] = &[
    b"http://",
    b"HTTPS://",
    b"mailto:",
    b"",
    b"area://",
    b"a%41:",
];

/// Pieces of the triplet generator: valid triplets in both cases of every kind FidoURL treats
/// apart, invalid ones, a pause mark, and the octets F5, F6 and F8 act on.
const PERCENT_PIECES: &[&[u8]] = &[
    b"%41", b"%2e", b"%2D", b"%2d", b"%20", b"%7e", b"%7E", b"%2B", b"%3d", b"%25", b"%e2", b"%",
    b"%4", b"%G1", b"%%", b"-", b"--", b"~", b"=", b"&", b"?", b"#", b"/", b"a", b"Host.b", b" ",
    b"%2%41",
];

fn url_shaped() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        5 => prop::sample::select(PIECES).prop_map(<[u8]>::to_vec),
        3 => "[a-zA-Z0-9]{1,6}".prop_map(String::into_bytes),
        1 => any::<u8>().prop_map(|b| vec![b]),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    Config::with_cases(cases)
}

fn check_one(x: &[u8]) -> Result<(), TestCaseError> {
    for (p, o) in all_configs() {
        compare(x, p, &o).map_err(TestCaseError::fail)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn arbitrary_bytes(x in prop::collection::vec(any::<u8>(), 0..120)) {
        check_one(&x)?;
    }

    #[test]
    fn url_shaped_inputs(x in url_shaped()) {
        check_one(&x)?;
    }

    /// The plain http(s) shape the fused paths read first, and its near misses: capitals,
    /// dot segments whole or before a `;`, `~`, `=`, `&`, `---`, a second `?` or `#`, a port,
    /// userinfo, an empty host or path.
    #[test]
    fn plain_shapes(
        scheme in prop::sample::select(PLAIN_SCHEMES),
        host in "[a-zA-Z0-9._-]{0,10}(:80|@h|:)?",
        segments in prop::collection::vec(prop::sample::select(PLAIN_SEGMENTS), 0..5),
        tail in "(\\?[a-z=&?~]{0,8})?(#[a-z#?~=]{0,4})?",
    ) {
        let mut x = [scheme, b"://", host.as_bytes()].concat();
        for s in segments {
            x.push(b'/');
            x.extend_from_slice(s);
        }
        x.extend_from_slice(tail.as_bytes());
        check_one(&x)?;
    }

    /// Triplets and `%` in every part of a URL, with what FidoURL reads around them: hyphens
    /// (a decoded `%2D` may make a `---`), `~ = & ?`, a fragment, a frame, no scheme.
    #[test]
    fn percent_triplets(
        frame in prop::sample::select(PERCENT_FRAMES),
        scheme in prop::sample::select(PERCENT_SCHEMES),
        parts in prop::collection::vec(prop::sample::select(PERCENT_PIECES), 0..8),
    ) {
        let mut x = [frame, scheme].concat();
        for part in parts {
            x.extend_from_slice(part);
        }
        if frame.starts_with(b"<") {
            x.push(b'>');
        }
        check_one(&x)?;
    }

    /// A clean URL with one piece spliced in: the fast paths take most of these.
    #[test]
    fn clean_url_with_a_piece(
        scheme in prop::sample::select(&PIECES[..12]),
        host in "[a-zA-Z0-9.]{0,12}",
        path in "(/[a-zA-Z0-9._~-]{0,6}){0,4}",
        piece in prop::sample::select(PIECES),
        at in 0usize..40,
        tail in "(\\?[a-z=&]{0,8})?(#[a-z#]{0,4})?",
    ) {
        let mut x = [scheme, b"://", host.as_bytes(), path.as_bytes(), tail.as_bytes()].concat();
        let at = at.min(x.len());
        x.splice(at..at, piece.iter().copied());
        check_one(&x)?;
    }
}

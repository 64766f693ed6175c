//! Trust through the core and the real binary: the one framing rule in every lens, the
//! phishing findings of the host lens (the phishing examples raise them; the two URL lists of
//! tests/data raise no high one), RFC 6874 zones, and the lenses in batch.

use crate::support;
use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use support::*;
use urlscope_core::compare;
use urlscope_core::inspect_host;
use urlscope_core::modern::{HostFindingId, Severity, summarize};
use urlscope_core::unwrap;

fn ids(url: &str) -> Vec<HostFindingId> {
    inspect_host(url.as_bytes(), None)
        .findings
        .iter()
        .map(|f| f.check)
        .collect()
}

#[test]
fn the_issue_examples_raise_their_findings() {
    use HostFindingId as F;
    let cases: &[(&str, F)] = &[
        ("https://paypal.com@evil.example/", F::UserinfoLooksLikeHost),
        (
            "https://www.google.com@evil.example/reset",
            F::UserinfoLooksLikeHost,
        ),
        ("http://10.0.0.1@evil.example/", F::UserinfoLooksLikeHost),
        (
            "https://paypal.com.evil.example/",
            F::BrandOutsideRegistrable,
        ),
        (
            "https://secure.login.example.com.evil.example/",
            F::BrandOutsideRegistrable,
        ),
        ("javascript:alert(document.cookie)", F::ScriptScheme),
        ("VBScript:msgbox(1)", F::ScriptScheme),
        ("data:text/html;base64,PHNjcmlwdD4=", F::ScriptScheme),
        ("data:image/svg+xml,<svg onload=alert(1)>", F::ScriptScheme),
        ("file:///etc/passwd", F::FileScheme),
        ("file://server/share/x", F::FileScheme),
        ("https://example.com:8443/", F::NonDefaultPort),
        ("http://93.184.216.34/", F::IpHost),
        ("http://[2606:4700::1]/", F::IpHost),
        ("https://bit.ly/3xYz", F::Shortener),
        ("https://tinyurl.com/abc", F::Shortener),
        ("https://a.b.c.d.e.example.com/", F::DeepSubdomains),
        ("<https://xn--80ak6aa92e.com/login>", F::Confusable),
        ("<https://xn--80ak6aa92e.com/login>", F::FrameRemoved),
    ];
    for (url, id) in cases {
        let got = ids(url);
        assert!(got.contains(id), "{url}: {got:?}");
        let f = inspect_host(url.as_bytes(), None);
        let x = f.findings.iter().find(|f| f.check == *id).unwrap();
        assert_eq!(x.id, id.as_str());
        assert!(!x.why.is_empty() && !x.why.contains('\n'));
    }
    for (url, high) in [
        ("javascript:alert(1)", true),
        ("https://paypal.com@evil.example/", true),
        ("https://paypal.com.evil.example/", true),
        ("file:///x", false),
        ("https://bit.ly/x", false),
    ] {
        let sev = inspect_host(url.as_bytes(), None).findings[0].severity;
        assert_eq!(sev == Severity::High, high, "{url}");
    }
}

#[test]
fn ordinary_links_raise_none_of_them() {
    for url in [
        "https://www.paypal.com/signin",
        "https://accounts.google.com/",
        "https://example.com:443/",
        "http://example.com:80/x",
        "ftp://anonymous@ftp.example.org/pub/",
        "https://user@example.com/",
        "http://192.168.1.1/",
        "http://ftp.de.debian.org/debian/",
        "data:text/plain,hello",
        "https://en.wikipedia.org/wiki/Mase_(disambiguation)",
    ] {
        let got = ids(url);
        let phishing = [
            HostFindingId::UserinfoLooksLikeHost,
            HostFindingId::BrandOutsideRegistrable,
            HostFindingId::ScriptScheme,
            HostFindingId::NonDefaultPort,
            HostFindingId::IpHost,
            HostFindingId::DeepSubdomains,
            HostFindingId::Shortener,
        ];
        assert!(!got.iter().any(|g| phishing.contains(g)), "{url}: {got:?}");
    }
}

/// The ~98k URLs of tests/data raise no high finding; the rest are counted per id and printed
/// (`cargo test --test core -- --nocapture trust::` shows the table for docs/departures.md).
#[test]
fn the_url_lists_raise_no_high_finding() {
    for file in ["tests/data/urls-web.txt", "tests/data/urls-files.txt"] {
        let text = std::fs::read(file).unwrap();
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        let mut examples: BTreeMap<&str, String> = BTreeMap::new();
        let mut n = 0;
        let mut high = Vec::new();
        for line in text.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            n += 1;
            // The link's own findings and, for a wrapped link, its target's.
            let r = summarize(line, None, 0).with_target(Some(&unwrap(line)));
            let target = r.target.iter().flat_map(|t| &t.findings);
            for f in r.findings.iter().chain(target) {
                *counts.entry(f.id).or_default() += 1;
                examples
                    .entry(f.id)
                    .or_insert_with(|| String::from_utf8_lossy(line).into_owned());
                if f.severity == Severity::High {
                    high.push((f.id, String::from_utf8_lossy(line).into_owned()));
                }
            }
        }
        println!("{file}: {n} URLs");
        for (id, c) in &counts {
            println!("  {id:<26} {c:>6}  e.g. {}", examples[id]);
        }
        assert!(n > 40_000, "{file}: {n}");
        assert!(high.is_empty(), "{file}: {:?}", &high[..high.len().min(20)]);
    }
}

#[test]
fn every_lens_reads_through_the_frame() {
    let framed = b"  <https://xn--80ak6aa92e.com/login>.\n";
    let s = summarize(framed, None, 0);
    assert_eq!(s.host.as_deref(), Some("xn--80ak6aa92e.com"));
    assert!(
        s.warnings
            .iter()
            .any(|w| w.check == HostFindingId::Confusable)
    );
    assert!(s.frame.is_some());
    let c = compare(framed, None);
    assert_eq!(c.text, "https://xn--80ak6aa92e.com/login");
    assert!(c.frame.is_some());
    let chain = unwrap(b"<https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.org%2F&data=x>");
    assert_eq!(chain.target().text, "https://example.org/");
    assert!(chain.notes[0].contains("<…>"), "{:?}", chain.notes);
    assert_eq!(chain.layer_count().layers, 1);
}

#[test]
fn cli_lenses_read_through_the_frame() {
    let url = b"<https://xn--80ak6aa92e.com/login>".as_slice();
    let o = run(&[b"host", url], b"");
    let t = stdout(&o);
    assert!(t.contains("[high] confusable"), "{t}");
    assert!(t.contains("frame-removed"), "{t}");
    let o = run(&[b"parsers", b"--color", b"never", url], b"");
    let t = stdout(&o);
    assert!(
        t.contains("input    https://xn--80ak6aa92e.com/login\n"),
        "{t}"
    );
    assert!(
        t.contains("frame    the frame around the URL was removed"),
        "{t}"
    );
    let o = run(&[b"unwrap", url], b"");
    let t = stdout(&o);
    assert!(
        t.contains("target: https://xn--80ak6aa92e.com/login\n"),
        "{t}"
    );
    assert!(
        t.contains("note: the frame around the URL was removed"),
        "{t}"
    );
}

fn lines(o: &std::process::Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect()
}

#[test]
fn the_lenses_take_many_urls_as_json_lines() {
    let input = b"https://paypal.com@evil.example/\n\n<http://0x7f.1/>\r\nhttps://example.org/\n";
    let o = run(&[b"host", b"--json"], input);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).is_empty());
    let v = lines(&o);
    assert_eq!(v.len(), 3, "blank lines are skipped");
    assert_eq!(v[0]["findings"][0]["id"], "userinfo-looks-like-host");
    assert_eq!(v[0]["findings"][0]["severity"], "high");
    assert!(v[0]["findings"][0]["why"].is_string());
    assert_eq!(v[1]["host"], "127.0.0.1");
    assert_eq!(v[2]["host"], "example.org");
    // NUL-separated records, and arguments.
    let o = run(
        &[b"unwrap", b"-0", b"--json"],
        b"hxxp://a[.]example/\0http://b.example/",
    );
    let v = lines(&o);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["target"], "http://a.example/");
    assert_eq!(v[0]["layer_count"]["layers"], 1);
    let o = run(
        &[b"parsers", b"--json", b"http://a/", b"http://b\\@c/"],
        b"",
    );
    assert_eq!(lines(&o).len(), 2);
    // Text reports are separated by a blank line.
    let o = run(&[b"unwrap", b"http://a/", b"http://b/"], b"");
    assert_eq!(stdout(&o).matches("target: ").count(), 2);
    assert!(stdout(&o).contains("\n\n"));
    // No URL and an empty stdin: nothing to answer.
    let o = run(&[b"host", b"--json"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
    // A bad --hex record is a usage error.
    let o = run(&[b"host", b"--hex"], b"6\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--hex"));
}

/// Every finding id a found link raises: the host lens's on the link (all severities), its
/// wrapped target's as `target: id`, and the link list's `link-text-mismatch`.
fn link_ids(l: &urlscope_core::Link) -> BTreeSet<String> {
    let text = urlscope_core::input::lens_text(&l.url);
    let r = inspect_host(&text, None);
    let own = r.findings.iter().map(|f| f.id.to_string());
    let target = r.target.iter().flat_map(|t| &t.findings);
    let facts = l.facts().findings.into_iter().map(|f| f.id.to_string());
    own.chain(target.map(|f| format!("target: {}", f.id)))
        .chain(facts.filter(|id| id == "link-text-mismatch"))
        .collect()
}

/// The test messages of the link list (tests/data/mail) raise, link by link, the
/// findings their tricks call for, by id; every other link raises only informational ones.
#[test]
fn the_link_list_messages_raise_their_findings() {
    // (message, link, every id it raises). A link not named here must raise no finding of
    // severity warning or above.
    let expected: &[(&str, &str, &[&str])] = &[
        // The partner link: `1` for `l` in a hyphenated name, and a text that shows paypal.com.
        (
            "html-only.eml",
            "https://paypa1-secure.example/signin?session=9",
            &["confusable", "link-text-mismatch", "unlisted-suffix"],
        ),
        // The tracking pixel's made-up suffix.
        (
            "html-only.eml",
            "https://tracker.example/open.gif?id=7&c=1",
            &["unlisted-suffix"],
        ),
        // Proofpoint around the bank's own login page: a wrapper, no trick in the target.
        (
            "html-only.eml",
            "https://urldefense.proofpoint.com/v2/url?u=https-3A__secure.example-2Dbank.com",
            &[],
        ),
        ("cp1251.eml", "https://пример.рф/", &["idn-label"]),
        ("plain.txt", "area://", &["opaque-host"]),
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mail");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e != "expected"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "{files:?}");
    let mut named = 0;
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let found = urlscope_core::links(
            &std::fs::read(&path).unwrap(),
            None,
            &urlscope_core::Limits::default(),
        );
        assert!(!found.links.is_empty(), "{name}");
        for l in &found.links {
            let url = String::from_utf8_lossy(&l.url).into_owned();
            let got = link_ids(l);
            match expected
                .iter()
                .find(|(m, u, _)| *m == name && url.starts_with(u))
            {
                Some((_, _, ids)) => {
                    named += 1;
                    let want: BTreeSet<String> = ids.iter().map(|s| s.to_string()).collect();
                    assert_eq!(got, want, "{name}: {url}");
                }
                None => {
                    let r = inspect_host(&urlscope_core::input::lens_text(&l.url), None);
                    let serious: Vec<_> = r
                        .findings
                        .iter()
                        .chain(r.target.iter().flat_map(|t| &t.findings))
                        .filter(|f| f.severity <= Severity::Warning)
                        .map(|f| f.id)
                        .collect();
                    assert!(serious.is_empty(), "{name}: {url}: {serious:?}");
                    assert!(!got.contains("link-text-mismatch"), "{name}: {url}");
                }
            }
        }
    }
    assert_eq!(named, expected.len(), "every named link was found");
    // The Proofpoint link's target is the bank's login page, one wrapper in.
    let r = inspect_host(
        b"https://urldefense.proofpoint.com/v2/url?u=https-3A__secure.example-2Dbank.com_login-3Fnext-3D_account&d=DwMFaQ&e=",
        None,
    );
    let t = r.target.expect("wrapped");
    assert_eq!(t.host.as_deref(), Some("secure.example-bank.com"));
    assert_eq!(t.layers, 1);
}

/// A SafeLinks URL that wraps `https://paypal.com@evil.example/`.
const WRAPPED_PHISH: &str = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypal.com%40evil.example%2F&data=05%7C02&reserved=0";

#[test]
fn a_wrapped_links_target_is_checked_in_host_json() {
    let o = run(&[b"host", b"--json", WRAPPED_PHISH.as_bytes()], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = &lines(&o)[0];
    // The link's own host is Microsoft's, with no phishing finding of its own.
    assert_eq!(v["host"], "nam12.safelinks.protection.outlook.com");
    let own: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["id"].as_str())
        .collect();
    assert!(!own.contains(&"userinfo-looks-like-host"), "{own:?}");
    let t = &v["target"];
    assert_eq!(t["url"], "https://paypal.com@evil.example/");
    assert_eq!(t["layers"], 1);
    assert_eq!(t["host"], "evil.example");
    assert_eq!(t["registrable"], "evil.example");
    assert_eq!(t["findings"][0]["id"], "userinfo-looks-like-host");
    assert_eq!(t["findings"][0]["severity"], "high");
    // The text form names the target's finding as the target's.
    let o = run(&[b"host", WRAPPED_PHISH.as_bytes()], b"");
    let text = stdout(&o);
    assert!(
        text.contains("[high] target: userinfo-looks-like-host:"),
        "{text}"
    );
    // A link that nothing wraps has no target.
    let o = run(
        &[b"host", b"--json", b"https://paypal.com@evil.example/"],
        b"",
    );
    assert!(lines(&o)[0].get("target").is_none());
}

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn ipv6_zones_are_ip_literals_everywhere() {
    use urlscope_core::modern::{Parser, Row, Value as Cell};
    use urlscope_core::url::SpanKind;
    use urlscope_core::{Options, Profile, normalize, tokenize};
    let x = b"http://[FE80::1%25Eth0]:8080/x";
    // The tokenizer: brackets, the address with its zone, the port.
    let p = tokenize(x);
    let kinds: Vec<(SpanKind, &[u8])> = p
        .spans
        .iter()
        .map(|s| (s.kind, &x[s.range.clone()]))
        .collect();
    assert!(
        kinds.contains(&(SpanKind::Ipv6Open, b"[".as_slice())),
        "{kinds:?}"
    );
    assert!(
        kinds.contains(&(SpanKind::Host, b"FE80::1%25Eth0".as_slice())),
        "{kinds:?}"
    );
    assert_eq!(&x[p.port.clone().unwrap()], b"8080");
    // The rfc3986 profile: an IP-literal, hex lowercased, the zone as written.
    let o = normalize(x, Profile::Rfc3986, &Options::default());
    assert_eq!(o.output, b"http://[fe80::1%25Eth0]:8080/x");
    assert!(o.errors().next().is_none());
    let o = normalize(
        b"http://[fe80::1%eth0]/",
        Profile::Rfc3986,
        &Options::default(),
    );
    assert_eq!(
        o.output, b"http://[fe80::1%25eth0]/",
        "a bare % is written %25"
    );
    // An empty zone is no IP-literal: the profile says so with its error.
    let o = normalize(
        b"http://[fe80::1%25]/",
        Profile::Rfc3986,
        &Options::default(),
    );
    assert!(o.errors().next().is_some());
    // The parser comparison: the zone kept as written; fluent-uri's rejection says why.
    let c = compare(x, None);
    assert_eq!(
        c.cell(Row::EffectiveHost, Parser::Urlscope).value,
        Cell::Present("[fe80::1%25Eth0]".into())
    );
    let why = c.column(Parser::Rfc3986).rejection.clone().unwrap().line();
    assert!(why.contains("RFC 6874"), "{why}");
    // The command line.
    let o = run(&[b"normalize", b"-p", b"rfc3986", x], b"");
    assert_eq!(stdout(&o), "http://[fe80::1%25Eth0]:8080/x\n");
}

/// Each answer leaves before the next URL arrives: the lenses stream.
#[test]
fn batch_answers_stream_before_the_input_ends() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    for lens in ["host", "parsers", "unwrap"] {
        let mut child = urlscope()
            .args([lens, "--json"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        for url in ["https://paypal.com@evil.example/", "http://a.example/"] {
            input.write_all(format!("{url}\n").as_bytes()).unwrap();
            input.flush().unwrap();
            // stdin stays open: the line can only come if the answer was flushed.
            let mut line = String::new();
            out.read_line(&mut line).unwrap();
            let v: Value = serde_json::from_str(&line).unwrap();
            assert!(v.is_object(), "{lens}: {line}");
        }
        drop(input);
        assert!(child.wait().unwrap().success(), "{lens}");
    }
}

//! The parser comparison (docs/lenses.md) over the named differential inputs of
//! `tests/vectors/modern/differential_inputs.json`: no panic, every column is what its crate
//! gives when called directly, host disagreements are classified, and the figures of who
//! disagrees with whom (`cargo test --test modern -- --nocapture parsers::pair_table`).

use serde_json::Value as J;
use urlscope_core::modern::parser_text;
use urlscope_core::modern::{ConfusionClass, Parser, Row, Value, agree};
use urlscope_core::{Comparison, compare};

struct Case {
    name: String,
    class: String,
    input: String,
    base: Option<String>,
}

fn cases() -> Vec<Case> {
    let v: J = serde_json::from_str(include_str!("../vectors/modern/differential_inputs.json"))
        .expect("valid JSON");
    let cases = v["cases"].as_array().expect("cases");
    assert_eq!(cases.len() as u64, v["count"].as_u64().unwrap());
    cases
        .iter()
        .map(|c| Case {
            name: c["name"].as_str().unwrap().to_owned(),
            class: c["class"].as_str().unwrap().to_owned(),
            input: c["input"].as_str().unwrap().to_owned(),
            base: c.get("base").and_then(J::as_str).map(str::to_owned),
        })
        .collect()
}

fn run(c: &Case) -> Comparison {
    compare(c.input.as_bytes(), c.base.as_deref().map(str::as_bytes))
}

fn v(o: Option<&str>) -> Value {
    o.map_or(Value::Absent, |s| Value::Present(s.to_owned()))
}

fn column(c: &Comparison, p: Parser) -> Vec<Value> {
    Row::ALL
        .iter()
        .map(|&r| c.cell(r, p).value.clone())
        .collect()
}

/// The `url` crate, called directly.
fn whatwg_direct(input: &str, base: Option<&str>) -> Option<Vec<Value>> {
    let u = match base {
        Some(b) => url::Url::parse(b).ok()?.join(input).ok()?,
        None => url::Url::parse(input).ok()?,
    };
    let userinfo = match (u.username(), u.password()) {
        ("", None) => Value::Absent,
        (n, None) => Value::Present(n.to_owned()),
        (n, Some(p)) => Value::Present(format!("{n}:{p}")),
    };
    Some(vec![
        Value::Present(u.scheme().into()),
        userinfo,
        v(u.host_str()),
        v(u.port().map(|p| p.to_string()).as_deref()),
        Value::Present(u.path().into()),
        v(u.query()),
        v(u.fragment()),
        v(u.host_str()),
    ])
}

/// The `fluent-uri` crate, called directly (the effective host is checked separately).
fn rfc3986_direct(input: &str, base: Option<&str>) -> Result<Vec<Value>, String> {
    use fluent_uri::{Uri, UriRef};
    let r = UriRef::parse(input).map_err(|e| e.to_string())?;
    let s = match base {
        Some(b) => {
            let b = Uri::parse(b).map_err(|e| format!("base: {e}"))?;
            r.resolve_against(&b)
                .map_err(|e| e.to_string())?
                .into_string()
        }
        None => r.as_str().to_owned(),
    };
    let r = UriRef::parse(s.as_str()).expect("a resolved URI parses");
    let a = r.authority();
    Ok(vec![
        v(r.scheme().map(|s| s.as_str())),
        v(a.as_ref().and_then(|a| a.userinfo()).map(|u| u.as_str())),
        v(a.as_ref().map(|a| a.host())),
        v(a.as_ref().and_then(|a| a.port()).map(|p| p.as_str())),
        Value::Present(r.path().as_str().into()),
        v(r.query().map(|q| q.as_str())),
        v(r.fragment().map(|f| f.as_str())),
    ])
}

/// The `http` crate, called directly.
fn http_direct(input: &str) -> Result<Vec<Value>, String> {
    let u: http::Uri = input
        .parse()
        .map_err(|e: http::uri::InvalidUri| e.to_string())?;
    Ok(vec![
        v(u.scheme_str()),
        v(u.authority()
            .and_then(|a| a.as_str().rsplit_once('@'))
            .map(|x| x.0)),
        v(u.host()),
        v(u.port().as_ref().map(|p| p.as_str())),
        Value::Present(u.path().into()),
        v(u.query()),
        Value::NotKept,
        v(u.host().map(|h| h.to_ascii_lowercase()).as_deref()),
    ])
}

/// urlscope's tokenizer, called directly.
fn urlscope_direct(input: &str, base: Option<&str>) -> Vec<Value> {
    let x = match base {
        Some(b) => urlscope_core::resolve(b.as_bytes(), input.as_bytes()).output,
        None => input.as_bytes().to_vec(),
    };
    let p = urlscope_core::tokenize(&x);
    let s = |r: std::ops::Range<usize>| Value::Present(String::from_utf8(x[r].to_vec()).unwrap());
    let o = |r: &Option<std::ops::Range<usize>>| r.clone().map_or(Value::Absent, s);
    let userinfo = p.user.clone().map_or(Value::Absent, |u| {
        s(u.start..p.password.clone().map_or(u.end, |pw| pw.end))
    });
    let host = o(&p.host);
    vec![
        o(&p.scheme),
        userinfo,
        host.clone(),
        o(&p.port),
        s(p.path.start..p.params.clone().map_or(p.path.end, |r| r.end)),
        o(&p.query),
        o(&p.fragment),
        match host {
            Value::Present(h) => Value::Present(h.to_ascii_lowercase()),
            other => other,
        },
    ]
}

#[test]
fn every_input_runs_and_every_column_is_its_crate() {
    let cases = cases();
    assert_eq!(cases.len(), 87);
    for c in &cases {
        let cmp = run(c);
        let base = c.base.as_deref();
        let n = &c.name;
        assert_eq!(cmp.text, c.input, "{n}");
        // WHATWG.
        match whatwg_direct(&c.input, base) {
            Some(expected) => assert_eq!(column(&cmp, Parser::Whatwg), expected, "{n}"),
            None => assert!(cmp.column(Parser::Whatwg).rejection.is_some(), "{n}"),
        }
        // RFC 3986.
        match rfc3986_direct(&c.input, base) {
            Ok(expected) => assert_eq!(column(&cmp, Parser::Rfc3986)[..7], expected[..], "{n}"),
            Err(msg) => {
                let r = cmp.column(Parser::Rfc3986).rejection.as_ref().expect(n);
                assert_eq!(r.message, msg, "{n}");
                assert!(
                    column(&cmp, Parser::Rfc3986)
                        .iter()
                        .all(|v| *v == Value::Rejected)
                );
            }
        }
        // http (it has no resolution: the reference as sent).
        match http_direct(&c.input) {
            Ok(expected) => assert_eq!(column(&cmp, Parser::Http), expected, "{n}"),
            Err(msg) => {
                let r = cmp.column(Parser::Http).rejection.as_ref().expect(n);
                assert_eq!(r.message, msg, "{n}");
            }
        }
        // urlscope's own tokenizer.
        if cmp.column(Parser::Urlscope).rejection.is_none() {
            assert_eq!(
                column(&cmp, Parser::Urlscope),
                urlscope_direct(&c.input, base),
                "{n}"
            );
        }
        // The WHATWG column is the reference: never marked.
        assert!(
            Row::ALL
                .iter()
                .all(|&r| !cmp.cell(r, Parser::Whatwg).differs),
            "{n}"
        );
    }
}

#[test]
fn rfc3986_effective_host_is_the_decoded_reg_name() {
    let c = compare(b"https://%65vil.COM/", None);
    assert_eq!(
        c.cell(Row::Host, Parser::Rfc3986).value,
        Value::Present("%65vil.COM".into())
    );
    assert_eq!(
        c.cell(Row::EffectiveHost, Parser::Rfc3986).value,
        Value::Present("evil.com".into())
    );
    assert!(
        c.cell(Row::Host, Parser::Rfc3986)
            .classes
            .contains(&ConfusionClass::EncodedData)
    );
}

fn host_differs(c: &Comparison) -> bool {
    [Row::Host, Row::EffectiveHost]
        .iter()
        .any(|&r| Parser::ALL.iter().any(|&p| c.cell(r, p).differs))
}

#[test]
fn every_host_disagreement_names_a_class() {
    let mut unnamed = Vec::new();
    for c in &cases() {
        let cmp = run(c);
        for r in [Row::Host, Row::EffectiveHost] {
            for p in Parser::ALL {
                let cell = cmp.cell(r, p);
                if cell.differs && cell.classes.is_empty() {
                    unnamed.push(format!("{} {} {}", c.name, r.as_str(), p.as_str()));
                }
            }
        }
    }
    assert!(
        unnamed.is_empty(),
        "host disagreements without a class: {unnamed:#?}"
    );
}

#[test]
fn the_expected_class_is_named_when_the_parsers_disagree() {
    let mut missed = Vec::new();
    let mut checked = 0;
    for c in cases() {
        if !["userinfo-at", "backslash", "ip-number-form"].contains(&c.class.as_str()) {
            continue;
        }
        let cmp = run(&c);
        if !cmp.any_difference() {
            continue;
        }
        checked += 1;
        let want = ConfusionClass::from_name(&c.class).unwrap();
        if !cmp.classes.iter().any(|n| n.class == want) {
            let named: Vec<_> = cmp.classes.iter().map(|n| n.class.as_str()).collect();
            missed.push(format!("{}: named {named:?}", c.name));
        }
    }
    assert!(checked > 10, "only {checked} inputs disagree");
    assert!(missed.is_empty(), "{missed:#?}");
}

#[test]
fn verdict_names_every_accepting_parser_once() {
    for c in &cases() {
        let cmp = run(c);
        let mut seen: Vec<Parser> = cmp.verdict.rejected_by.clone();
        for (_, ps) in &cmp.verdict.groups {
            seen.extend(ps);
        }
        seen.sort_by_key(|p| p.as_str());
        let mut all = Parser::ALL.to_vec();
        all.sort_by_key(|p| p.as_str());
        assert_eq!(seen, all, "{}", c.name);
        assert_eq!(
            cmp.verdict.agree,
            cmp.verdict.groups.len() == 1,
            "{}",
            c.name
        );
        if !cmp.verdict.agree {
            assert!(
                cmp.verdict_line
                    .starts_with("the parsers disagree on the host: ")
            );
        }
    }
}

/// The figures for the closing note: per pair of parsers, on how many inputs both accept the
/// text and read a different effective host, a different value in any row, and on how many one
/// of the two rejects what the other accepts.
#[test]
fn pair_table() {
    let cases = cases();
    let cmps: Vec<Comparison> = cases.iter().map(run).collect();
    println!(
        "\n{} inputs; both accept = neither parser rejects the text",
        cases.len()
    );
    println!(
        "{:<22}{:>12}{:>15}{:>14}{:>15}",
        "pair", "both accept", "host differs", "any differs", "one rejects"
    );
    let mut total_host = 0;
    for (i, &a) in Parser::ALL.iter().enumerate() {
        for &b in &Parser::ALL[i + 1..] {
            let (mut both, mut host, mut any, mut one) = (0, 0, 0, 0);
            for c in &cmps {
                let ra = c.column(a).rejection.is_some();
                let rb = c.column(b).rejection.is_some();
                if ra != rb {
                    one += 1;
                }
                if ra || rb {
                    continue;
                }
                both += 1;
                let differs =
                    |r: Row| !agree(r, &c.cell(r, a).value, &c.cell(r, b).value, c.default_port);
                if differs(Row::EffectiveHost) {
                    host += 1;
                }
                if Row::ALL.iter().any(|&r| differs(r)) {
                    any += 1;
                }
            }
            total_host += host;
            println!(
                "{:<22}{both:>12}{host:>15}{any:>14}{one:>15}",
                format!("{} / {}", a.as_str(), b.as_str())
            );
        }
    }
    // Per class of the vectors: inputs, verdict "disagree", inputs with a marked cell, and of
    // those, how many name the vector's own class.
    let mut per_class: Vec<(String, [usize; 4])> = Vec::new();
    for (c, cmp) in cases.iter().zip(&cmps) {
        let e = match per_class.iter().position(|x| x.0 == c.class) {
            Some(i) => i,
            None => {
                per_class.push((c.class.clone(), [0; 4]));
                per_class.len() - 1
            }
        };
        let n = &mut per_class[e].1;
        n[0] += 1;
        n[1] += usize::from(!cmp.verdict.agree);
        if cmp.any_difference() {
            n[2] += 1;
            let own = ConfusionClass::from_name(&c.class);
            n[3] += usize::from(cmp.classes.iter().any(|k| Some(k.class) == own));
        }
    }
    println!(
        "\n{:<20}{:>7}{:>17}{:>10}{:>18}",
        "class (vectors)", "inputs", "hosts disagree", "marked", "own class named"
    );
    for (k, [n, d, m, o]) in &per_class {
        println!("{k:<20}{n:>7}{d:>17}{m:>10}{o:>18}");
    }
    let disagree = cmps.iter().filter(|c| !c.verdict.agree).count();
    let marked = cmps.iter().filter(|c| host_differs(c)).count();
    println!(
        "\nverdict 'disagree on the host': {disagree} of {}",
        cmps.len()
    );
    println!("inputs with a marked host cell (against whatwg): {marked}");
    // The table is only worth printing if the parsers do disagree on this set.
    assert!(total_host > 0 && disagree > 0);
}

#[test]
fn non_utf8_input_is_read_as_triplets_by_every_column() {
    let c = compare(b"http://h\xFF/\xC3", None);
    assert_eq!(c.text, parser_text(b"http://h\xFF/\xC3").text);
    assert_eq!(c.text, "http://h%FF/%C3");
    assert_eq!(
        c.cell(Row::Host, Parser::Urlscope).value,
        Value::Present("h%FF".into())
    );
}

/// Hostile and arbitrary octets through the core: no panic, the same text for every column,
/// the verdict accounts for every parser, a rejecting column has only rejected, unmarked cells,
/// and the WHATWG column is never marked.
fn invariants(x: &[u8], base: Option<&[u8]>) {
    let c = compare(x, base);
    // The comparison reads inside a frame (`<…>`, quotes), never past bare whitespace.
    assert_eq!(
        c.text,
        parser_text(urlscope_core::modern::lens_text(x)).text
    );
    let mut n = c.verdict.rejected_by.len();
    for (_, ps) in &c.verdict.groups {
        n += ps.len();
    }
    assert_eq!(n, Parser::ALL.len());
    for p in Parser::ALL {
        let rejected = c.column(p).rejection.is_some();
        for r in Row::ALL {
            let cell = c.cell(r, p);
            assert_eq!(cell.value == Value::Rejected, rejected);
            // Marks never appear on a rejecting column, and a mark always names its row's
            // classes or none: arbitrary text can disagree in ways none of the ten classes
            // names (`wS://a[`: WHATWG rejects a forbidden host code point), shown "no class".
            assert!(!(rejected && cell.differs));
        }
        assert!(!c.cell(Row::Host, Parser::Whatwg).differs);
    }
    serde_json::to_string(&c).expect("serializable");
}

#[test]
fn hostile_inputs_through_the_core() {
    let mut big = b"http://h/".to_vec();
    big.extend(std::iter::repeat_n(b"a\x1b\xe2\x80\xae%zz\xff@\\".as_slice(), 1 << 17).flatten());
    big.truncate(1 << 20);
    let mut host_big = b"http://".to_vec();
    host_big.extend(std::iter::repeat_n(b'a', 1 << 20));
    for x in [
        &b""[..],
        b"\x00",
        b"http://h\x1b[2J\x07/\x00\x7f?\xc2\x9b#\r\n",
        "http://\u{202E}moc.live\u{2066}@good.example/\u{200B}".as_bytes(),
        b"http://\xff\xfe@h\xc3/\xc0\xaf",
        b"http://[",
        b"http://[::1",
        b"http://:",
        b"http://@",
        b"http://%",
        b"//",
        b"\\\\",
        &big,
        &host_big,
    ] {
        invariants(x, None);
        invariants(x, Some(b"http://base.example/a/b"));
        invariants(b"../x", Some(x));
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
    #[test]
    fn arbitrary_octets_never_panic(
        x in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64),
        b in proptest::option::of(proptest::collection::vec(proptest::prelude::any::<u8>(), 0..24)),
    ) {
        invariants(&x, b.as_deref());
    }

    #[test]
    fn url_shaped_inputs_never_panic(x in "[a-zA-Z]{0,5}:[/\\\\]{0,3}[a-z0-9@:.%\\[\\]#?\\\\ \\t]{0,30}") {
        invariants(x.as_bytes(), None);
    }
}

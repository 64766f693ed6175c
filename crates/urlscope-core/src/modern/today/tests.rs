use super::*;
use crate::url::{Options, normalize};

fn changes(x: &str, p: Profile) -> Vec<MeaningChange> {
    meaning_changes(&normalize(x.as_bytes(), p, &Options::default()))
}

/// A SafeLinks `sdata=` value holds base64, whose '+' is data: RFC 1738 and Hyvätti decode
/// its %2B, and form decoding then reads a space.
#[test]
fn a_safelinks_signature_loses_its_plus() {
    let x = "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexample.com%2F&data=05%7C01&sdata=Zm9v%2BYmFy%2Fbaz%3D&reserved=0";
    for (p, rule) in [
        (Profile::Rfc1738, Rule::DecodeSafe),
        (Profile::Hyvatti, Rule::HyvDecode),
    ] {
        let found = changes(x, p);
        let plus: Vec<_> = found.iter().filter(|c| c.before == "%2B").collect();
        assert_eq!(plus.len(), 1, "{p:?}: {found:?}");
        let c = plus[0];
        assert_eq!(
            (c.rule, c.component, c.after.as_str()),
            (rule, "query", "+")
        );
        let t = c.text();
        assert!(
            t.contains(c.old_source) && t.contains("URL Standard §5.1"),
            "{t}"
        );
        assert!(c.read_after.contains("Zm9v YmFy"), "{}", c.read_after);
    }
    // Today's profiles are today's parsers: nothing to report.
    assert!(changes(x, Profile::Rfc3986).is_empty());
    assert!(changes(x, Profile::Whatwg).is_empty());
}

/// Every historical profile, every octet, raw and encoded, in a path segment and in a query
/// value: where an edit changes today's reading. The table is what the search found; a change
/// to a profile that adds or removes one shows here.
#[test]
fn every_profile_and_octet() {
    let mut found: Vec<String> = Vec::new();
    for p in Profile::ALL.into_iter().filter(|&p| is_historical(p)) {
        for v in 0..=255u8 {
            for encoded in [false, true] {
                let unit: Vec<u8> = if encoded {
                    format!("%{v:02X}").into_bytes()
                } else {
                    vec![v]
                };
                for (component, pre, post) in [
                    ("path", &b"http://example.com/a"[..], &b"b?q=c"[..]),
                    ("query", &b"http://example.com/a?q=c"[..], &b"d&r=e"[..]),
                ] {
                    let x = [pre, &unit[..], post].concat();
                    let o = normalize(&x, p, &Options::default());
                    let cs = meaning_changes(&o);
                    for c in &cs {
                        let form = if encoded {
                            format!("%{v:02X}")
                        } else {
                            format!("0x{v:02X}")
                        };
                        let line = format!(
                            "{} {form} in {component}: {} {}",
                            p.name(),
                            c.rule,
                            c.component
                        );
                        if !found.contains(&line) {
                            found.push(line);
                        }
                    }
                    // Whenever the whole result reads differently, an edit is named for it.
                    let (Some(a), Some(b)) = (Reading::of(&x), Reading::of(&o.output)) else {
                        continue;
                    };
                    if a != b {
                        assert!(
                            !cs.is_empty(),
                            "{} {:?}: {a:?} vs {b:?}",
                            p.name(),
                            String::from_utf8_lossy(&x)
                        );
                    }
                }
            }
        }
    }
    // Beside a %2B: a raw tab, LF or CR, which today's parsers drop and the
    // old rules encode (kept as data); a '\\', which today's parsers read as '/' in an http
    // path, encoded by RFC 1738 and FidoURL or decoded from %5C by Hyvätti; and FidoURL's
    // '+' for a space in a path, where '+' is a plus to everyone else.
    let expected: &[&str] = &[
        "rfc1738 0x09 in path: encode-nongraphic path",
        "rfc1738 0x09 in query: encode-nongraphic query",
        "rfc1738 0x0A in path: encode-nongraphic path",
        "rfc1738 0x0A in query: encode-nongraphic query",
        "rfc1738 0x0D in path: encode-nongraphic path",
        "rfc1738 0x0D in query: encode-nongraphic query",
        "rfc1738 %2B in query: decode-safe query",
        "rfc1738 0x5C in path: encode-unsafe path",
        "hyvatti 0x09 in path: hyv-encode path",
        "hyvatti 0x09 in query: hyv-encode query",
        "hyvatti 0x0A in path: hyv-encode path",
        "hyvatti 0x0A in query: hyv-encode query",
        "hyvatti 0x0D in path: hyv-encode path",
        "hyvatti 0x0D in query: hyv-encode query",
        "hyvatti %2B in query: hyv-decode query",
        "hyvatti %5C in path: hyv-decode path",
        "fido 0x09 in path: encode-nongraphic path",
        "fido 0x09 in query: encode-nongraphic query",
        "fido 0x0A in path: encode-nongraphic path",
        "fido 0x0A in query: encode-nongraphic query",
        "fido 0x0D in path: encode-nongraphic path",
        "fido 0x0D in query: encode-nongraphic query",
        "fido 0x20 in path: fido-space-as-plus path",
        "fido %20 in path: fido-space-as-plus path",
        "fido 0x5C in path: encode-unsafe path",
    ];
    assert_eq!(found, expected, "\n{}", found.join("\n"));
}

#[test]
fn the_short_form_names_rule_edit_and_todays_reading() {
    let c = &changes("http://h/?q=1%2B1", Profile::Rfc1738)[0];
    assert_eq!(
        c.short(),
        "decode-safe: %2B→+ is a space to today's form decoding"
    );
    let c = &changes("http://h/a%5Cb", Profile::Hyvatti)[0];
    assert_eq!(
        c.short(),
        "hyv-decode: %5C→\\ changes the path for today's parsers"
    );
}

/// The shortcut never hides a change: on both real URL lists, for every historical profile,
/// each edit it calls neutral leaves today's reading as it was.
#[test]
fn edits_called_neutral_keep_the_reading_on_the_real_lists() {
    let (mut neutral, mut checked) = (0usize, 0usize);
    for name in ["urls-web.txt", "urls-files.txt"] {
        let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            for p in [
                Profile::Rfc1738,
                Profile::Hyvatti,
                Profile::Pdf,
                Profile::Fido,
            ] {
                let o = normalize(line, p, &Options::default());
                for s in &o.steps {
                    let Some(read) = Reading::of(&s.before) else {
                        continue;
                    };
                    for e in &s.edits {
                        checked += 1;
                        if !cannot_change_reading(&s.before, e.range.clone(), &e.replacement) {
                            continue;
                        }
                        neutral += 1;
                        let after = apply_edits(&s.before, std::slice::from_ref(e));
                        let now = Reading::of(&after);
                        assert!(
                            now.is_none_or(|n| n.path == read.path && n.query == read.query),
                            "{p:?} {}: {e:?}",
                            String::from_utf8_lossy(line)
                        );
                    }
                }
            }
        }
    }
    assert!(
        neutral > 1000 && neutral < checked,
        "{neutral} of {checked}"
    );
}

/// A `%` just before an edit may join its first octets into a new triplet: `%2` then `%46` →
/// `F` reads as `%2F`, a slash. Such an edit is re-read.
#[test]
fn a_percent_before_the_edit_is_re_read() {
    let before = b"http://a/x%2%46y";
    assert!(!cannot_change_reading(before, 11..14, b"F"));
    assert!(cannot_change_reading(b"http://a/x%7ey", 10..13, b"~"));
    assert!(!cannot_change_reading(b"http://a/x%2Fy", 10..13, b"/"));
    assert!(!cannot_change_reading(b"http://a/?q=%2B", 12..15, b"+"));
}

/// Thousands of edits no longer cost a re-reading each: the change after them is still found.
#[test]
fn a_change_after_thousands_of_neutral_edits_is_found() {
    let x = format!("http://a/{}?q=%2B", "%7e".repeat(20_000));
    let found = changes(&x, Profile::Rfc1738);
    assert!(
        found
            .iter()
            .any(|c| c.before == "%2B" && c.component == "query"),
        "{found:?}"
    );
}

//! Unit tests of the diff rule and provenance.

use super::provenance::Piece;
use super::*;
use crate::url::{Options, Profile, normalize};

/// The after string the script builds from `a` and `b`, and the before string it consumes.
fn apply(a: &[u8], b: &[u8], script: &[(Op, Range<usize>)]) -> (Vec<u8>, Vec<u8>) {
    let (mut after, mut before) = (Vec::new(), Vec::new());
    for (op, r) in script {
        match op {
            Op::Equal => {
                after.extend_from_slice(&a[r.clone()]);
                before.extend_from_slice(&a[r.clone()]);
            }
            Op::Delete => before.extend_from_slice(&a[r.clone()]),
            Op::Insert => after.extend_from_slice(&b[r.clone()]),
        }
    }
    (after, before)
}

fn show(s: &[u8], rs: &[Range<usize>]) -> Vec<String> {
    rs.iter()
        .map(|r| String::from_utf8_lossy(&s[r.clone()]).into_owned())
        .collect()
}

#[test]
fn myers_on_units() {
    let d = myers_units(b"a%7eb c", b"a%7Eb%20c", 100).unwrap();
    assert_eq!(show(b"a%7eb c", &d.deleted), ["%7e", " "]);
    assert_eq!(show(b"a%7Eb%20c", &d.inserted), ["%7E", "%20"]);
}

#[test]
fn identical_and_empty() {
    let d = myers_units(b"abc", b"abc", 10).unwrap();
    assert!(d.deleted.is_empty() && d.inserted.is_empty());
    let d = myers_units(b"", b"xy", 10).unwrap();
    assert_eq!(d.inserted, vec![0..2]);
    let d = myers_units(b"xy", b"", 10).unwrap();
    assert_eq!(d.deleted, vec![0..2]);
}

#[test]
fn triplet_boundary_not_split() {
    // Common byte prefix "%4" but the units differ.
    let (a, b) = trimmed_middle(b"x%41", b"x%4g");
    assert_eq!((a, b), (1..4, 1..4));
}

#[test]
fn limit_gives_none() {
    let a = vec![b'a'; 2000];
    let b = vec![b'b'; 2000];
    assert!(myers_units(&a, &b, 10).is_none());
}

#[test]
fn provenance_matches_output() {
    let x = b"<URL:HTTP://WWW.Example.COM:80/a/./b/../%7e c?q=1#frag>";
    for p in Profile::ALL {
        let o = normalize(x, p, &Options::default());
        let prov = Provenance::of(&o);
        let total: usize = prov.pieces().map(|p| p.len).sum();
        assert_eq!(total, o.output.len(), "{p:?}");
        let mut pos = 0;
        for piece in prov.pieces() {
            if let Some(s) = piece.src {
                assert_eq!(
                    &o.output[pos..pos + piece.len],
                    &x[s..s + piece.len],
                    "{p:?}"
                );
            }
            pos += piece.len;
        }
    }
}

#[test]
fn action_of_port_and_hex() {
    let x = b"HTTP://WWW.Example.COM:80/%7e";
    let o = normalize(x, Profile::Rfc1738, &Options::default());
    let d = diff(x, &o);
    assert_eq!(d.method, Method::Myers);
    let tilde = x.len() - 3;
    assert!(action_at(&o, tilde).is_some());
    assert!(d.is_deleted(tilde));
}

#[test]
fn scripts_rebuild_both_strings() {
    let cases: [(&[u8], &[u8]); 6] = [
        (
            b"HTTP://WWW.IKI.FI:80/%7ehyvatti/#x",
            b"http://www.iki.fi/~hyvatti/",
        ),
        (b"", b"abc"),
        (b"abc", b""),
        (b"a%7eb", b"a~b"),
        (b"same", b"same"),
        (b"x y", b"x%20y"),
    ];
    for (a, b) in cases {
        let s = between(a, b).script;
        assert_eq!(apply(a, b, &s), (b.to_vec(), a.to_vec()), "{a:?} -> {b:?}");
    }
    assert_eq!(
        between(b"a%7eb", b"a~b").script,
        [
            (Op::Equal, 0..1),
            (Op::Delete, 1..4),
            (Op::Insert, 1..2),
            (Op::Equal, 4..5)
        ]
    );
}

/// A FidoURL join drops the text around the URL: the steps' edits give whole runs where Myers
/// matches scattered letters of the dropped text (vector J-01).
#[test]
fn fido_join_keeps_whole_runs() {
    let x = b"MtW>> To track Fidonet software development in Russian,\nMtW>> a newsreel like \
              area://Ru.FTN.Develop+Ru.FTN.Win%%\nMtW>> %%Soft+Ru.FIPS/ is often used.";
    let o = normalize(x, Profile::Fido, &Options::default());
    let d = diff(x, &o);
    assert_eq!(
        apply(x, &o.output, &d.script),
        (o.output.clone(), x.to_vec())
    );
    let deleted: Vec<&[u8]> = d.deleted.iter().map(|r| &x[r.clone()]).collect();
    assert_eq!(
        deleted,
        [
            &b"MtW>> To track Fidonet software development in Russian,\nMtW>> a newsreel like "[..],
            b"%%\nMtW>> %%",
            b" is often used."
        ]
    );
    assert_eq!(d.method, Method::Edits);
    assert!(
        myers_units(x, &o.output, MYERS_MAX_D)
            .unwrap()
            .deleted
            .len()
            > 3
    );
}

#[test]
fn every_profile_gives_a_script_of_whole_units() {
    for x in [
        &b"HTTP://WWW.IKI.FI:80/%7ehyvatti/#x"[..],
        b"<URL:http://a/%7e b>",
        b"",
        b"fecho://x/%41%2e%7e%zz",
    ] {
        for p in Profile::ALL {
            let o = normalize(x, p, &Options::default());
            let d = diff(x, &o);
            assert_eq!(
                apply(x, &o.output, &d.script),
                (o.output.clone(), x.to_vec())
            );
            for (op, r) in &d.script {
                let s: &[u8] = if *op == Op::Insert { &o.output } else { x };
                assert!(
                    script::boundary(s, r.start) && script::boundary(s, r.end),
                    "{p:?} {x:?}"
                );
            }
        }
    }
}

#[test]
fn last_rules_charge_the_octets_an_edit_replaced() {
    let x = b"HTTP://h/%7e";
    let o = normalize(x, Profile::Hyvatti, &Options::default());
    let rules = Provenance::last_rules(x.len(), &o);
    assert!((0..4).all(|i| rules.at(i).is_some()), "{rules:?}");
    assert!((4..9).all(|i| rules.at(i).is_none()), "{rules:?}");
    assert!((9..12).all(|i| rules.at(i).is_some()), "{rules:?}");
    assert_eq!(rules.at(12), None);
    assert_eq!(rules.last_in(4..12), rules.at(11));
}

#[test]
fn one_pass_gives_the_same_diff_and_rules() {
    for x in [&b"HTTP://h/%7e/./a b"[..], b"", b"<URL:fecho://x/a---b%41>"] {
        for p in Profile::ALL {
            let o = normalize(x, p, &Options::default());
            let (d, rules) = diff_and_rules(x, &o);
            assert_eq!(d, diff(x, &o), "{p:?}");
            assert_eq!(rules, Provenance::last_rules(x.len(), &o), "{p:?}");
        }
    }
}

/// Inputs dense in what the diff must get right: triplets (valid, broken, cut at the end), dot
/// segments, octets every profile encodes, frames, FidoURL joins; some arbitrary octets.
fn url_bytes() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
    use proptest::prelude::*;
    let atom = prop::sample::select(vec![
        &b"HTTP://"[..],
        b"http://a",
        b"/",
        b".",
        b"/./",
        b"/../",
        b"%",
        b"%7e",
        b"%7E",
        b"%2e",
        b"%2E",
        b"%41",
        b"%4",
        b"%%",
        b"%zz",
        b"%20",
        b" ",
        b"~",
        b"a",
        b"B",
        b":80",
        b"@",
        b"?",
        b"#",
        b";p=1",
        b"+",
        b"-",
        b"\n",
        b"\t",
        b"\x00",
        b"\xc3\xa9",
        b"<URL:",
        b"<",
        b">",
        b"\"",
        b"area://",
        b"MtW>> ",
    ]);
    let shaped = prop::collection::vec(atom, 0..48).prop_map(|v| v.concat());
    prop_oneof![4 => shaped, 1 => prop::collection::vec(any::<u8>(), 0..24)]
}

/// The options the profiles read (a PDF base, a Hyvätti host alias) and none.
fn option_sets() -> [Options; 2] {
    let set = Options {
        base: Some(b"http://Base.example/a/b/c?q".to_vec()),
        host_aliases: vec![(b"a".to_vec(), b"alias.example".to_vec())],
        ..Options::default()
    };
    [Options::default(), set]
}

/// Everything the diff module answers for `x` under every profile, against the algorithm it
/// replaced (kept in `oracle`).
fn agrees_with_the_oracle(x: &[u8]) {
    for opts in option_sets() {
        for p in Profile::ALL {
            let o = normalize(x, p, &opts);
            let ctx = || format!("{p:?} {:?}", x.escape_ascii().to_string());
            let (d, rules) = diff_and_rules(x, &o);
            let (od, orules) = oracle::diff_and_rules(x, &o);
            assert_eq!(d, od, "{}", ctx());
            assert_eq!(rules, orules, "{}", ctx());
            assert_eq!(diff(x, &o), od, "{}", ctx());
            let pieces: Vec<Piece> = Provenance::of(&o).pieces().collect();
            assert_eq!(pieces, oracle::pieces(&o), "{}", ctx());
            for pos in 0..=x.len() + 1 {
                assert_eq!(action_at(&o, pos), oracle::action_at(&o, pos), "{}", ctx());
                assert_eq!(
                    map_forward(&o, pos),
                    oracle::map_forward(&o, pos),
                    "{}",
                    ctx()
                );
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    #[test]
    fn the_fast_diff_agrees_with_the_oracle(x in url_bytes()) {
        agrees_with_the_oracle(&x);
    }

    #[test]
    fn trimmed_middle_agrees_with_the_oracle(a in url_bytes(), b in url_bytes()) {
        proptest::prop_assert_eq!(trimmed_middle(&a, &b), oracle::trimmed_middle(&a, &b));
        let (wa, wb) = ([&a[..], b"%7e/"].concat(), [&b[..], b"%7E/"].concat());
        proptest::prop_assert_eq!(trimmed_middle(&wa, &wb), oracle::trimmed_middle(&wa, &wb));
    }
}

/// Edit-heavy inputs past the Myers limits (the bench's shape, smaller), where the steps' edits
/// decide the script and runs are split and copied in blocks.
#[test]
fn edit_heavy_inputs_agree_with_the_oracle() {
    let mut x = b"HTTP://User@WWW.Example.COM:80/".to_vec();
    for i in 0..2500 {
        x.extend_from_slice(format!("seg{i}/./a%7e b;p=1/").as_bytes());
        if i % 97 == 0 {
            x.extend_from_slice(b"%4/../%%20<x>%2E%2e/");
        }
    }
    x.extend_from_slice(b"?q=1&r=2#frag");
    agrees_with_the_oracle(&x[..4000]);
    let framed = [&b"<URL:"[..], &x, b">"].concat();
    for p in Profile::ALL {
        let o = normalize(&framed, p, &Options::default());
        let (d, rules) = diff_and_rules(&framed, &o);
        assert_eq!((d, rules), oracle::diff_and_rules(&framed, &o), "{p:?}");
    }
}

/// Two strings over an alphabet dense in triplets and changes between them, with equal runs
/// mostly of one length on both sides (as a diff has them): alignment often has to widen into
/// a neighbour and join.
fn strings_and_changes() -> impl proptest::strategy::Strategy<Value = (Vec<u8>, Vec<u8>, Changes)> {
    use proptest::prelude::*;
    let octet = prop::sample::select(b"%%%4a1E".to_vec());
    let side = prop::collection::vec(octet.clone(), 0..4);
    let equal = prop::collection::vec(octet, 0..5);
    let skew = prop::sample::select(vec![0, 0, 0, 0, 1, 2]);
    prop::collection::vec((equal, skew, side.clone(), side), 0..12).prop_map(|parts| {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let mut list = Vec::new();
        for (eq, skew, x, y) in parts {
            a.extend_from_slice(&eq);
            b.extend_from_slice(&eq[skew.min(eq.len())..]);
            list.push(Change {
                a: a.len()..a.len() + x.len(),
                b: b.len()..b.len() + y.len(),
            });
            a.extend_from_slice(&x);
            b.extend_from_slice(&y);
        }
        let mut c = Changes::new(a.len(), b.len());
        list.into_iter().for_each(|ch| c.push(ch));
        (a, b, c)
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2048))]

    #[test]
    fn aligning_and_trimming_agree_with_the_oracle((a, b, c) in strings_and_changes()) {
        let fast = c.clone().aligned(&a, &b);
        let old = oracle::aligned(c, &a, &b);
        proptest::prop_assert_eq!(&fast, &old);
        proptest::prop_assert_eq!(fast.trimmed(&a, &b), oracle::trimmed(old, &a, &b));
    }
}

/// What a character's action names is a step that acts on that character: under every
/// profile, for every octet (raw and as a triplet), in a path after dot segments, in the
/// query and in the fragment of a URL whose host, port and path other steps rewrite, the
/// action is never one of the steps that only rewrite the scheme, host, port or the dot
/// segments (a space was charged to "remove-dot-segments" when that step logged the whole
/// path as one edit).
#[test]
fn every_characters_action_is_a_step_that_acts_on_it() {
    use crate::url::rule::Rule;
    let structural = [
        Rule::RemoveDotSegments,
        Rule::Rfc3986RemoveDotSegments,
        Rule::StripDefaultPort,
        Rule::DropDefaultPort,
        Rule::StripPort80,
        Rule::LowercaseScheme,
        Rule::LowercaseHost,
        Rule::LowercaseSchemeHost,
        Rule::StripFileLocalhost,
        Rule::EmptyPathSlash,
        Rule::UniqueHost,
        Rule::StripWrapper,
        Rule::MakeAbsolute,
    ];
    for p in Profile::ALL {
        for v in 0..=255u8 {
            for encoded in [false, true] {
                let unit: Vec<u8> = if encoded {
                    format!("%{v:02X}").into_bytes()
                } else {
                    vec![v]
                };
                let pre = b"HTTP://Example.COM:80/a/./b/../c".to_vec();
                let x = [&pre[..], &unit, b"d?q=e", &unit, b"f#g", &unit, b"h"].concat();
                let at = [
                    pre.len(),
                    pre.len() + unit.len() + 5,
                    x.len() - 1 - unit.len(),
                ];
                let o = normalize(&x, p, &Options::default());
                for (k, &pos) in at.iter().enumerate() {
                    let Some((_, step, rule)) = action_at(&o, pos) else {
                        continue;
                    };
                    // A raw '#' starts the fragment wherever it stands.
                    let in_fragment = x[..=pos].contains(&b'#');
                    let ok = !structural.contains(&rule)
                        && !structural.contains(&step)
                        && (in_fragment || rule != Rule::StripFragment);
                    assert!(
                        ok,
                        "{}: octet {v:#04x} (encoded {encoded}) in {} is charged to {step}/{rule}",
                        p.name(),
                        ["path", "query", "fragment"][k]
                    );
                }
            }
        }
    }
}

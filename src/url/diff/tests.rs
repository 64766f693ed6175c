//! Unit tests of the diff rule and provenance.

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
        let total: usize = prov.pieces.iter().map(|p| p.len).sum();
        assert_eq!(total, o.output.len(), "{p:?}");
        let mut pos = 0;
        for piece in &prov.pieces {
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
/// matches scattered letters of the dropped text (SPEC vector J-01).
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

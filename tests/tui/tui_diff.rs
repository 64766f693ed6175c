//! Properties of the unit diff and provenance the result pane draws (`url::diff`).

use proptest::prelude::*;
use urlscope_core::url::diff::{Provenance, diff, myers_units};
use urlscope_core::url::{apply_edits, octets};
use urlscope_core::{Options, Profile, normalize};

/// The bytes of `s` outside `ranges` (sorted, disjoint).
fn without(s: &[u8], ranges: &[std::ops::Range<usize>]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut pos = 0;
    for r in ranges {
        out.extend_from_slice(&s[pos..r.start]);
        pos = r.end;
    }
    out.extend_from_slice(&s[pos..]);
    out
}

fn is_unit_boundary(s: &[u8], p: usize) -> bool {
    p == s.len() || octets::units(s).any(|u| u.start == p)
}

fn url_bytes() -> impl Strategy<Value = Vec<u8>> {
    let atoms = prop::sample::select(vec![
        &b"http:"[..],
        b"HTTP://",
        b"//",
        b"/",
        b".",
        b"..",
        b"./",
        b"%",
        b"%7e",
        b"%41",
        b"%2F",
        b"%%",
        b"\n",
        b"#",
        b"?",
        b"&",
        b";",
        b"=",
        b"@",
        b":",
        b"80",
        b"a",
        b"B",
        b"-",
        b"+",
        b" ",
        b"<URL:",
        b">",
        b"\"",
        b"\x00",
        b"\x7f",
        b"\xc3\xa9",
        b"\xff",
        b"area://",
        b"~",
    ]);
    prop::collection::vec(atoms, 0..24).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn diff_keeps_a_common_subsequence(x in url_bytes()) {
        for p in Profile::ALL {
            let o = normalize(&x, p, &Options::default());
            let d = diff(&x, &o);
            prop_assert_eq!(without(&x, &d.deleted), without(&o.output, &d.inserted), "{:?}", p);
            for r in &d.deleted {
                prop_assert!(is_unit_boundary(&x, r.start) && is_unit_boundary(&x, r.end));
            }
        }
    }

    #[test]
    fn myers_is_unit_aligned_and_consistent(a in url_bytes(), b in url_bytes()) {
        let d = myers_units(&a, &b, 10_000).unwrap();
        prop_assert_eq!(without(&a, &d.deleted), without(&b, &d.inserted));
        for r in &d.inserted {
            prop_assert!(is_unit_boundary(&b, r.start) && is_unit_boundary(&b, r.end));
        }
    }

    #[test]
    fn provenance_covers_the_output(x in url_bytes()) {
        for p in Profile::ALL {
            let o = normalize(&x, p, &Options::default());
            for s in &o.steps {
                prop_assert_eq!(apply_edits(&s.before, &s.edits), s.after.to_vec(), "{:?} {}", p, s.step);
            }
            let prov = Provenance::of(&o);
            let total: usize = prov.pieces().map(|p| p.len).sum();
            prop_assert_eq!(total, o.output.len());
            let mut pos = 0;
            for piece in prov.pieces() {
                if let Some(src) = piece.src {
                    prop_assert_eq!(&o.output[pos..pos + piece.len], &x[src..src + piece.len]);
                }
                pos += piece.len;
            }
        }
    }
}

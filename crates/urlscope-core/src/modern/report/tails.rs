//! What a unit record looks like after its own offsets and text: value, span, role, classes,
//! hints and action take few distinct combinations (a 1 MiB input has about a million units but
//! a few hundred combinations), so the JSON and the text writers build each such tail once and
//! copy it for every unit that has the same [`TailKey`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::url::UnitInfo;
use crate::url::classes::{Class, Hints};
use crate::url::diff::RuleMap;
use crate::url::span::{Role, SpanKind};

/// Everything a unit's tail is made of, under one report (one classification, one rule map):
/// equal keys, equal tails.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TailKey {
    value: u8,
    span: Option<SpanKind>,
    role: Role,
    classes: [Class; 5],
    /// All of the unit's hints: the report's classification picks the same ones from equal sets.
    hints: Hints,
    /// The rule map's id of the unit's action (equal ids, equal step and rule).
    action: u16,
}

impl TailKey {
    /// The key of unit `u` under the rule map `actions`.
    pub fn of(u: &UnitInfo, actions: &RuleMap) -> TailKey {
        TailKey {
            value: u.value,
            span: u.span_kind,
            role: u.role,
            classes: [
                u.class_1738,
                u.class_2396,
                u.class_fido,
                u.class_3986,
                u.class_whatwg,
            ],
            hints: u.hints,
            action: actions.last_id_in(u.range.clone()),
        }
    }
}

/// Built tails by key (and small caches keyed by a few octets, see [`octets_key`]).
pub type Cache<K, V> = HashMap<K, V, BuildHasherDefault<SmallHasher>>;

/// A unit's text as a key when it has at most three octets (an octet or a triplet), else `None`.
pub fn octets_key(text: &[u8]) -> Option<u32> {
    match *text {
        [a] => Some(1 << 24 | u32::from(a)),
        [a, b, c] => Some(3 << 24 | u32::from(a) << 16 | u32::from(b) << 8 | u32::from(c)),
        _ => None,
    }
}

/// A multiplicative hash for keys made of a few small integers: SipHash would cost more than
/// the writing a cache hit saves, and the keys come from the program, not from the input (an
/// [`octets_key`] has at most 2^26 values, so no input can make the table degenerate).
#[derive(Default)]
pub struct SmallHasher(u64);

impl SmallHasher {
    fn mix(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for SmallHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.mix(u64::from(b)));
    }
    fn write_u8(&mut self, n: u8) {
        self.mix(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.mix(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.mix(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.mix(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.mix(n as u64);
    }
}

/// Keys that are equal exactly when the tails are: the test builds both for every unit of a
/// few inputs under every profile.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::{Options, Profile, normalize, tokenize, unit_infos};

    #[test]
    fn equal_keys_equal_records() {
        let inputs: [&[u8]; 3] = [
            b"HTTP://User@WWW.Example.COM:80/a/./b/../%7e c?q=1&r=2;s#frag",
            b"<URL:fecho://Area@dom+b/x%%  \r\nMtW> %%y---z>",
            b"http://h/\xff\xfe%zz%%41\xe2\x80\xae\xc3\xa9 +-_~!*'()",
        ];
        for x in inputs {
            for p in Profile::ALL {
                let parsed = tokenize(x);
                let units = unit_infos(x, &parsed);
                let outcome = normalize(x, p, &Options::default());
                let (_, actions) = super::super::diff_and_actions(x, &outcome);
                let c = p.classification();
                let mut seen: Cache<TailKey, String> = Cache::default();
                for u in &units {
                    let j = super::super::unit_json(x, u, &actions, c);
                    let tail = format!(
                        "{} {:?} {} {} {} {} {} {} {:?} {:?}",
                        j.value,
                        j.span,
                        j.role,
                        j.classes.c1738,
                        j.classes.c2396,
                        j.classes.cfido,
                        j.classes.c3986,
                        j.classes.cwhatwg,
                        j.hints,
                        j.action
                    );
                    let old = seen.entry(TailKey::of(u, &actions)).or_insert(tail.clone());
                    assert_eq!(*old, tail, "{p:?} {x:?}");
                }
            }
        }
    }
}

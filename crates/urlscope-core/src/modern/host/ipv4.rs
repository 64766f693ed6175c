//! How the WHATWG IPv4 parser read each part of a host (WHATWG URL Standard §3.5 IPv4 parser).
//!
//! The address itself always comes from the `url` crate; this module only presents the
//! standard's reading of the text the parser saw (the host after percent-decoding and UTS #46
//! mapping): a part with `0x`/`0X` is hexadecimal, a part of two or more digits starting with
//! `0` is octal, any other is decimal, and the last part fills all the bytes that are left
//! (`127.1` is 127.0.0.1, `2130706433` is 127.0.0.1).

use serde::Serialize;

/// The number base a part was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Radix {
    /// `decimal`.
    Decimal,
    /// `octal`.
    Octal,
    /// `hex`.
    Hex,
}

impl Radix {
    /// The radix's name as output writes it.
    pub fn name(self) -> &'static str {
        match self {
            Radix::Decimal => "decimal",
            Radix::Octal => "octal",
            Radix::Hex => "hex",
        }
    }
}

/// One dot-separated part as written and as read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Part {
    /// The part as the IPv4 parser read it (after UTS #46 mapping).
    pub text: String,
    /// The part as typed, when that differs (`⑫7` for `127`, `%30x7f` for `0x7f`).
    pub typed: Option<String>,
    pub radix: Radix,
    /// The number read (`None` when it has no digits of its radix; then the host is no IPv4).
    pub value: Option<u64>,
    /// The address bytes it fills, 1-based (`[2, 4]` for the last part of `127.1`).
    pub bytes: [u8; 2],
}

impl Part {
    /// The number as people read it, or why there is none.
    pub fn value_label(&self) -> String {
        self.value
            .map_or_else(|| "not a number".to_string(), |v| v.to_string())
    }

    /// Which address bytes the part fills: `byte 1`, `bytes 2–4`.
    pub fn bytes_label(&self) -> String {
        let [a, z] = self.bytes;
        if a == z {
            format!("byte {a}")
        } else {
            format!("bytes {a}–{z}")
        }
    }
}

/// The reading of an IPv4 host.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ipv4Reading {
    /// The text the IPv4 parser read (after percent-decoding and UTS #46 mapping).
    pub text: String,
    pub parts: Vec<Part>,
    /// A part in hex or octal.
    pub non_decimal: bool,
    /// Fewer than four parts (`127.1`, `2130706433`).
    pub short_form: bool,
    /// A trailing dot was dropped (`127.0.0.1.`).
    pub trailing_dot: bool,
}

impl Ipv4Reading {
    /// The address these parts give, when every part is in range (tests compare it with the
    /// `url` crate's address).
    pub fn address(&self) -> Option<[u8; 4]> {
        let n = self.parts.len();
        if n == 0 || n > 4 {
            return None;
        }
        let mut v: u64 = 0;
        for (i, p) in self.parts.iter().enumerate() {
            let x = p.value?;
            if i + 1 < n {
                if x > 255 {
                    return None;
                }
                v |= x << (8 * (3 - i));
            } else {
                if x >= 1u64 << (8 * (5 - n)) {
                    return None;
                }
                v |= x;
            }
        }
        Some((v as u32).to_be_bytes())
    }
}

/// A part's radix and digits, as the WHATWG IPv4 number parser splits it.
fn radix_of(t: &str) -> (Radix, &str) {
    if let Some(d) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        (Radix::Hex, d)
    } else if t.len() >= 2 && t.starts_with('0') {
        (Radix::Octal, &t[1..])
    } else {
        (Radix::Decimal, t)
    }
}

fn value(radix: Radix, digits: &str) -> Option<u64> {
    if digits.is_empty() {
        // `0x` alone is zero in the standard.
        return (radix == Radix::Hex).then_some(0);
    }
    let r = match radix {
        Radix::Decimal => 10,
        Radix::Octal => 8,
        Radix::Hex => 16,
    };
    // Saturate: a huge part is simply out of range, never an overflow panic.
    let mut v: u64 = 0;
    for c in digits.chars() {
        let d = c.to_digit(r)? as u64;
        v = v.saturating_mul(r as u64).saturating_add(d);
    }
    Some(v)
}

/// The standard's reading of `text`, when the host parser would treat it as IPv4 (its last
/// part is a number: "ends in a number"). `None` for a domain.
pub(crate) fn read(text: &str) -> Option<Ipv4Reading> {
    let mut parts: Vec<&str> = text.split('.').collect();
    let trailing_dot = parts.len() > 1 && parts.last() == Some(&"");
    if trailing_dot {
        parts.pop();
    }
    let last = parts.last()?;
    let ends_in_number = (!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit())) || {
        let (r, d) = radix_of(last);
        r == Radix::Hex && value(r, d).is_some()
    };
    if !ends_in_number || parts.len() > 64 {
        return None;
    }
    let n = parts.len();
    let parts: Vec<Part> = parts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let (radix, digits) = radix_of(t);
            let first = i.min(3) as u8 + 1;
            let bytes = if i + 1 == n {
                [first, 4]
            } else {
                [first, first]
            };
            Part {
                text: t.to_string(),
                typed: None,
                radix,
                value: value(radix, digits),
                bytes,
            }
        })
        .collect();
    Some(Ipv4Reading {
        text: text.to_string(),
        non_decimal: parts.iter().any(|p| p.radix != Radix::Decimal),
        short_form: parts.len() < 4,
        trailing_dot,
        parts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let r = read("0x7f.1").unwrap();
        assert_eq!(r.parts[0].radix, Radix::Hex);
        assert_eq!(r.parts[0].value, Some(127));
        assert_eq!(r.parts[1].bytes, [2, 4]);
        assert!(r.short_form && r.non_decimal);
        assert_eq!(r.address(), Some([127, 0, 0, 1]));
        assert_eq!(read("2130706433").unwrap().address(), Some([127, 0, 0, 1]));
        assert_eq!(read("0177.0.0.1").unwrap().parts[0].radix, Radix::Octal);
        assert_eq!(read("0177.0.0.1").unwrap().address(), Some([127, 0, 0, 1]));
        assert!(read("127.0.0.1.").unwrap().trailing_dot);
        assert_eq!(read("example.com"), None);
        assert_eq!(read("1.2.3.4.5").unwrap().address(), None);
        assert_eq!(read("09.1").unwrap().parts[0].value, None);
        assert_eq!(read("0x.0x").unwrap().address(), Some([0, 0, 0, 0]));
        assert_eq!(read("1.256").unwrap().address(), Some([1, 0, 1, 0]));
        assert_eq!(read("256.1").unwrap().address(), None);
        assert_eq!(read("99999999999999999999999").unwrap().address(), None);
    }
}

//! When a cell "disagrees" with the WHATWG column. Only the WHATWG parser rewrites what it reads
//! (it lowercases, percent-encodes, drops default ports and dot segments), so a cell is compared
//! with it after undoing exactly those rewrites; what remains is a real difference in reading.
//!
//! | row | equal when | why |
//! |---|---|---|
//! | scheme, host | ASCII case aside | RFC 3986 §3.1 and §3.2.2: both are case-insensitive |
//! | port | same number, or the scheme's default written where WHATWG drops it | WHATWG URL Standard §4.4 port state |
//! | path | after `D` (SPEC §4.3) and with `%XX` decoded; empty = `/` under an authority | WHATWG removes dot segments and percent-encodes; RFC 3986 §6.2.3 |
//! | userinfo, query, fragment | with `%XX` decoded | WHATWG percent-encodes what the others leave raw (RFC 3986 §6.2.2.2) |
//! | effective host | exactly | each column's effective host is already what is connected to |
//!
//! A cell whose parser rejected the text is never marked (its column says so). When only WHATWG
//! rejected it, a parser that still reads a host is marked on the effective-host row: it would
//! connect where a browser refuses.

use super::columns::Read;
use super::{Row, Value};
use crate::url::octets;
use crate::url::remove_dot_segments;

fn decoded(s: &str) -> Vec<u8> {
    octets::units(s.as_bytes()).map(|u| u.value).collect()
}

fn port_number(s: &str) -> Option<u64> {
    let digits = s.trim_start_matches('0');
    if digits.is_empty() {
        return (!s.is_empty()).then_some(0);
    }
    if digits.len() > 6 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

pub fn differs(row: Row, v: &Value, w: &Value, whatwg: &Read) -> bool {
    match (v, w) {
        (Value::Rejected | Value::NotKept, _) => false,
        (_, Value::Rejected) => {
            row == Row::EffectiveHost && matches!(v, Value::Present(s) if !s.is_empty())
        }
        (Value::Present(a), Value::Present(b)) => !same(row, a, b),
        (Value::Present(a), Value::Absent) => match row {
            // An empty port is no port (RFC 3986 §6.2.3); the default port is dropped by WHATWG.
            Row::Port => {
                !(a.is_empty()
                    || port_number(a)
                        .is_some_and(|n| Some(n) == whatwg.default_port.map(u64::from)))
            }
            _ => true,
        },
        (Value::Absent, Value::Present(b)) => match row {
            // WHATWG serializes an empty special path as `/` (and an absent one never occurs).
            Row::Path => b != "/",
            _ => true,
        },
        _ => false,
    }
}

fn same(row: Row, a: &str, b: &str) -> bool {
    match row {
        Row::Scheme | Row::Host => a.eq_ignore_ascii_case(b),
        Row::EffectiveHost => a == b,
        Row::Port => match (port_number(a), b.parse::<u64>().ok()) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
        Row::Path => {
            if a.is_empty() && b == "/" {
                return true;
            }
            let d = if a.starts_with('/') {
                remove_dot_segments(a.as_bytes())
            } else {
                a.as_bytes().to_vec()
            };
            let d = String::from_utf8_lossy(&d);
            decoded(&d) == decoded(b)
        }
        Row::Userinfo | Row::Query | Row::Fragment => decoded(a) == decoded(b),
    }
}

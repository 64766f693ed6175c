//! When a cell "disagrees" with the WHATWG column. Only the WHATWG parser rewrites what it reads
//! (it lowercases, percent-encodes, drops default ports and dot segments), so a cell is compared
//! with it after undoing exactly those rewrites; what remains is a real difference in reading.
//!
//! | row | equal when | why |
//! |---|---|---|
//! | scheme, host | ASCII case aside | RFC 3986 §3.1 and §3.2.2: both are case-insensitive |
//! | port | same number, or the scheme's default written where WHATWG drops it | WHATWG URL Standard §4.4 port state |
//! | path | after `D` (RFC 1808 §4 step 6) and with `%XX` decoded; empty = `/` | WHATWG removes dot segments, percent-encodes and writes an empty special path as `/` (RFC 3986 §6.2.3) |
//! | userinfo, query, fragment | with `%XX` decoded | WHATWG percent-encodes what the others leave raw (RFC 3986 §6.2.2.2) |
//! | effective host | exactly | each column's effective host is already what is connected to |
//!
//! A cell whose parser rejected the text is never marked (its column says so). When only WHATWG
//! rejected it, a parser that still reads a host is marked on the effective-host row: it would
//! connect where a browser refuses.

use super::columns::Read;
use super::{Row, Value};
use crate::url::remove_dot_segments;
use crate::url::syntax::octets;

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

/// Whether `v` is marked against the WHATWG column's `w` (see the module docs).
pub(super) fn differs(row: Row, v: &Value, w: &Value, whatwg: &Read) -> bool {
    match (v, w) {
        (Value::Rejected | Value::NotKept, _) => false,
        (_, Value::Rejected) => {
            row == Row::EffectiveHost && matches!(v, Value::Present(s) if !s.is_empty())
        }
        _ => !agree(row, v, w, whatwg.default_port),
    }
}

/// Whether two parsers read the same thing for `row`, given the scheme's default port (which
/// the WHATWG parser drops). Symmetric; a rejected or unkept value agrees with anything (it is
/// not a reading).
pub fn agree(row: Row, a: &Value, b: &Value, default_port: Option<u16>) -> bool {
    match (a, b) {
        (Value::Present(x), Value::Present(y)) => same(row, x, y),
        (Value::Present(x), Value::Absent) | (Value::Absent, Value::Present(x)) => {
            // An empty port is no port (RFC 3986 §6.2.3); WHATWG drops the default port.
            row == Row::Port
                && (x.is_empty()
                    || port_number(x).is_some_and(|n| Some(n) == default_port.map(u64::from)))
        }
        _ => true,
    }
}

fn path_key(p: &str) -> Vec<u8> {
    if p.is_empty() {
        return b"/".to_vec();
    }
    let d = if p.starts_with('/') {
        remove_dot_segments(p.as_bytes())
    } else {
        p.as_bytes().to_vec()
    };
    octets::units(&d).map(|u| u.value).collect()
}

fn same(row: Row, a: &str, b: &str) -> bool {
    match row {
        Row::Scheme | Row::Host => a.eq_ignore_ascii_case(b),
        Row::EffectiveHost => a == b,
        Row::Port => match (port_number(a), port_number(b)) {
            (Some(x), Some(y)) => x == y,
            _ => a == b,
        },
        Row::Path => path_key(a) == path_key(b),
        Row::Userinfo | Row::Query | Row::Fragment => decoded(a) == decoded(b),
    }
}

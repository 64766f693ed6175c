//! `urlscope set [OPTIONS] [URL…]`: change components, trurl-style, through the edit core
//! (`urlscope_core::modern`), record by record. The operations run in a fixed order: every
//! `--set` in the order given, then `--remove`, `--strip-tracking`, `--replace`, every
//! `--append` in order, `--sort-query`; then `-p PROFILE` normalizes the result.

use std::ffi::OsString;

use super::args::SetArgs;
use super::batch::{self, Answer};
use super::out::Out;
use super::records::Framing;
use super::{Fail, Result, bytes};
use urlscope_core::modern;
use urlscope_core::modern::{EditRules, Edited, Encode, SetError, Target};
use urlscope_core::url::Normalizer;
use urlscope_core::{Options, Profile};

/// One parsed operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// `--set C=V` (encoded) or `--set C:=V` (as written); an empty `C=` removes C.
    Set(Target, Encode, Vec<u8>),
    Clear(Target),
    /// `--set C?=V`: set (encoded) only when the URL has no C (trurl's grammar).
    SetIfAbsent(Target, Vec<u8>),
    AppendSegment(Vec<u8>),
    AppendPair(Vec<u8>, Option<Vec<u8>>),
    Remove(Vec<u8>),
    /// `--replace NAME[=VALUE]`: the first pair NAME gets VALUE, the other NAME pairs go; with
    /// `true`, the pair is added when there is none (trurl's `--replace-append`).
    Replace(Vec<u8>, Option<Vec<u8>>, bool),
    StripTracking,
    /// Drop empty query pairs beside real ones (trurl reads a query so).
    CompactQuery,
    SortQuery,
}

fn split_eq(arg: &[u8]) -> Option<(&[u8], &[u8])> {
    let i = arg.iter().position(|&b| b == b'=')?;
    Some((&arg[..i], &arg[i + 1..]))
}

fn utf8_name(n: &[u8]) -> String {
    String::from_utf8_lossy(n).into_owned()
}

/// `COMPONENT=VALUE`, `COMPONENT:=VALUE` or `COMPONENT?=VALUE`.
pub fn parse_set(arg: &[u8]) -> std::result::Result<Op, String> {
    let (name, value) = split_eq(arg)
        .ok_or_else(|| format!("--set '{}': expected COMPONENT=VALUE", utf8_name(arg)))?;
    let if_absent = name.ends_with(b"?");
    let name = name.strip_suffix(b"?").unwrap_or(name);
    let (name, mode) = match name.strip_suffix(b":") {
        Some(n) => (n, Encode::AsWritten),
        None => (name, Encode::Encoded),
    };
    let n = utf8_name(name);
    let t = Target::from_name(&n).ok_or_else(|| {
        let known: Vec<&str> = Target::COMPONENTS.iter().map(|(n, _)| *n).collect();
        format!(
            "--set: unknown component '{n}' (one of: {})",
            known.join(", ")
        )
    })?;
    Ok(if if_absent {
        Op::SetIfAbsent(t, value.to_vec())
    } else if value.is_empty() && mode == Encode::Encoded {
        Op::Clear(t)
    } else {
        Op::Set(t, mode, value.to_vec())
    })
}

/// `path=SEGMENT`, `query=NAME=VALUE` or `query=NAME`.
pub fn parse_append(arg: &[u8]) -> std::result::Result<Op, String> {
    match split_eq(arg) {
        Some((b"path", seg)) => Ok(Op::AppendSegment(seg.to_vec())),
        Some((b"query", pair)) => Ok(match split_eq(pair) {
            Some((k, v)) => Op::AppendPair(k.to_vec(), Some(v.to_vec())),
            None => Op::AppendPair(pair.to_vec(), None),
        }),
        _ => Err(format!(
            "--append '{}': expected path=SEGMENT or query=NAME[=VALUE]",
            utf8_name(arg)
        )),
    }
}

/// `query=PATTERN`.
pub fn parse_remove(arg: &[u8]) -> std::result::Result<Op, String> {
    match split_eq(arg) {
        Some((b"query", pat)) => Ok(Op::Remove(pat.to_vec())),
        _ => Err(format!(
            "--remove '{}': expected query=NAME (a glob)",
            utf8_name(arg)
        )),
    }
}

/// `NAME=VALUE` or `NAME` (trurl's `--replace`).
pub fn parse_replace(arg: &[u8], append: bool) -> std::result::Result<Op, String> {
    if arg.is_empty() {
        return Err("--replace: no query pair given (NAME=VALUE or NAME)".into());
    }
    Ok(match split_eq(arg) {
        Some((k, v)) => Op::Replace(k.to_vec(), Some(v.to_vec()), append),
        None => Op::Replace(arg.to_vec(), None, append),
    })
}

/// The operations of `a`, in the order they run.
pub fn ops(a: &SetArgs) -> std::result::Result<Vec<Op>, String> {
    let each = |v: &[OsString], f: fn(&[u8]) -> std::result::Result<Op, String>| {
        v.iter()
            .map(|s| f(bytes(s)))
            .collect::<std::result::Result<Vec<_>, _>>()
    };
    let mut out = each(&a.set, parse_set)?;
    out.extend(each(&a.remove, parse_remove)?);
    if a.strip_tracking {
        out.push(Op::StripTracking);
    }
    for r in &a.replace {
        out.push(parse_replace(bytes(r), false)?);
    }
    out.extend(each(&a.append, parse_append)?);
    if a.sort_query {
        out.push(Op::SortQuery);
    }
    Ok(out)
}

/// Apply one operation; the target it wrote (for messages) with the result.
fn apply(x: &[u8], op: &Op, rules: EditRules) -> (Target, std::result::Result<Edited, SetError>) {
    match op {
        Op::Set(t, m, v) => (*t, modern::set_component(x, *t, v, *m, rules)),
        Op::Clear(t) => (*t, modern::clear_component(x, *t, rules)),
        Op::SetIfAbsent(t, v) => {
            if present(x, *t) {
                (
                    *t,
                    Ok(Edited {
                        url: x.to_vec(),
                        encoded: Vec::new(),
                        rules,
                    }),
                )
            } else {
                (*t, modern::set_component(x, *t, v, Encode::Encoded, rules))
            }
        }
        Op::AppendSegment(s) => (
            Target::Segment,
            modern::append_segment(x, s, Encode::Encoded, rules),
        ),
        Op::AppendPair(k, v) => (
            Target::QueryValue,
            modern::append_pair(x, k, v.as_deref(), Encode::Encoded, rules),
        ),
        Op::Remove(p) => (
            Target::Query,
            modern::remove_pairs(x, p, rules).map(|e| e.0),
        ),
        Op::Replace(k, v, append) => (
            Target::QueryValue,
            modern::replace_pair(x, k, v.as_deref(), *append, Encode::Encoded, rules),
        ),
        Op::StripTracking => {
            let list = crate::config::current().tracking_list();
            let stripped = modern::strip_tracking_by(x, rules, &list);
            (Target::Query, stripped.map(|e| e.0))
        }
        Op::CompactQuery => (Target::Query, modern::compact_pairs(x, rules)),
        Op::SortQuery => (Target::Query, modern::sort_pairs(x, rules)),
    }
}

/// Whether the URL as written has component `t` (a non-empty one for host and port).
fn present(x: &[u8], t: Target) -> bool {
    let p = urlscope_core::tokenize(x);
    let r = match t {
        Target::Scheme => p.scheme,
        Target::User => p.user,
        Target::Password => p.password,
        Target::Host | Target::HostPort => p.host.filter(|r| !r.is_empty()),
        Target::Port => p.port.filter(|r| !r.is_empty()),
        Target::Path => Some(p.path).filter(|r| !r.is_empty()),
        Target::Params => p.params,
        Target::Query => p.query,
        Target::Fragment => p.fragment,
        Target::Href => Some(0..x.len()).filter(|r| !r.is_empty()),
        Target::Segment | Target::QueryName | Target::QueryValue => None,
    };
    r.is_some()
}

/// Run every operation on one record; the result, or the first error (the record is then
/// written unchanged).
pub fn edit_record(
    x: &[u8],
    ops: &[Op],
    rules: EditRules,
    notes: &mut Vec<String>,
) -> std::result::Result<Vec<u8>, SetError> {
    let mut cur = x.to_vec();
    for op in ops {
        let (t, r) = apply(&cur, op, rules);
        let e = r?;
        if e.structural().next().is_some()
            && let Some(s) = e.summary(t)
        {
            notes.push(s);
        }
        cur = e.url;
    }
    Ok(cur)
}

pub fn run(a: SetArgs) -> Result<i32> {
    let ops = ops(&a).map_err(Fail::Usage)?;
    let rules = a.rules;
    let framing = if a.null { Framing::Nul } else { Framing::Lines };
    let mut norm =
        (a.profile != Profile::None).then(|| Normalizer::new(a.profile, Options::default()));
    let mut notes = Vec::new();
    let show = Out::stdout(a.hyperlink);
    let failed = batch::run(&a.urls, framing, |n, x, out| {
        let at = out.len();
        let answer = match edit_record(x, &ops, rules, &mut notes) {
            Ok(u) => {
                for s in notes.drain(..) {
                    batch::say_record(n, &s);
                }
                match &mut norm {
                    Some(nz) => {
                        nz.normalize_into(&u, out);
                    }
                    None => out.extend_from_slice(&u),
                }
                Answer::Done
            }
            Err(e) => {
                notes.clear();
                batch::say_record(n, &format!("{e}; the URL is unchanged"));
                out.extend_from_slice(x);
                Answer::Failed
            }
        };
        show.link_in_place(out, at);
        answer
    })?;
    Ok(if failed { 2 } else { 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argument_grammar() {
        assert_eq!(
            parse_set(b"query=a=b"),
            Ok(Op::Set(Target::Query, Encode::Encoded, b"a=b".to_vec()))
        );
        assert_eq!(
            parse_set(b"query:=a=b"),
            Ok(Op::Set(Target::Query, Encode::AsWritten, b"a=b".to_vec()))
        );
        assert_eq!(parse_set(b"port="), Ok(Op::Clear(Target::Port)));
        assert!(parse_set(b"zoneid=1").unwrap_err().contains("'zoneid'"));
        assert_eq!(
            parse_append(b"query=k"),
            Ok(Op::AppendPair(b"k".to_vec(), None))
        );
        assert!(parse_remove(b"path=x").is_err());
    }

    #[test]
    fn a_bad_value_leaves_the_record_alone() {
        let ops = vec![Op::Set(Target::Port, Encode::Encoded, b"x".to_vec())];
        let mut notes = Vec::new();
        assert_eq!(
            edit_record(b"http://h/", &ops, EditRules::Rfc3986, &mut notes),
            Err(SetError::Port("x".into()))
        );
    }
}

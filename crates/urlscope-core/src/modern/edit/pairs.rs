//! Query-pair and path-segment operations: add, delete, move, sort, remove by name pattern,
//! strip tracking parameters. The pairs are the query table's (docs/lenses.md, "The query table"); a changed
//! query is rebuilt from the kept pairs' octets joined by `&` (empty pairs dropped, as trurl
//! does), and no pair's octets change unless it is the one written.

use super::encode::{self, Encode};
use super::{EditRules, Edited, SetError, Target, glob, splice};
use crate::modern::query::{self, QueryTable, TrackingList};
use crate::url::Parsed;
use crate::url::syntax::parser_text::parser_text;
use crate::url::syntax::tokenize::{Detail, tokenize_into};

/// The component ranges of `x` (no spans: what the batch path needs, at a fraction of the
/// cost).
fn structure(x: &[u8]) -> Parsed {
    let mut p = Parsed::default();
    tokenize_into(&mut p, x, true, Detail::Structure);
    p
}

/// The query table of `x`, from its structure only.
fn table(x: &[u8]) -> QueryTable {
    query::table_of(x, &structure(x))
}

/// Put `q` as the query of `x` (`None`: no query, no `?`).
fn put_query(x: &[u8], q: Option<&[u8]>, rules: EditRules) -> Result<Vec<u8>, SetError> {
    if rules == EditRules::Whatwg {
        let mut u = url::Url::parse(&parser_text(x).text)
            .map_err(|e| SetError::Unparsable(e.to_string()))?;
        let text = q.map(|q| parser_text(q).text.into_owned());
        u.set_query(text.as_deref());
        return Ok(u.as_str().as_bytes().to_vec());
    }
    let p = structure(x);
    let (range, with): (std::ops::Range<usize>, Vec<u8>) = match (&p.query, q) {
        (Some(r), Some(q)) => (r.clone(), q.to_vec()),
        (Some(r), None) => (p.query_mark.unwrap_or(r.start)..r.end, Vec::new()),
        (None, Some(q)) => {
            let at = p.fragment_mark.unwrap_or(p.body.end);
            (at..at, [b"?", q].concat())
        }
        (None, None) => return Ok(x.to_vec()),
    };
    Ok(splice::replace(x, range, &with))
}

/// The query made of `pairs` (each a pair's raw octets).
fn joined<'a>(pairs: impl Iterator<Item = &'a [u8]>) -> Vec<u8> {
    let mut q = Vec::new();
    for (i, p) in pairs.enumerate() {
        if i > 0 {
            q.push(b'&');
        }
        q.extend_from_slice(p);
    }
    q
}

fn rebuilt(
    x: &[u8],
    t: &QueryTable,
    order: &[usize],
    rules: EditRules,
) -> Result<Vec<u8>, SetError> {
    if order.is_empty() {
        return put_query(x, None, rules);
    }
    let q = joined(order.iter().map(|&i| &x[t.pairs[i].range.clone()]));
    put_query(x, Some(&q), rules)
}

fn unchanged(url: Vec<u8>, rules: EditRules) -> Edited {
    Edited {
        url,
        encoded: Vec::new(),
        rules,
    }
}

/// A pair written for the query: the name and value encoded as query name and value.
pub(crate) fn written_pair(
    name: &[u8],
    value: Option<&[u8]>,
    mode: Encode,
    rules: EditRules,
) -> (Vec<u8>, Vec<(u8, encode::Reason)>) {
    let n = encode::write(name, Target::QueryName, mode, rules);
    let mut out = n.octets;
    let mut encoded = n.encoded;
    if let Some(v) = value {
        let w = encode::write(v, Target::QueryValue, mode, rules);
        out.push(b'=');
        out.extend_from_slice(&w.octets);
        for e in w.encoded {
            if !encoded.iter().any(|(b, _)| *b == e.0) {
                encoded.push(e);
            }
        }
    }
    (out, encoded)
}

/// Add `name=value` (or `name` alone) at the end of the query.
pub fn append_pair(
    x: &[u8],
    name: &[u8],
    value: Option<&[u8]>,
    mode: Encode,
    rules: EditRules,
) -> Result<Edited, SetError> {
    let t = table(x);
    let (pair, encoded) = written_pair(name, value, mode, rules);
    let q = joined(
        t.pairs
            .iter()
            .map(|p| &x[p.range.clone()])
            .chain([&pair[..]]),
    );
    Ok(Edited {
        url: put_query(x, Some(&q), rules)?,
        encoded,
        rules,
    })
}

/// Replace pair `index`'s name (`Target::QueryName`) or value (`Target::QueryValue`).
pub fn set_pair_part(
    x: &[u8],
    index: usize,
    part: Target,
    text: &[u8],
    mode: Encode,
    rules: EditRules,
) -> Result<Edited, SetError> {
    let t = table(x);
    let p = t
        .pairs
        .get(index)
        .ok_or(SetError::NoPlace(part, "no such query pair"))?;
    let name = &x[p.key.clone()];
    let value = p.value.clone().map(|v| &x[v]);
    let w = encode::write(text, part, mode, rules);
    let mut pair = Vec::new();
    match part {
        Target::QueryName => {
            pair.extend_from_slice(&w.octets);
            if let Some(v) = value {
                pair.push(b'=');
                pair.extend_from_slice(v);
            }
        }
        _ => {
            pair.extend_from_slice(name);
            pair.push(b'=');
            pair.extend_from_slice(&w.octets);
        }
    }
    let q = joined(t.pairs.iter().enumerate().map(|(i, p)| {
        if i == index {
            &pair[..]
        } else {
            &x[p.range.clone()]
        }
    }));
    Ok(Edited {
        url: put_query(x, Some(&q), rules)?,
        encoded: w.encoded,
        rules,
    })
}

/// Delete pair `index`.
pub fn delete_pair(x: &[u8], index: usize, rules: EditRules) -> Result<Edited, SetError> {
    let t = table(x);
    if index >= t.pairs.len() {
        return Err(SetError::NoPlace(Target::Query, "no such query pair"));
    }
    let order: Vec<usize> = (0..t.pairs.len()).filter(|&i| i != index).collect();
    Ok(unchanged(rebuilt(x, &t, &order, rules)?, rules))
}

/// Move pair `from` to position `to`.
pub fn move_pair(x: &[u8], from: usize, to: usize, rules: EditRules) -> Result<Edited, SetError> {
    let t = table(x);
    let n = t.pairs.len();
    if from >= n || to >= n {
        return Err(SetError::NoPlace(Target::Query, "no such query pair"));
    }
    let mut order: Vec<usize> = (0..n).collect();
    let i = order.remove(from);
    order.insert(to, i);
    Ok(unchanged(rebuilt(x, &t, &order, rules)?, rules))
}

/// Sort the pairs by decoded name (then by their octets), stably. A URL without a query, or
/// whose query is already sorted and has no empty pairs, comes back unchanged.
pub fn sort_pairs(x: &[u8], rules: EditRules) -> Result<Edited, SetError> {
    let t = table(x);
    if t.query.is_none() {
        return Ok(unchanged(x.to_vec(), rules));
    }
    let mut order: Vec<usize> = (0..t.pairs.len()).collect();
    order.sort_by(|&a, &b| {
        let (pa, pb) = (&t.pairs[a], &t.pairs[b]);
        pa.key_decoded
            .cmp(&pb.key_decoded)
            .then_with(|| x[pa.range.clone()].cmp(&x[pb.range.clone()]))
    });
    let q_len = t.query.as_ref().map_or(0, |r| r.len());
    let pairs_len: usize =
        t.pairs.iter().map(|p| p.range.len()).sum::<usize>() + t.pairs.len().saturating_sub(1);
    let in_order = order.iter().enumerate().all(|(i, &o)| i == o);
    if in_order && pairs_len == q_len && rules != EditRules::Whatwg {
        return Ok(unchanged(x.to_vec(), rules));
    }
    Ok(unchanged(rebuilt(x, &t, &order, rules)?, rules))
}

/// Remove every pair whose decoded name matches `pattern` (`glob`); also returns how many.
pub fn remove_pairs(
    x: &[u8],
    pattern: &[u8],
    rules: EditRules,
) -> Result<(Edited, usize), SetError> {
    let t = table(x);
    let order: Vec<usize> = (0..t.pairs.len())
        .filter(|&i| !glob::matches(pattern, &t.pairs[i].key_decoded))
        .collect();
    let removed = t.pairs.len() - order.len();
    if removed == 0 {
        return Ok((unchanged(x.to_vec(), rules), 0));
    }
    Ok((unchanged(rebuilt(x, &t, &order, rules)?, rules), removed))
}

/// Give the first pair named `name` (decoded) the value `value` (`None`: the name alone) and
/// drop the other pairs of that name — trurl's `--replace`. When no pair has the name, the URL
/// is unchanged, or with `append` the pair is added at the end.
pub fn replace_pair(
    x: &[u8],
    name: &[u8],
    value: Option<&[u8]>,
    append: bool,
    mode: Encode,
    rules: EditRules,
) -> Result<Edited, SetError> {
    let t = table(x);
    let Some(first) = t.pairs.iter().position(|p| p.key_decoded == name) else {
        return if append {
            append_pair(x, name, value, mode, rules)
        } else {
            Ok(unchanged(x.to_vec(), rules))
        };
    };
    let (pair, encoded) = written_pair(name, value, mode, rules);
    let kept = t.pairs.iter().enumerate().filter_map(|(i, p)| {
        if i == first {
            Some(&pair[..])
        } else if p.key_decoded == name {
            None
        } else {
            Some(&x[p.range.clone()])
        }
    });
    let q = joined(kept);
    Ok(Edited {
        url: put_query(x, Some(&q), rules)?,
        encoded,
        rules,
    })
}

/// Drop the empty pairs (`a&&b&` → `a&b`) when the query has a pair that is not empty, as
/// trurl does when it reads a query; a query of nothing but `&` is left as it is.
pub fn compact_pairs(x: &[u8], rules: EditRules) -> Result<Edited, SetError> {
    let t = table(x);
    let q_len = t.query.as_ref().map_or(0, |r| r.len());
    let pairs_len: usize =
        t.pairs.iter().map(|p| p.range.len()).sum::<usize>() + t.pairs.len().saturating_sub(1);
    if t.pairs.is_empty() || pairs_len == q_len {
        return Ok(unchanged(x.to_vec(), rules));
    }
    let order: Vec<usize> = (0..t.pairs.len()).collect();
    Ok(unchanged(rebuilt(x, &t, &order, rules)?, rules))
}

/// Remove the query table's tracking parameters; also returns how many.
#[cfg(test)]
pub(crate) fn strip_tracking(x: &[u8], rules: EditRules) -> Result<(Edited, usize), SetError> {
    strip_tracking_by(x, rules, &TrackingList::default())
}

/// Remove the query pairs `list` names as tracking parameters; also returns how many.
pub fn strip_tracking_by(
    x: &[u8],
    rules: EditRules,
    list: &TrackingList,
) -> Result<(Edited, usize), SetError> {
    let mut t = table(x);
    list.flag(&mut t);
    let order: Vec<usize> = (0..t.pairs.len())
        .filter(|&i| !t.pairs[i].tracking)
        .collect();
    let removed = t.pairs.len() - order.len();
    if removed == 0 {
        return Ok((unchanged(x.to_vec(), rules), 0));
    }
    Ok((unchanged(rebuilt(x, &t, &order, rules)?, rules), removed))
}

/// The path's segments: ranges of the text between `/`s (the first starts after a leading `/`).
fn segments(x: &[u8]) -> (std::ops::Range<usize>, Vec<std::ops::Range<usize>>) {
    let p = structure(x);
    let path = p.path.start..p.params.as_ref().map_or(p.path.end, |r| r.end);
    let start = if x.get(path.start) == Some(&b'/') {
        path.start + 1
    } else {
        path.start
    };
    let mut segs = Vec::new();
    if start <= path.end && !path.is_empty() {
        let mut from = start;
        for (i, &b) in x[start..path.end].iter().enumerate() {
            if b == b'/' {
                segs.push(from..start + i);
                from = start + i + 1;
            }
        }
        segs.push(from..path.end);
    }
    (path, segs)
}

fn put_path(x: &[u8], path: &[u8], rules: EditRules) -> Result<Vec<u8>, SetError> {
    super::set_component(x, Target::Path, path, Encode::AsWritten, rules).map(|e| e.url)
}

/// Add a segment at the end of the path (after its last `/`, or after a new one).
pub fn append_segment(
    x: &[u8],
    segment: &[u8],
    mode: Encode,
    rules: EditRules,
) -> Result<Edited, SetError> {
    let w = encode::write(segment, Target::Segment, mode, rules);
    let (path, _) = segments(x);
    let mut new = x[path.clone()].to_vec();
    if new.last() != Some(&b'/') {
        new.push(b'/');
    }
    new.extend_from_slice(&w.octets);
    Ok(Edited {
        url: put_path(x, &new, rules)?,
        encoded: w.encoded,
        rules,
    })
}

/// Insert `segment` as segment `index` (the ones from there move one on); at or past the end
/// it is appended ([`append_segment`]). The inspector's `n` adds after the selected segment.
pub fn insert_segment(
    x: &[u8],
    index: usize,
    segment: &[u8],
    mode: Encode,
    rules: EditRules,
) -> Result<Edited, SetError> {
    let (path, segs) = segments(x);
    let Some(r) = segs.get(index).cloned() else {
        return append_segment(x, segment, mode, rules);
    };
    let w = encode::write(segment, Target::Segment, mode, rules);
    let mut new = x[path.start..r.start].to_vec();
    new.extend_from_slice(&w.octets);
    new.push(b'/');
    new.extend_from_slice(&x[r.start..path.end]);
    Ok(Edited {
        url: put_path(x, &new, rules)?,
        encoded: w.encoded,
        rules,
    })
}

/// Replace segment `index` with `segment` written as a segment.
pub fn set_segment(
    x: &[u8],
    index: usize,
    segment: &[u8],
    mode: Encode,
    rules: EditRules,
) -> Result<Edited, SetError> {
    let (path, segs) = segments(x);
    let r = segs
        .get(index)
        .cloned()
        .ok_or(SetError::NoPlace(Target::Segment, "no such path segment"))?;
    let w = encode::write(segment, Target::Segment, mode, rules);
    let mut new = x[path.start..r.start].to_vec();
    new.extend_from_slice(&w.octets);
    new.extend_from_slice(&x[r.end..path.end]);
    Ok(Edited {
        url: put_path(x, &new, rules)?,
        encoded: w.encoded,
        rules,
    })
}

/// Delete segment `index` and one `/` next to it.
pub fn delete_segment(x: &[u8], index: usize, rules: EditRules) -> Result<Edited, SetError> {
    let (path, segs) = segments(x);
    let r = segs
        .get(index)
        .cloned()
        .ok_or(SetError::NoPlace(Target::Segment, "no such path segment"))?;
    let cut = if r.start > path.start {
        r.start - 1..r.end
    } else {
        r.start..(r.end + 1).min(path.end)
    };
    let mut new = x[path.start..cut.start].to_vec();
    new.extend_from_slice(&x[cut.end..path.end]);
    Ok(unchanged(put_path(x, &new, rules)?, rules))
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: EditRules = EditRules::Rfc3986;

    fn s(e: Result<Edited, SetError>) -> String {
        String::from_utf8(e.unwrap().url).unwrap()
    }

    #[test]
    fn query_operations() {
        let x = b"http://h/?b=2&&a=1&utm_source=x#f";
        assert_eq!(s(sort_pairs(x, R)), "http://h/?a=1&b=2&utm_source=x#f");
        assert_eq!(s(strip_tracking(x, R).map(|e| e.0)), "http://h/?b=2&a=1#f");
        let mine = TrackingList {
            replace: true,
            names: vec!["b".into(), "a*".into()],
        };
        let extended = TrackingList {
            replace: false,
            names: vec!["b".into()],
        };
        assert_eq!(
            s(strip_tracking_by(x, R, &mine).map(|e| e.0)),
            "http://h/?utm_source=x#f"
        );
        assert_eq!(
            s(strip_tracking_by(x, R, &extended).map(|e| e.0)),
            "http://h/?a=1#f"
        );
        assert_eq!(s(remove_pairs(x, b"*", R).map(|e| e.0)), "http://h/#f");
        assert_eq!(s(move_pair(x, 2, 0, R)), "http://h/?utm_source=x&b=2&a=1#f");
        assert_eq!(s(delete_pair(x, 0, R)), "http://h/?a=1&utm_source=x#f");
        assert_eq!(
            s(append_pair(
                b"http://h/",
                b"k",
                Some(b"a&b=c d"),
                Encode::Encoded,
                R
            )),
            "http://h/?k=a%26b%3Dc%20d"
        );
        assert_eq!(
            s(set_pair_part(
                x,
                1,
                Target::QueryValue,
                b"#",
                Encode::Encoded,
                R
            )),
            "http://h/?b=2&a=%23&utm_source=x#f"
        );
        assert_eq!(
            s(set_pair_part(
                x,
                1,
                Target::QueryName,
                b"z",
                Encode::Encoded,
                R
            )),
            "http://h/?b=2&z=1&utm_source=x#f"
        );
    }

    #[test]
    fn replace_keeps_the_first_place_and_drops_the_rest() {
        let x = b"http://h/?a=1&b=2&c&b=3#f";
        let e = Encode::Encoded;
        assert_eq!(
            s(replace_pair(x, b"b", Some(b"x y"), false, e, R)),
            "http://h/?a=1&b=x%20y&c#f"
        );
        assert_eq!(
            s(replace_pair(x, b"c", Some(b"4"), false, e, R)),
            "http://h/?a=1&b=2&c=4&b=3#f"
        );
        assert_eq!(
            s(replace_pair(x, b"a", None, false, e, R)),
            "http://h/?a&b=2&c&b=3#f"
        );
        assert_eq!(
            s(replace_pair(x, b"z", Some(b"9"), false, e, R)),
            String::from_utf8(x.to_vec()).unwrap()
        );
        assert_eq!(
            s(replace_pair(x, b"z", Some(b"9"), true, e, R)),
            "http://h/?a=1&b=2&c&b=3&z=9#f"
        );
    }

    #[test]
    fn compacting_drops_empty_pairs_only_beside_real_ones() {
        assert_eq!(
            s(compact_pairs(b"http://e/?e&&&a&#f", R)),
            "http://e/?e&a#f"
        );
        assert_eq!(s(compact_pairs(b"http://e/?&&&", R)), "http://e/?&&&");
        assert_eq!(s(compact_pairs(b"http://e/?a&b", R)), "http://e/?a&b");
    }

    #[test]
    fn path_operations() {
        assert_eq!(
            s(append_segment(b"http://h", b"a/b", Encode::Encoded, R)),
            "http://h/a%2Fb"
        );
        assert_eq!(
            s(append_segment(b"http://h/x/", b"y", Encode::Encoded, R)),
            "http://h/x/y"
        );
        assert_eq!(
            s(append_segment(b"http://h/x?q", b"y", Encode::Encoded, R)),
            "http://h/x/y?q"
        );
        assert_eq!(s(delete_segment(b"http://h/a/b/c", 1, R)), "http://h/a/c");
        assert_eq!(s(delete_segment(b"http://h/a/b/c", 0, R)), "http://h/b/c");
        assert_eq!(
            s(set_segment(
                b"http://h/a/b/c",
                2,
                b"d e",
                Encode::Encoded,
                R
            )),
            "http://h/a/b/d%20e"
        );
        assert!(delete_segment(b"http://h/a", 5, R).is_err());
        assert_eq!(
            s(insert_segment(
                b"http://h/a/c",
                1,
                b"b/",
                Encode::Encoded,
                R
            )),
            "http://h/a/b%2F/c"
        );
        assert_eq!(
            s(insert_segment(b"http://h/a", 1, b"z", Encode::Encoded, R)),
            "http://h/a/z"
        );
    }

    #[test]
    fn whatwg_rules_go_through_the_url_crate() {
        let w = EditRules::Whatwg;
        assert_eq!(
            s(append_segment(b"http://h", b"y z", Encode::Encoded, w)),
            "http://h/y%20z"
        );
        assert_eq!(s(sort_pairs(b"HTTP://h?b&a", w)), "http://h/?a&b");
    }
}

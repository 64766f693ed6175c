//! Dot-segment removal `D(path)`: RFC 1808 §4 step 6, steps 8–11 of the URL编码 tutorial (docs/rules.md, "Resolution").

use crate::url::resolve::rule::ResolveRule;

/// `D(path)`.
pub fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    apply(path, None)
}

/// `D(path)` and the path after each of the four rules (6a–6d, in order), for the resolve view.
pub(crate) fn remove_dot_segments_traced(path: &[u8]) -> (Vec<u8>, Vec<(ResolveRule, Vec<u8>)>) {
    let mut trace = Vec::with_capacity(4);
    let out = apply(path, Some(&mut trace));
    (out, trace)
}

/// The four rules over one list of segments, rewritten in place (a 1 MiB path has hundreds of
/// thousands); the path after each rule is joined only when `trace` asks for it.
fn apply(path: &[u8], mut trace: Option<&mut Vec<(ResolveRule, Vec<u8>)>>) -> Vec<u8> {
    let lead = path.first() == Some(&b'/');
    let q = if lead { &path[1..] } else { path };
    let mut segs: Vec<&[u8]> = q.split(|&b| b == b'/').collect();
    let join = |segs: &[&[u8]]| {
        let mut out = Vec::with_capacity(path.len());
        if lead {
            out.push(b'/');
        }
        for (i, s) in segs.iter().enumerate() {
            if i > 0 {
                out.push(b'/');
            }
            out.extend_from_slice(s);
        }
        out
    };
    let mut record = |rule: ResolveRule, segs: &[&[u8]]| {
        if let Some(t) = trace.as_mut() {
            t.push((rule, join(segs)));
        }
    };

    // 6a: every complete "." segment followed by "/".
    let k = segs.len() - 1;
    let mut kept = 0;
    for i in 0..segs.len() {
        let s = segs[i];
        if !(i < k && s == b".") {
            segs[kept] = s;
            kept += 1;
        }
    }
    segs.truncate(kept);
    record(ResolveRule::DotSlash, &segs);

    // 6b: a final "." becomes the empty segment.
    if let Some(last) = segs.last_mut()
        && *last == b"."
    {
        *last = b"";
    }
    record(ResolveRule::TrailingDot, &segs);

    // 6c: repeatedly remove the leftmost "<segment>/../" (the ".." must not be the last segment).
    // A stack gives the same result in linear time: a segment followed by ".." cancels it unless
    // it is itself "..", and the leftmost match is always the nearest pending segment. The stack
    // is the front of `segs` (it never grows past the segment being read).
    let last = segs.len() - 1;
    let mut top = 0;
    for i in 0..segs.len() {
        let s = segs[i];
        if i < last && s == b".." && top > 0 && segs[top - 1] != b".." {
            top -= 1;
        } else {
            segs[top] = s;
            top += 1;
        }
    }
    segs.truncate(top);
    record(ResolveRule::SegmentDotdot, &segs);

    // 6d: "<segment>/.." at the end goes up one level.
    let n = segs.len();
    if n >= 2 && segs[n - 1] == b".." && segs[n - 2] != b".." {
        segs.truncate(n - 2);
        segs.push(b"");
    }
    let out = join(&segs);
    if let Some(t) = trace {
        t.push((ResolveRule::TrailingDotdot, out.clone()));
    }
    out
}

/// Does `path` have a complete `.` or `..` segment (PDF P7's trigger)?
pub(crate) fn has_dot_segment(path: &[u8]) -> bool {
    let q = path.strip_prefix(b"/").unwrap_or(path);
    q.split(|&b| b == b'/').any(|s| s == b"." || s == b"..")
}
